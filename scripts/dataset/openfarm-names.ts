// Which values of OpenFarm's scientific-name column are scientific names. The column also holds common
// names with the species in parentheses, cross-references, cultivars, dishes and a few damaged texts.

/** Genus (a hybrid genus may start with "X"), then a space or the end. ASCII letters only. */
const GENUS_START = /^(?:[X×] ?)?([A-Z][a-z]+(?:-[a-z]+)?)(?: |$)/

export interface NameContext {
  /** Words used as the genus of a binomial somewhere in the list ("Aerides" in "Aerides odorata"). */
  genera: Set<string>
  /** Every common name of the list, lower case. */
  commonNames: Set<string>
}

export function nameContext(rows: { scientificName: string; commonNames: string[] }[]): NameContext {
  const genera = new Set<string>()
  const commonNames = new Set<string>()
  for (const { scientificName, commonNames: names } of rows) {
    const binomial = /^(?:[X×] ?)?([A-Z][a-z]+(?:-[a-z]+)?) (?:[a-z]|[x×X] )/.exec(scientificName)
    if (binomial?.[1] && !/[,;]/.test(scientificName)) genera.add(binomial[1])
    for (const name of names) commonNames.add(name.toLowerCase())
  }
  return { genera, commonNames }
}

/** Tidies a value: whitespace collapsed, trailing commas dropped, "carthamus palaestinus" capitalised. */
export function tidyOpenFarmName(raw: string): string {
  const name = raw
    .trim()
    .replace(/[ \t]+/g, ' ')
    .replace(/[,\s]+$/, '')
  return /^[a-z]+(?: [a-z-]+)?$/.test(name) ? name.charAt(0).toUpperCase() + name.slice(1) : name
}

/** Why a tidied value is not a scientific name, or undefined when it is one (or may be: a lone genus). */
export function scientificNameProblem(name: string, context: NameContext): string | undefined {
  if (!name) return 'empty scientific name'
  // eslint-disable-next-line no-control-regex -- a control character in the column is damage
  if (/[?\uFFFD\u0000-\u001F\u007F-\u009FÃ]/.test(name)) return 'text damaged in the source (characters lost)'
  if (/,\s*see\s/i.test(name)) return 'a cross-reference ("…, see …"), not a plant'
  if (/^[A-Z]\.\s/.test(name)) return 'abbreviated genus, so the species cannot be told'
  if (/[,;]/.test(name)) return 'several names, or a name with a note, in one cell'
  if (/\([A-Z][a-z]+ [a-z]/.test(name)) return 'a common name with the scientific name in parentheses'
  const genus = GENUS_START.exec(name)?.[1]
  if (!genus) return 'not a scientific name (a cultivar, product or term)'
  if (/^\S+ \(.*\)$/.test(name))
    return 'one word with a qualifier in parentheses: a cultivar or product, not a scientific name'
  const words = name.split(' ')
  const second = /^[X×]$/.test(words[0] ?? '') ? words[2] : words[1]
  if (second !== undefined && /^[A-Z]/.test(second) && !/^[X×]$/.test(second)) {
    return 'second word capitalised: a cultivar, place or person, not a scientific name'
  }
  if (second === undefined && !context.genera.has(genus) && context.commonNames.has(name.toLowerCase())) {
    return 'a common name of the list in the scientific-name column (and no genus of the list)'
  }
  return undefined
}

/**
 * Windows-1252 punctuation that reached the list read as Latin-1, where it became a C1 control character:
 * "Bailey\u0092s wattle" is "Bailey’s wattle". Written as the list writes punctuation, in ASCII (6,077
 * lines of the CSV have an ASCII apostrophe, none a typographic one), so "dyer\u0092s chamomile" meets the
 * same row's "dyer's chamomile" and the two are one name.
 */
const WINDOWS_1252_PUNCTUATION: ReadonlyMap<string, string> = new Map([
  ['\u0091', "'"],
  ['\u0092', "'"],
  ['\u0093', '"'],
  ['\u0094', '"'],
  ['\u0096', '-'],
  ['\u0097', '-'],
])
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/g

/**
 * A common name without control characters: a control character is never part of a plant name, and the
 * importer refuses a name or value holding one. A line break or tab is a space; Windows-1252 punctuation
 * is that punctuation; any other stood for a letter that cannot be told from it ("Cassie \u008A Piquants
 * Blancs" is the French "cassie à piquants blancs", and Windows-1252 reads the byte as "Š"), so the name
 * is left out: undefined.
 */
export function withoutControlCharacters(name: string): string | undefined {
  let lost = false
  const repaired = name.replace(CONTROL, (char) => {
    if (/\s/.test(char)) return ' '
    const punctuation = WINDOWS_1252_PUNCTUATION.get(char)
    if (punctuation === undefined) lost = true
    return punctuation ?? ''
  })
  return lost ? undefined : repaired.replace(/\s+/g, ' ').trim() || undefined
}

/** A name as the build report shows it: each control character as its code point ("Cassie [U+008A] …"). */
export function showControlCharacters(name: string): string {
  return name.replace(
    CONTROL,
    (char) => `[U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}]`,
  )
}
