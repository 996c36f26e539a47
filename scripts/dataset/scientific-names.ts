// Scientific names: tidying the spellings the sources use, and reading genus and species out of them.

/** Markers of a rank below species ("Capsicum annuum var. glabriusculum"). */
export const INFRASPECIFIC_MARKERS = new Set([
  'var.',
  'subsp.',
  'ssp.',
  'f.',
  'fo.',
  'forma',
  'subvar.',
  'convar.',
  'cv.',
  'nothosubsp.',
  'nothovar.',
])

/** Hybrid sign between genus and epithet ("Mentha x piperita", "Citrus × hystrix"). */
function isHybridSign(token: string): boolean {
  return token === 'x' || token === 'X' || token === '×'
}

/**
 * Misspellings in the Growstuff crop list, corrected to the accepted spelling. Each is reported in the
 * build report; a name not listed here is kept as the source wrote it.
 */
export const SCIENTIFIC_NAME_CORRECTIONS: ReadonlyMap<string, string> = new Map([
  ['Rosemarinus officinalis', 'Rosmarinus officinalis'],
  ['Tropaeloum spp.', 'Tropaeolum spp.'],
  ['Cucurbita argyosperma', 'Cucurbita argyrosperma'],
  ['Mentha candensis', 'Mentha canadensis'],
  ['Matricaria chamomila', 'Matricaria chamomilla'],
  ['Cucurbita pepo.', 'Cucurbita pepo'],
  ['Capsicum annuum var. longhum', 'Capsicum annuum var. longum'],
])

/**
 * Botanical spelling conventions: collapsed spaces, genus capitalised, epithets lower case (the source
 * has "solanum pimpinellifolium" and "Amaranthus Acanthochiton"), "subspecies" written "subsp.".
 */
export function tidyScientificName(raw: string): string {
  const tokens = raw.trim().replace(/\s+/g, ' ').split(' ').filter(Boolean)
  if (tokens.length === 0) return ''
  const out: string[] = []
  tokens.forEach((token, index) => {
    if (index === 0) out.push(token.charAt(0).toUpperCase() + token.slice(1).toLowerCase())
    else if (token === 'subspecies') out.push('subsp.')
    else if (index === 1 && !isHybridSign(token) && /^[A-Za-z-]+\.?$/.test(token))
      out.push(token.toLowerCase())
    else if (INFRASPECIFIC_MARKERS.has(tokens[index - 1] ?? '')) out.push(token.toLowerCase())
    else out.push(token)
  })
  return out.join(' ')
}

/** Tidies and applies the known corrections; returns the name and whether a correction applied. */
export function correctScientificName(raw: string): { name: string; corrected: boolean } {
  const tidy = tidyScientificName(raw)
  const corrected = SCIENTIFIC_NAME_CORRECTIONS.get(tidy)
  return corrected ? { name: corrected, corrected: true } : { name: tidy, corrected: false }
}

/** The genus, lower case, ignoring a leading hybrid sign; "R." stays an abbreviation. */
export function genusOf(name: string): string {
  const tokens = name.trim().split(/\s+/)
  const first = isHybridSign(tokens[0] ?? '') ? (tokens[1] ?? '') : (tokens[0] ?? '')
  return first.replace(/^[X×](?=[A-Z])/, '').toLowerCase()
}

/** Same genus, allowing one side to abbreviate it ("R. hybridum" and "Rheum rhabarbarum"). */
export function sameGenus(a: string, b: string): boolean {
  const genusA = genusOf(a)
  const genusB = genusOf(b)
  if (!genusA || !genusB) return false
  const isAbbreviation = (genus: string): boolean => /^[a-z]\.$/.test(genus)
  if (isAbbreviation(genusA) || isAbbreviation(genusB)) return genusA.charAt(0) === genusB.charAt(0)
  return genusA === genusB
}

/**
 * "genus epithet" in lower case, or undefined when the name stops at the genus ("Mentha", "Musa spp.").
 * A hybrid sign is skipped: "Mentha x piperita" and "Mentha piperita" are the same species.
 */
export function speciesOf(name: string): string | undefined {
  const tokens = name
    .trim()
    .split(/\s+/)
    .filter((token) => !isHybridSign(token))
  const genus = tokens[0]
  const epithet = tokens[1]
  if (!genus || !epithet) return undefined
  if (!/^[a-z][a-z-]*$/.test(epithet) || epithet === 'spp' || epithet === 'sp') return undefined
  return `${genus.toLowerCase()} ${epithet}`
}

/** A genus-level name: one word, or "Genus spp.". */
export function isGenusLevel(name: string): boolean {
  return speciesOf(name) === undefined
}

/** A genus as the codes write it: a capital, then lower case; one hyphen is allowed ("Cyrto-hypnum"). */
const GENUS_WORD = /^[A-Z][a-z]+(?:-[a-z]+)?$/

/**
 * The genus of a name at or below species: its first word, where that is a genus word and an epithet
 * follows ("Solanum lycopersicum 'Brandywine'" → Solanum; the nothospecies "Mentha × piperita" →
 * Mentha). Undefined for a genus-level name ("Monarda", "Cymbopogon spp."), for a hybrid genus
 * ("× Triticosecale rimpaui", "XElyleymus aristatus": the sign stands where the genus word is), and for
 * an abbreviation ("R. hybridum").
 */
export function genusOfSpecies(name: string): string | undefined {
  const first = name.trim().split(/\s+/)[0] ?? ''
  return GENUS_WORD.test(first) && !isGenusLevel(name) ? first : undefined
}
