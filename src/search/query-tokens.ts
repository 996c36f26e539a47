// The words of `q` as the reader sees them (query-reading.ts, measure-reading.ts): each folded as typed and
// made canonical for comparison, numbers with their decimals and sign, a dash only between numbers.
import { canonicalWord } from './phrase-book.ts'
import { foldWord } from './words.ts'

export interface Token {
  /** As typed, folded: what the interpretation shows and the name search is given. */
  text: string
  /** As phrases compare it. */
  word: string
  number: number | null
}

const MAX_TOKENS = 32

/** The words of `q`: numbers keep their decimals ("0.5"), a dash between numbers is a range. */
export function tokensOf(text: string): Token[] {
  const tokens: Token[] = []
  for (const [raw] of text
    .normalize('NFKC')
    .toLowerCase()
    .matchAll(/(?<![\p{L}\p{N}.])[-−]\d+(?:\.\d+)?|\d+(?:\.\d+)?|[\p{L}\p{N}]+|[-–+]/gu)) {
    // A minus sign only where no word or number comes just before it: "-40" is a number, "6-7" a range.
    const isNumber = /^[-−]?\d/.test(raw)
    tokens.push({
      text: isNumber || raw === '-' || raw === '–' || raw === '+' ? raw : foldWord(raw),
      word: isNumber ? raw : raw === '–' ? '-' : canonicalWord(raw),
      number: isNumber ? Number(raw.replace('−', '-')) : null,
    })
    if (tokens.length >= MAX_TOKENS) break
  }
  // A dash is a range between two numbers ("6-7"); elsewhere it joins words ("drought-tolerant"). A plus
  // sign is "or more" just after a number or its unit ("120+ days", "10 weeks+"), and nothing elsewhere.
  return tokens.filter(
    (token, index) =>
      (token.word !== '-' && token.word !== '+') ||
      (token.word === '+' && (tokens[index - 1]?.number != null || tokens[index - 2]?.number != null)) ||
      (tokens[index - 1]?.number != null && tokens[index + 1]?.number != null),
  )
}

export const texts = (tokens: Token[], from: number, length: number) =>
  tokens
    .slice(from, from + length)
    .map((token) => token.text)
    .join(' ')
    .replace(/ - /g, '-')

/** Soft words skipped between two words of a phrase, at the most: "start seeds indoors" is "start
 * indoors", "sun and shade" is "sun shade", but a phrase's words stay close together. */
const MAX_SKIPPED = 2

/** How many tokens from `index` spell `words` (canonical), or 0; with `near`, a word may also be one
 * the test takes (a typo of it); with `skippable`, such tokens may stand between the phrase's words. */
export function matchesAt(
  tokens: Token[],
  index: number,
  words: readonly string[],
  near: (token: Token, word: string) => boolean = () => false,
  skippable: (token: Token) => boolean = () => false,
): number {
  let at = index
  for (const [offset, word] of words.entries()) {
    if (offset > 0) {
      let skipped = 0
      while (skipped < MAX_SKIPPED && tokens[at] && tokens[at]!.word !== word && skippable(tokens[at]!)) {
        at++
        skipped++
      }
    }
    const token = tokens[at]
    if (!token || !(token.word === word || near(token, word))) return 0
    at++
  }
  return at - index
}

/** The longest of `phrases` spelt at `index`: its length in tokens, or 0. */
export function longestOf(tokens: Token[], index: number, phrases: readonly string[][]): number {
  let longest = 0
  for (const words of phrases) longest = Math.max(longest, matchesAt(tokens, index, words))
  return longest
}

export const split = (phrases: readonly string[]) =>
  phrases.map((phrase) => phrase.split(/\s+/).map(canonicalWord))

/** A name of two to four words, at the most, is looked for among a query's words. */
const MAX_NAME_RUN = 4

/** The run of `length` words at `index` as the names table holds names, as typed and with its last word
 * singular ("runner beans" is also "runner bean"), two words also as one; none across a number or a
 * dash. */
export function nameRun(tokens: Token[], index: number, length: number): string[] {
  const run = tokens.slice(index, index + length)
  if (
    run.length < length ||
    run.some((token) => token.number !== null || token.word === '-' || token.word === '+')
  )
    return []
  const typed = run.map((token) => token.text)
  const singular = [...typed.slice(0, -1), run[run.length - 1]!.word]
  // Two words a name writes as one: "bee balm" is Beebalm.
  const joined = length === 2 ? [typed.join(''), singular.join('')] : []
  return [...new Set([typed.join(' '), singular.join(' '), ...joined])]
}

/** Every run of two to four words of a query whose words are each a word of some name (as typed or
 * singular), in the spellings nameRun gives. */
export function nameRunsOf(tokens: Token[], inNames: (word: string) => boolean): string[] {
  const named = (token: Token) => inNames(token.text) || inNames(token.word)
  const runs: string[] = []
  for (let index = 0; index < tokens.length; index++) {
    for (let length = 2; length <= MAX_NAME_RUN; length++) {
      if (tokens.slice(index, index + length).every(named)) runs.push(...nameRun(tokens, index, length))
    }
  }
  return runs
}

/** How many words from `index` are a plant's whole name (`names`, from nameRunsOf), the longest; 0 when
 * none are. */
export function nameRunAt(tokens: Token[], index: number, names: ReadonlySet<string>): number {
  for (let length = MAX_NAME_RUN; length >= 2; length--) {
    if (nameRun(tokens, index, length).some((run) => names.has(run))) return length
  }
  return 0
}
