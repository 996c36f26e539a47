// Typo tolerance: how far a typed word may be from a word of the vocabulary, and the deletion variants
// that find the candidates through an index (a symmetric deletion neighbourhood: two words within one
// edit share a variant made by deleting at most one letter from each).

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
export const MIN_VARIANT_LENGTH = 3

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

/** Vocabulary words up to this length get two-letter deletions when they have 8 letters or more. */
export const MAX_TWO_DELETION_LENGTH = 16

/** The variants a vocabulary word is stored with: itself and its one-letter deletions, and from 8 letters
 * its two-letter deletions too. A typed word within 2 edits of an 8-letter word may need two deletions on
 * each side (two substitutions: "strawbarry"); a shorter word within reach of a typed word of 8 letters or
 * more is missing at least one of them, so one deletion on its side is enough. */
export function storedVariants(word: string): string[] {
  const length = [...word].length
  if (length < MIN_VARIANT_LENGTH || length > MAX_FUZZY_LENGTH + 2) return []
  return deletionVariants(word, length >= 8 && length <= MAX_TWO_DELETION_LENGTH ? 2 : 1)
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
