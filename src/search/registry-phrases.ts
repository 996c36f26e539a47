// Phrases read from the attribute registry itself, beyond its values spelt whole (phrase-book.ts), so that
// every key is a question search can read without being taught it:
// - a value by its ending: "green peach aphid" is also read by "peach aphid" and "aphid", "powdery mildew"
//   by "mildew" (an English noun phrase ends in its head), with every value of the key that ends so;
// - a key by its name and the plain words for it: "pests", "days to maturity" and "days to mature",
//   "germination temperature", "sow indoors" and "indoor sowing" for When to sow (indoors).
import { canonicalWord, phraseWords, spellings, type Meaning, type RegistryKey } from './phrase-book.ts'

export interface RegistryPhrase {
  words: string[]
  meaning: Meaning
  /** One word that is also a word of plant names ("rust", "deer") is read only where no name has it: the
   * reader asks (query-reading.ts). */
  oneWord: boolean
}

/** A value is read by its words only when it is a short name: at most this many words, no digit (windows
 * and measures, "2-8 weeks after the last frost", are read as numbers or by their key), and no sentence
 * punctuation (". ", ";", ":": a sentence of advice, not a name). A name in parentheses is another
 * spelling of it ("Gray mold (Botrytis)"). */
const MAX_NAME_WORDS = 5
const NOT_A_NAME = /\d|[.;:!?]\s|[;:!?[\]]/

export function isShortName(value: string): boolean {
  const words = phraseWords(value)
  return words.length > 0 && words.length <= MAX_NAME_WORDS && !NOT_A_NAME.test(value)
}

/** A key's values are links or sentences, not phrases, when any of them is a link or has more words than
 * a name ever has. */
const MAX_PHRASE_WORDS = 8

export function isProse(values: readonly string[]): boolean {
  return values.some((value) => /:\/\//.test(value) || phraseWords(value).length > MAX_PHRASE_WORDS)
}

/** One word read alone must be a real word of a name: four letters or more. */
const MIN_ONE_WORD_LETTERS = 4

/**
 * Whether an ending of one key's short values is read alone: it means the key has one of the values that
 * end so ("whitefly" is Whitefly and Silverleaf whitefly; an ending two keys share says nothing alone and
 * is not read, phrase-parts.ts). One word is not read when it is a soft word, too vague alone, or a word of
 * a key's name ("sow" of "Seed - direct sow" belongs to When to sow).
 */
export function endingReadAlone(
  words: string[],
  soft: ReadonlySet<string>,
  needsKey: ReadonlySet<string>,
  keyWords: ReadonlyMap<string, number>,
): boolean {
  if (words.length !== 1) return true
  const word = words[0]!
  return !(word.length < MIN_ONE_WORD_LETTERS || soft.has(word) || needsKey.has(word) || keyWords.has(word))
}

/** Every ending of every spelling of a value, the whole among them: "peach aphid", "aphid". */
export const endingsOf = (value: string): string[] =>
  spellings(value).flatMap((words) => words.map((_, start) => words.slice(start).join(' ')))

/** Words that begin a question about a key rather than name it: "When to sow (indoors)" is "sow indoors". */
const QUESTION_WORDS = new Set(['when', 'how', 'to', 'what'])

/** Every key by its name: the plant has the key. Also the name without its question words and with its
 * parenthesis before it ("indoor sowing"), and each word in the forms a gardener writes it (below). */
export function keyNames(keys: RegistryKey[]): RegistryPhrase[] {
  const phrases: RegistryPhrase[] = []
  for (const key of keys) {
    const meaning: Meaning = { kind: 'has', key: key.key, keyNorm: key.keyNorm }
    const whole = phraseWords(key.key)
    const inParentheses = /\(([^)]*)\)/.exec(key.key)?.[1]
    const bare = phraseWords(key.key.replace(/\([^)]*\)/g, ' '))
    while (bare.length > 1 && QUESTION_WORDS.has(bare[0]!)) bare.shift()
    const aside = inParentheses ? phraseWords(inParentheses) : []
    const spellings = [whole, [...bare, ...aside], ...(aside.length ? [[...aside, ...bare]] : [])]
    const seen = new Set<string>()
    for (const spelling of spellings) {
      for (const words of formsOf(spelling)) {
        if (words.length === 0 || seen.has(words.join(' '))) continue
        seen.add(words.join(' '))
        phrases.push({ words, meaning, oneWord: false })
      }
    }
  }
  return phrases
}

/** A phrase in the forms of its words, at most this many of them. */
const MAX_FORMS = 64

function formsOf(words: string[]): string[][] {
  let forms: string[][] = [[]]
  for (const word of words) {
    forms = forms.flatMap((form) => wordVariants(word).map((variant) => [...form, variant]))
    if (forms.length > MAX_FORMS) return [words]
  }
  return forms
}

/**
 * A key word in the forms gardeners write it: a noun of an action as its verb ("germination": germinate,
 * germinating), a quality as its adjective ("maturity": mature, maturing), a verb with -ing, -n and -ed
 * ("sow": sowing, sown, sowed). Canonical, as phrases compare words; a form
 * nobody types is never met and costs nothing.
 */
export function wordVariants(word: string): string[] {
  const forms = new Set([word])
  if (word.endsWith('ation')) forms.add(`${word.slice(0, -3)}e`).add(`${word.slice(0, -3)}ing`)
  if (word.endsWith('ity')) forms.add(`${word.slice(0, -3)}e`).add(`${word.slice(0, -3)}ing`)
  if (/^[a-z]{3,6}$/.test(word) && !/(e|ing|ed|ion|ity)$/.test(word)) {
    forms.add(`${word}ing`).add(`${word}ed`)
    if (/[aeiou]w$/.test(word)) forms.add(`${word}n`)
  }
  return [...forms].map(canonicalWord)
}
