// USDA PLANTS scientific names, which carry their authors ("Juglans nigra L.", "Achillea millefolium L.
// var. borealis (Bong.) Farw."), hybrid signs glued to the epithet ("Abelia ×grandiflora") and notes
// in brackets ("[chinensis × uniflora]"). The dataset writes the name without authors or notes.

/** USDA's rank markers and how the dataset writes them ("ssp." is the older abbreviation of "subsp."). */
const RANK_MARKERS: ReadonlyMap<string, string> = new Map([
  ['var.', 'var.'],
  ['ssp.', 'subsp.'],
  ['subsp.', 'subsp.'],
  ['f.', 'f.'],
])

const EPITHET = /^[a-z][a-z-]*$/
const HYBRID = '×'

/**
 * "Achillea millefolium L. var. borealis (Bong.) Farw." → "Achillea millefolium var. borealis";
 * "Abelia ×grandiflora (Rovelli ex André) Rehder [chinensis × uniflora]" → "Abelia × grandiflora".
 * Authors sit between the species and a rank marker, so the marker is looked for after them; "L. f."
 * (an author) is not a rank because no epithet follows it.
 */
export function withoutAuthors(usdaName: string): string {
  const tokens = usdaName
    .replace(/\[.*?\]/g, ' ')
    .replaceAll(HYBRID, ` ${HYBRID} `)
    .trim()
    .split(/\s+/)
  const out: string[] = []
  let index = 0
  if (tokens[index] === HYBRID) out.push(tokens[index++] ?? '')
  out.push(tokens[index++] ?? '')
  if (tokens[index] === HYBRID) out.push(tokens[index++] ?? '')
  const epithet = tokens[index]
  if (!epithet || !EPITHET.test(epithet)) return out.filter((token) => token !== HYBRID).join(' ')
  out.push(epithet)
  for (index++; index < tokens.length - 1; index++) {
    const marker = RANK_MARKERS.get(tokens[index] ?? '')
    const infraspecific = tokens[index + 1] ?? ''
    if (marker && EPITHET.test(infraspecific)) {
      out.push(marker, infraspecific)
      break
    }
  }
  return out.join(' ')
}

/**
 * The key under which two spellings of one name are the same: case, hybrid signs and "ssp."/"subsp."
 * do not matter ("Mentha × piperita" = "Mentha piperita", "Citrus ×paradisi" = "Citrus paradisi").
 */
export function scientificNameKey(name: string): string {
  return name
    .replaceAll(HYBRID, ' ')
    .toLowerCase()
    .split(/\s+/)
    .filter((token) => token && token !== 'x')
    .map((token) => (token === 'ssp.' ? 'subsp.' : token))
    .join(' ')
}

/** "Achillea millefolium var. borealis" → "Achillea millefolium"; undefined for a species. */
export function speciesOfInfraspecificName(name: string): string | undefined {
  const tokens = name.split(' ')
  const marker = tokens.findIndex((token) => [...RANK_MARKERS.values()].includes(token))
  return marker > 0 ? tokens.slice(0, marker).join(' ') : undefined
}

/** "<i>Carya alba</i> (L.) Nutt., nom. utique rej." → "Carya alba": USDA marks the name up in HTML. */
export function withoutMarkup(text: string): string {
  return text.replace(/<[^>]+>/g, '')
}
