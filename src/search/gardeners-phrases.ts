// The reviewed vocabulary of gardeners' phrases (data/gardeners-phrases.json, documented in the file
// itself): read once, checked, and turned into the shapes the query reader uses.
import { readFileSync } from 'node:fs'
import { fromRoot } from '../paths.ts'

export interface PhraseEntry {
  say: string[]
  key: string
  any?: string[]
  min?: number
  max?: number
  /** On a window key: min and max are days from this frost (the calendar's windows). */
  frost?: 'last' | 'first'
}

export interface GardenersPhrases {
  soft_words: string[]
  needs_key: string[]
  phrases: PhraseEntry[]
  units: Record<string, string> & { metres: Record<string, number>; days: Record<string, number> }
  dimensions: Record<string, string[]>
  more_than: string[]
  less_than: string[]
  or_more: string[]
  or_less: string[]
  at_most_keys: string[]
  temperature_words: string[]
  hardiness: { key: string; say: string[] }
  ph: { key: string; say: string[] }
  companions: { before: string[]; after: string[] }
}

let loaded: GardenersPhrases | undefined

export function gardenersPhrases(): GardenersPhrases {
  loaded ??= checked(
    JSON.parse(readFileSync(fromRoot('data', 'gardeners-phrases.json'), 'utf8')) as GardenersPhrases,
  )
  return loaded
}

/** The file is data a person edits: a mistake in it fails at the first search with the entry named, not
 * as a wrong answer later. */
function checked(file: GardenersPhrases): GardenersPhrases {
  const words = (list: unknown, where: string) => {
    if (!Array.isArray(list) || list.some((item) => typeof item !== 'string' || item.trim() === '')) {
      throw new Error(`data/gardeners-phrases.json: ${where} must be a list of phrases`)
    }
  }
  words(file.soft_words, 'soft_words')
  words(file.needs_key, 'needs_key')
  words(file.more_than, 'more_than')
  words(file.less_than, 'less_than')
  words(file.or_more, 'or_more')
  words(file.or_less, 'or_less')
  words(file.at_most_keys, 'at_most_keys')
  words(file.temperature_words, 'temperature_words')
  for (const table of ['metres', 'days'] as const) {
    if (Object.values(file.units?.[table] ?? {}).some((factor) => !(Number(factor) > 0))) {
      throw new Error(`data/gardeners-phrases.json: units.${table} are positive numbers`)
    }
  }
  words(file.hardiness?.say, 'hardiness.say')
  words(file.ph?.say, 'ph.say')
  words(file.companions?.before, 'companions.before')
  words(file.companions?.after, 'companions.after')
  for (const [key, list] of Object.entries(file.dimensions ?? {})) words(list, `dimensions.${key}`)
  for (const entry of file.phrases ?? []) {
    const where = `the phrase entry "${entry.say?.[0] ?? '?'}"`
    words(entry.say, where)
    if (typeof entry.key !== 'string' || !entry.key.trim()) throw new Error(`${where} has no key`)
    if (entry.any !== undefined) words(entry.any, `${where}: any`)
    if (entry.frost !== undefined && entry.frost !== 'last' && entry.frost !== 'first') {
      throw new Error(`${where}: frost is "last" or "first"`)
    }
    for (const bound of [entry.min, entry.max]) {
      if (bound !== undefined && !Number.isFinite(bound)) throw new Error(`${where}: min and max are numbers`)
    }
  }
  return file
}
