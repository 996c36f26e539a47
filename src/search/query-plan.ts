// From what a person typed to what the full-text index is asked. Each typed word becomes a group of
// alternatives, all looked up in the vocabulary first, so only words some plant has are searched:
// - the word as typed, also as a prefix ("quenz" finds Quenzelberry);
// - its other English forms ("strawberries" → "strawberry");
// - the word split in two where the vocabulary has both halves ("sweetclover" → "sweet" "clover"), and two
//   neighbouring words joined where the vocabulary has the joined word ("paw paw" → "pawpaw");
// - when the word (4 letters or more) is not a word of any name: the vocabulary words within 1 edit (2 from
//   8 letters), found by their deletion variants and checked by Damerau–Levenshtein distance. These are
//   marked fuzzy: a fuzzy match always ranks below an exact one.
// Every group must match. The phrases are the whole query with the alternatives put in, for the tiers
// that compare whole names.
import type { Db } from '../db/store.ts'
import { allowedEdits, editDistance, lookupVariants } from './edit-distance.ts'
import { wordsWithVariants, WordLookup, type VocabularyWord } from './vocabulary.ts'
import { wordForms } from './word-forms.ts'
import { foldedWords } from './words.ts'

export interface MatchTerm {
  word: string
  prefix: boolean
  fuzzy: boolean
}

export type MatchExpr = { term: MatchTerm } | { all: MatchExpr[] } | { any: MatchExpr[] }

export interface QueryPlan {
  /** Every group must match. Empty: the query has no words. */
  groups: MatchExpr[]
  /** The typed words of each group (two when neighbouring words were joined). */
  groupWords: string[][]
  /** The query as a name, with word forms, joins and splits: for "exact name" and "name starts with". */
  phrases: string[]
  /** The query as a name with at least one word corrected: for "fuzzy exact name". */
  fuzzyPhrases: string[]
  /** At least this many plants match (the vocabulary's count of a word that alone matches); absent: no
   * bound known. */
  leastMatches?: number
}

const MAX_WORDS = 16
const MAX_CANDIDATES = 5
const MAX_PHRASES = 12
const MIN_SPLIT_PART = 3

interface Alternatives {
  word: string
  forms: string[]
  fuzzy: string[]
  splits: [string, string][]
}

function splitsOf(word: string): [string, string][] {
  const letters = [...word]
  const splits: [string, string][] = []
  for (let at = MIN_SPLIT_PART; at <= letters.length - MIN_SPLIT_PART; at++) {
    splits.push([letters.slice(0, at).join(''), letters.slice(at).join('')])
  }
  return splits
}

const pairsOf = (positions: string[]) => positions.slice(1).map((word, index) => `${positions[index]}${word}`)

/** The words the plan of `text` looks up first: its words, their forms and splits, neighbours joined. */
export function wordsToPlan(text: string): string[] {
  const positions = foldedWords(text).slice(0, MAX_WORDS)
  const distinct = [...new Set(positions)]
  const pairs = pairsOf(positions)
  return [
    ...distinct,
    ...distinct.flatMap(wordForms),
    ...distinct.flatMap((word) => splitsOf(word).flat()),
    ...pairs,
    ...pairs.flatMap(wordForms),
  ]
}

/** `words`: the request's lookups, when some of these words were looked up already. */
export async function planQuery(db: Db, text: string, words = new WordLookup(db)): Promise<QueryPlan> {
  const positions = foldedWords(text).slice(0, MAX_WORDS)
  if (positions.length === 0) return { groups: [], groupWords: [], phrases: [], fuzzyPhrases: [] }
  const distinct = [...new Set(positions)]
  const pairs = pairsOf(positions)
  const vocabulary = await words.find(wordsToPlan(text))
  const isWord = (word: string) => (vocabulary.get(word)?.plants ?? 0) > 0
  const isNameWord = (word: string) => (vocabulary.get(word)?.namePlants ?? 0) > 0
  // Two neighbouring words joined, as the names write them ("black currants" → "blackcurrant").
  const joins = pairs.map((pair) => [pair, ...wordForms(pair)].find(isNameWord))

  const corrections = await corrected(
    db,
    distinct.filter((word) => allowedEdits(word) > 0 && !isNameWord(word)),
  )
  const fuzzyForms = await words.find([...corrections.values()].flat().flatMap(wordForms))

  const alternatives = new Map<string, Alternatives>()
  for (const word of distinct) {
    const fuzzy = corrections.get(word) ?? []
    alternatives.set(word, {
      word,
      forms: wordForms(word).filter(isWord),
      fuzzy: [
        ...new Set([
          ...fuzzy,
          ...fuzzy.flatMap(wordForms).filter((form) => (fuzzyForms.get(form)?.plants ?? 0) > 0),
        ]),
      ].filter((candidate) => candidate !== word),
      splits: splitsOf(word).filter(([left, right]) => isNameWord(left) && isNameWord(right)),
    })
  }

  const groupOf = (word: string): MatchExpr => {
    const { forms, fuzzy, splits } = alternatives.get(word)!
    return {
      any: [
        { term: { word, prefix: true, fuzzy: false } },
        ...forms.map((form) => ({ term: { word: form, prefix: false, fuzzy: false } })),
        ...splits.map(([left, right]) => ({
          all: [left, right].map((part) => ({ term: { word: part, prefix: false, fuzzy: false } })),
        })),
        ...fuzzy.map((candidate) => ({ term: { word: candidate, prefix: false, fuzzy: true } })),
      ],
    }
  }

  // Neighbouring words the vocabulary knows joined become one group: both words, or the joined word.
  const groups: MatchExpr[] = []
  const groupWords: string[][] = []
  const seen = new Set<string>()
  for (let index = 0; index < positions.length; index++) {
    const word = positions[index]!
    const next = positions[index + 1]
    const joined = joins[index]
    if (joined !== undefined && next !== undefined) {
      groups.push({
        any: [
          { all: [groupOf(word), groupOf(next)] },
          { term: { word: joined, prefix: true, fuzzy: false } },
        ],
      })
      groupWords.push([word, next])
      index++
      continue
    }
    if (seen.has(word)) continue
    seen.add(word)
    groups.push(groupOf(word))
    groupWords.push([word])
  }

  // A name's possessive is two words ("St. John's wort" is "st john s wort"), typed as one ("johns").
  const possessive = (word: string) =>
    word.length > 3 && word.endsWith('s') && isNameWord(word.slice(0, -1)) ? [`${word.slice(0, -1)} s`] : []
  const exactChoices = positions.map((word) => {
    const { forms, splits } = alternatives.get(word)!
    return [word, ...forms, ...splits.map((parts) => parts.join(' ')), ...possessive(word)]
  })
  const phrases = new Set(combinations(exactChoices))
  joins.forEach((joined, index) => {
    if (joined !== undefined) {
      phrases.add([...positions.slice(0, index), joined, ...positions.slice(index + 2)].join(' '))
    }
  })
  const fuzzyChoices = positions.map((word, index) => [
    ...exactChoices[index]!,
    ...alternatives.get(word)!.fuzzy.slice(0, 2),
  ])
  const fuzzyPhrases = combinations(fuzzyChoices).filter((phrase) => !phrases.has(phrase))
  return {
    groups,
    groupWords,
    phrases: [...phrases].slice(0, MAX_PHRASES),
    fuzzyPhrases,
    leastMatches: leastMatches(groups, (word) => vocabulary.get(word)?.plants ?? 0),
  }
}

/** A query of one group matches at least every plant that has one of the words it matches alone (a prefix
 * term matches its own word too); a query of more groups, no bound. */
function leastMatches(groups: MatchExpr[], plantsWith: (word: string) => number): number {
  const [only] = groups
  if (groups.length !== 1 || only === undefined) return 0
  const alone = 'term' in only ? [only] : 'any' in only ? only.any : []
  return Math.max(0, ...alone.map((expr) => ('term' in expr ? plantsWith(expr.term.word) : 0)))
}

/** For each word, the vocabulary words within its allowed edits, the closest and most used first. */
async function corrected(db: Db, words: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>()
  if (words.length === 0) return result
  const candidates = await wordsWithVariants(
    db,
    words.flatMap((word) => lookupVariants(word, allowedEdits(word))),
  )
  for (const word of words) {
    const limit = allowedEdits(word)
    const near = candidates
      .map((candidate): [VocabularyWord, number] => [candidate, editDistance(word, candidate.word, limit)])
      .filter(([candidate, distance]) => distance <= limit && candidate.word !== word)
      .sort(
        ([a, da], [b, db]) =>
          da - db ||
          b.namePlants - a.namePlants ||
          b.plants - a.plants ||
          (a.word < b.word ? -1 : a.word > b.word ? 1 : 0),
      )
    if (near.length > 0)
      result.set(
        word,
        near.slice(0, MAX_CANDIDATES).map(([candidate]) => candidate.word),
      )
  }
  return result
}

/** Phrases made of one choice per position, the first choices first, at most MAX_PHRASES of them. */
function combinations(choices: string[][]): string[] {
  let phrases = ['']
  for (const options of choices) {
    const next: string[] = []
    for (const phrase of phrases) {
      for (const option of options) {
        next.push(phrase ? `${phrase} ${option}` : option)
        if (next.length >= MAX_PHRASES * 4) break
      }
    }
    phrases = next
  }
  return [...new Set(phrases)].slice(0, MAX_PHRASES)
}

export interface RenderOptions {
  /** Leave out fuzzy alternatives. */
  exactOnly: boolean
  /** Match prefix terms as whole words. */
  wholeWords: boolean
}

/** Renders a plan's groups with the dialect's syntax for a term, AND and OR; null when nothing can match
 * under the options (every alternative of a group was fuzzy). */
export function renderGroups(
  groups: MatchExpr[],
  options: RenderOptions,
  syntax: { term(term: MatchTerm): string; and: string; or: string },
): string | null {
  const render = (expr: MatchExpr): string | null => {
    if ('term' in expr) {
      if (options.exactOnly && expr.term.fuzzy) return null
      return syntax.term(options.wholeWords ? { ...expr.term, prefix: false } : expr.term)
    }
    const parts = ('all' in expr ? expr.all : expr.any).map(render)
    if ('all' in expr) {
      if (parts.some((part) => part === null)) return null
      return parts.length === 1 ? parts[0]! : `(${parts.join(syntax.and)})`
    }
    const present = [...new Set(parts.filter((part): part is string => part !== null))]
    if (present.length === 0) return null
    return present.length === 1 ? present[0]! : `(${present.join(syntax.or)})`
  }
  return groups.length === 0 ? null : render({ all: groups })
}

/** Whether every group matches a plant of which `has` tells whether it has a word (or, for a prefix, a
 * word starting with it): what `renderGroups`' query asks of a full-text index. */
export function groupsMatch(
  groups: MatchExpr[],
  options: RenderOptions,
  has: (word: string, prefix: boolean) => boolean,
): boolean {
  if (groups.length === 0) return false
  for (const group of groups) if (!exprMatches(group, options, has)) return false
  return true
}

function exprMatches(
  expr: MatchExpr,
  options: RenderOptions,
  has: (word: string, prefix: boolean) => boolean,
): boolean {
  if ('term' in expr) {
    if (options.exactOnly && expr.term.fuzzy) return false
    return has(expr.term.word, expr.term.prefix && !options.wholeWords)
  }
  if ('all' in expr) {
    for (const part of expr.all) if (!exprMatches(part, options, has)) return false
    return true
  }
  for (const part of expr.any) if (exprMatches(part, options, has)) return true
  return false
}

/** True when some group has a fuzzy alternative (so a fuzzy tier is worth asking for). */
export function hasFuzzy(groups: MatchExpr[]): boolean {
  const walk = (expr: MatchExpr): boolean =>
    'term' in expr ? expr.term.fuzzy : ('all' in expr ? expr.all : expr.any).some(walk)
  return groups.some(walk)
}

/** A group with its typo corrections left out; null when it has nothing else. */
export function withoutCorrections(expr: MatchExpr): MatchExpr | null {
  if ('term' in expr) return expr.term.fuzzy ? null : expr
  const parts = ('all' in expr ? expr.all : expr.any).map(withoutCorrections)
  if ('all' in expr) return parts.some((part) => part === null) ? null : { all: parts as MatchExpr[] }
  const present = parts.filter((part): part is MatchExpr => part !== null)
  return present.length === 0 ? null : { any: present }
}
