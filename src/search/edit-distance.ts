// Typo tolerance: how far a typed word may be from a word of the vocabulary, and the deletion variants
// that find the candidates through an index (a symmetric deletion neighbourhood: two words within k edits
// share a variant made by deleting at most k letters from each). A long word's variants are those of its
// first VARIANT_PREFIX letters, as SymSpell's prefix length does: see storedVariants.

/** How many edits a typed word of this length may have: none below 4 letters (such a word must match
 * exactly or as a prefix), 1 from 4, 2 from 8. Words beyond MAX_FUZZY_LENGTH are matched as typed. */
export function allowedEdits(word: string): number {
  const length = [...word].length
  if (length < 4 || length > MAX_FUZZY_LENGTH) return 0
  return length >= 8 ? 2 : 1
}

/** Longer typed words are not corrected: no real name has one, and their variants would be many. */
export const MAX_FUZZY_LENGTH = 24
/** Vocabulary words get deletion variants from this length: a 4-letter query with one extra letter is a
 * 3-letter word. */
const MIN_VARIANT_LENGTH = 3

const SURROGATE = /[\uD800-\uDFFF]/

/** The word and every string made by deleting `depth` or fewer of its letters, without repeats. */
export function deletionVariants(word: string, depth: number): string[] {
  const found = new Set([word])
  let level = [word]
  for (let round = 0; round < depth; round++) {
    const next: string[] = []
    for (const current of level) {
      // Without surrogate pairs (almost every word) a letter is a UTF-16 unit: slices of the string are
      // the same variants, made without an array per variant (the import makes millions).
      const letters = SURROGATE.test(current) ? [...current] : current
      for (let i = 0; i < letters.length; i++) {
        const variant =
          typeof letters === 'string'
            ? letters.slice(0, i) + letters.slice(i + 1)
            : letters.slice(0, i).join('') + letters.slice(i + 1).join('')
        if (!found.has(variant)) {
          found.add(variant)
          next.push(variant)
        }
      }
    }
    level = next
  }
  return [...found]
}

/** A word of 8 letters or more is stored with the deletion variants of its first letters only. Two words
 * within k edits keep, cut to their first P letters, two strings within k deletions of a common one: the
 * edits' deletions that fall in each cut are such deletions, and the cut that keeps more letters of the
 * common string loses its extra ones at its end, no more than the other cut's deletions. So a long word
 * is found as before, among more candidates that the distance then rules out.
 * At 8, the 92k set's 2.6 million variant rows are 1.7 million; the table is the import's largest, a
 * third of its time on PostgreSQL. A typed word meets 10 times the candidates (41 on average, 285 for
 * "pseudotsuga"); reading them on SQLite takes 0.1 ms more at the median, 0.6 ms at the 90th percentile.
 * At 7 (SymSpell's default) the rows are 1.3 million, but the candidates 20 times as many.
 * Long words, which had one deletion from 17 letters, get two as well. */
export const VARIANT_PREFIX = 8

/** The variants a vocabulary word is stored with: itself and its one-letter deletions below 8 letters; the
 * first VARIANT_PREFIX letters and their deletions of one or two letters from 8. A typed word within 2
 * edits of an 8-letter word may need two deletions on each side (two substitutions: "strawbarry"); a
 * shorter word within reach of a typed word of 8 letters or more is missing at least one of them, so one
 * deletion on its side is enough, and the typed word's own deletions find it (lookupVariants). */
export function storedVariants(word: string): string[] {
  const letters = [...word]
  if (letters.length < MIN_VARIANT_LENGTH || letters.length > MAX_FUZZY_LENGTH + 2) return []
  if (letters.length < 8) return deletionVariants(word, 1)
  return deletionVariants(letters.slice(0, VARIANT_PREFIX).join(''), 2)
}

/** The variants a typed word is looked up by, allowed `edits` edits: its deletions find the vocabulary's
 * words below 8 letters, stored whole, and those of its first VARIANT_PREFIX letters the longer ones. */
export function lookupVariants(word: string, edits: number): string[] {
  const whole = deletionVariants(word, edits)
  const letters = [...word]
  if (letters.length <= VARIANT_PREFIX) return whole
  return [...new Set([...whole, ...deletionVariants(letters.slice(0, VARIANT_PREFIX).join(''), edits)])]
}

/** Damerau–Levenshtein distance (optimal string alignment: insertions, deletions, substitutions and swaps
 * of two neighbouring letters), or `limit + 1` as soon as it must exceed `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  const s = [...a]
  const t = [...b]
  if (Math.abs(s.length - t.length) > limit) return limit + 1
  let beforePrevious: number[] = []
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j)
  for (let i = 1; i <= s.length; i++) {
    const current = [i]
    let rowMin = i
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        value = Math.min(value, beforePrevious[j - 2]! + 1)
      }
      current.push(value)
      rowMin = Math.min(rowMin, value)
    }
    if (rowMin > limit) return limit + 1
    beforePrevious = previous
    previous = current
  }
  return Math.min(previous[t.length]!, limit + 1)
}
