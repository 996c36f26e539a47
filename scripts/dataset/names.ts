// Common names: the keys that decide when two sources name the same crop, and the display form.

/** Case, accents, spaces and punctuation do not make a different name: "Bee balm" = "beebalm". */
export function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
}

/** The key of a name and the keys of its singular if it looks plural ("tomatoes" → "tomato"). */
export function nameForms(name: string): string[] {
  const key = nameKey(name)
  const forms = [key]
  if (key.endsWith('ies')) forms.push(`${key.slice(0, -3)}y`)
  else if (/(oes|ches|shes|xes|sses)$/.test(key)) forms.push(key.slice(0, -2))
  else if (key.endsWith('s') && !key.endsWith('ss')) forms.push(key.slice(0, -1))
  return forms
}

/** True when one name is the other with a plural ending ("Brussels sprouts" and "Brussels sprout"). */
export function samePlantName(a: string, b: string): boolean {
  const formsA = nameForms(a)
  return nameForms(b).some((form) => formsA.includes(form))
}

/** The shorter of two names that differ only in a plural ending: the singular is the entry's name. */
export function preferSingular(a: string, b: string): string {
  return nameKey(b).length < nameKey(a).length ? b : a
}

/**
 * Last words that are the kind of crop, not part of a cultivar's proper name: they stay lower case
 * even where a Wikipedia title capitalises them ("January King Cabbage" → "January King cabbage").
 */
const CROP_NOUNS = new Set([
  'amaranth',
  'basil',
  'bean',
  'cabbage',
  'chili',
  'greens',
  'kale',
  'lavender',
  'lime',
  'melon',
  'mint',
  'mustard',
  'pepper',
  'pumpkin',
  'sage',
  'spinach',
  'sprout',
  'sprouts',
  'squash',
  'thyme',
  'tomato',
])

export function isCropNoun(word: string): boolean {
  return CROP_NOUNS.has(word.toLowerCase())
}

/**
 * The name as shown: first letter upper case, and a word that the crop's Wikipedia article title spells
 * with a capital (a cultivar's proper name: "Amish paste tomato" with article "Amish_Paste") takes that
 * spelling. Everything else stays as the source wrote it, so "Brussels sprout" keeps its capital.
 */
export function displayName(sourceName: string, wikipediaUrl?: string): string {
  const titleWords = wikipediaUrl ? articleTitleWords(wikipediaUrl) : new Map<string, string>()
  const words = sourceName.trim().replace(/\s+/g, ' ').split(' ')
  const shown = words.map((word, index) => {
    const isCropNoun = index === words.length - 1 && CROP_NOUNS.has(word.toLowerCase())
    const titleSpelling = titleWords.get(word.toLowerCase())
    return titleSpelling && !isCropNoun ? titleSpelling : word
  })
  const joined = shown.join(' ')
  return joined.charAt(0).toUpperCase() + joined.slice(1)
}

/** Words of an article title without its disambiguation, e.g. ".../Brandywine_(tomato)" → Brandywine. */
function articleTitleWords(url: string): Map<string, string> {
  const words = new Map<string, string>()
  const rawTitle = url.slice(url.lastIndexOf('/') + 1)
  let title: string
  try {
    title = decodeURIComponent(rawTitle)
  } catch {
    title = rawTitle
  }
  for (const word of title.replace(/\(.*?\)/g, ' ').split(/[_\s]+/)) {
    if (word) words.set(word.toLowerCase(), word)
  }
  return words
}

/** Splits a comma-separated list of names, trimming and dropping empties and case-insensitive repeats. */
export function splitNameList(list: string): string[] {
  const seen = new Set<string>()
  const names: string[] = []
  for (const raw of list.split(',')) {
    const name = raw.trim().replace(/\s+/g, ' ')
    const key = name.toLowerCase()
    if (name && !seen.has(key)) {
      seen.add(key)
      names.push(name)
    }
  }
  return names
}
