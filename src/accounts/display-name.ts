// Display names: what revisions and links show as their author, so they are unique, never derived from the
// email, and cannot pass for a name the system writes itself (the importer's "import").
import { TEXT_FORMATS } from '../text/text-formats.ts'

export const DISPLAY_NAME_MAX_LENGTH = 40

/** Names that Hortus writes as an author or that would look official. Compared by displayNameKey. */
const RESERVED = [
  'import',
  'importer',
  'hortus',
  'system',
  'admin',
  'administrator',
  'operator',
  'root',
  'moderator',
  'staff',
  'support',
  'anonymous',
  'unknown',
  'deleted',
]

/**
 * The name folded for comparison: compatibility forms, case, diacritics, spaces, punctuation and symbols do
 * not make two names different ("Anna B." and "anna-b", "Ｉｍｐｏｒｔ" and "import" are one name).
 */
export function displayNameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}\p{C}\p{Z}]+/gu, '')
}

/** What is wrong with a display name, or null when it is fine. */
export function displayNameProblem(name: string): string | null {
  if (name.length > DISPLAY_NAME_MAX_LENGTH) return `at most ${DISPLAY_NAME_MAX_LENGTH} characters`
  // No controls, and no invisible format characters (zero-width joiners, direction marks) either.
  if (!TEXT_FORMATS['single-line'](name) || /\p{Cf}/u.test(name))
    return 'letters, digits, spaces and punctuation only'
  const key = displayNameKey(name)
  if (key.length < 2) return 'at least two letters or digits'
  // member-<n> is what the CLI and older accounts are called.
  if (RESERVED.includes(key) || /^member\d+$/.test(key)) return 'is reserved; choose another'
  return null
}
