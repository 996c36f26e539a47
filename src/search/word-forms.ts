// English singular and plural forms. A form is only used when the vocabulary has it, so the rules may
// guess generously: "tomatoes" tries "tomato" and "tomatoe", and only the word some plant has is searched.

/** Other forms of a word: its singulars when it looks plural, its plurals otherwise (and both for words
 * ending in -is or -us, which may be either: "iris", "irises"; "crocus", "crocuses"). Words under 3 letters
 * have none. */
export function wordForms(word: string): string[] {
  if ([...word].length < 3 || !/^[a-z]+$/.test(word)) return []
  const forms = new Set<string>()
  const stem = (cut: number) => word.slice(0, word.length - cut)
  if (word.endsWith('ies')) forms.add(`${stem(3)}y`)
  if (word.endsWith('ves')) {
    forms.add(`${stem(3)}f`)
    forms.add(`${stem(3)}fe`)
  }
  if (/(o|ch|sh|x|s|z)es$/.test(word)) forms.add(stem(2))
  if (word.endsWith('s') && !word.endsWith('ss')) forms.add(stem(1))
  if (/[iu]s$/.test(word)) forms.add(`${word}es`)
  if (!word.endsWith('s') || word.endsWith('ss')) {
    forms.add(`${word}s`)
    if (/(o|ch|sh|x|ss|z)$/.test(word)) forms.add(`${word}es`)
    if (/[^aeiou]y$/.test(word)) forms.add(`${stem(1)}ies`)
    if (word.endsWith('f')) forms.add(`${stem(1)}ves`)
    if (word.endsWith('fe')) forms.add(`${stem(2)}ves`)
  }
  forms.delete(word)
  return [...forms].filter((form) => form.length >= 2)
}
