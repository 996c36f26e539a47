// The words of search: how stored text and queries are cut into words and folded, the same way for the
// full-text index of either database, the vocabulary and the names table. Case and Latin diacritics never
// matter ("Bärlauch" is "barlauch"), and everything but letters and digits separates words, so quotes,
// operators and parentheses never reach a database's query syntax.

// A tsvector lexeme holds at most 2,047 bytes; 500 characters stay below that in any script.
const MAX_WORD_CHARS = 500

// Text in ASCII alone (nearly every word of the data) is the same in every normalization form and has no
// marks to remove: the import of a million plants folds tens of millions of words.
const ASCII_ONLY = /^[^\u0080-\uffff]*$/

/** The words of a text, lower-cased, not yet folded. */
export function textWords(text: string): string[] {
  return (ASCII_ONLY.test(text) ? text : text.normalize('NFKC')).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
}

/** Latin letters lose their diacritics ("jalapeño" is "jalapeno"), as with SQLite's remove_diacritics 2;
 * the marks of other scripts are part of the letter and stay. */
export function foldWord(word: string): string {
  if (ASCII_ONLY.test(word)) return word.slice(0, MAX_WORD_CHARS)
  return word
    .normalize('NFD')
    .replace(/(?<=\p{Script=Latin})\p{M}+/gu, '')
    .normalize('NFC')
    .slice(0, MAX_WORD_CHARS)
}

/** The folded words of a text, in order, repeats kept. */
export function foldedWords(text: string): string[] {
  return textWords(text).map(foldWord)
}

/** A name as the names table holds it and as a query phrase is compared with it: folded words joined by
 * one space ("Bird's-eye chili" is "bird s eye chili"). */
export function foldedPhrase(text: string): string {
  return foldedWords(text).join(' ')
}

/** The distinct words of a user's query, at most 16 of them. */
export function searchTerms(text: string): string[] {
  return [...new Set(foldedWords(text))].slice(0, 16)
}
