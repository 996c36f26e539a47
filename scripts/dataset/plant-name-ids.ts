// Links to a species' pages at Plants of the World Online (by its IPNI id) and World Flora Online (by its
// WFO id), from open_plant_names' species rows (CC0). A binomial with several rows is a homonym: the
// row whose authors are USDA's for that name is taken, else the only row with an IPNI id, else none.
import { join } from 'node:path'
import { parseCsv } from './csv.ts'
import type { Entry } from './entry.ts'
import type { BuildReport } from './report.ts'
import { readSourceText } from './source-files.ts'
import { scientificNameKey, withoutAuthors } from './usda-names.ts'

export const POWO_KEY = 'Plants of the World Online'
export const WFO_KEY = 'World Flora Online'
const POWO_TAXON = 'https://powo.science.kew.org/taxon/'
const WFO_TAXON = 'https://www.worldfloraonline.org/taxon/'

interface NameRow {
  authors: string
  ipniId: string
  wfoId: string
}

export const NAME_ID_DECISIONS: readonly string[] = [
  `${POWO_KEY} (the vocabulary's key) and ${WFO_KEY} (a key of its own: the vocabulary's link keys each name another site): links to the species' pages, ${POWO_TAXON}<ipni_id> (the IPNI id is an LSID, urn:lsid:ipni.org:names:…) and ${WFO_TAXON}<wfo_id>, from open_plant_names' species rows (data/sources/open-plant-names/, CC0). Only an entry whose scientific name is a binomial gets them (a hybrid sign aside), a Plant or a Variety that is a species of its Plant's genus; a cultivar (even one written with its species' name, as Growstuff's, FarmBot's and the calendar's are) or a botanical variety is not the species its page describes. A binomial with one row takes it. A binomial with several rows is a homonym (one name published more than once, by different authors): the row whose authors are those USDA PLANTS gives the accepted name (data/sources/usda-plants/samanthatovah/names.csv; spaces and full stops aside) is taken; failing one, the only row with an IPNI id (the file gives no nomenclatural status that would set a row aside, so every row counts as valid); failing that, no link, and the name is listed. Where several rows have USDA's authors (the same name twice), the one with an IPNI id among them. A row without an IPNI id gives no ${POWO_KEY} link, one without a WFO id no ${WFO_KEY} link. Never guessed.`,
]

function readRows(sourceDir: string): Map<string, NameRow[]> {
  const [header = [], ...rows] = parseCsv(
    readSourceText(join(sourceDir, 'open-plant-names', 'species-names.csv')),
  )
  const column = (name: string): number => {
    const index = header.indexOf(name)
    if (index < 0) throw new Error(`species-names.csv: no column ${name}`)
    return index
  }
  const [genus, epithet, authors, ipni, wfo] = ['genus', 'name', 'authors', 'ipni_id', 'wfo_id'].map(
    column,
  ) as [number, number, number, number, number]
  const byName = new Map<string, NameRow[]>()
  for (const row of rows) {
    const key = scientificNameKey(`${row[genus] ?? ''} ${row[epithet] ?? ''}`)
    const nameRow = { authors: row[authors] ?? '', ipniId: row[ipni] ?? '', wfoId: row[wfo] ?? '' }
    byName.set(key, [...(byName.get(key) ?? []), nameRow])
  }
  return byName
}

/** USDA's authors of each accepted binomial ("Juglans nigra L." → "L."). */
function usdaAuthors(sourceDir: string): Map<string, string> {
  const path = join(sourceDir, 'usda-plants', 'samanthatovah', 'names.csv')
  const [, ...rows] = parseCsv(readSourceText(path))
  const authors = new Map<string, string>()
  for (const [, synonymSymbol = '', scientificName = ''] of rows) {
    if (synonymSymbol || scientificName.includes('×')) continue
    const name = withoutAuthors(scientificName)
    if (name.split(' ').length !== 2 || !scientificName.startsWith(`${name} `)) continue
    authors.set(scientificNameKey(name), scientificName.slice(name.length + 1).trim())
  }
  return authors
}

const sameAuthors = (a: string, b: string): boolean =>
  a.replace(/[\s.]/g, '').toLowerCase() === b.replace(/[\s.]/g, '').toLowerCase()

/** The row of a binomial by the homonym rule, or why there is none. */
function rowOf(rows: NameRow[], authors: string | undefined): NameRow | string {
  if (rows.length === 1 && rows[0]) return rows[0]
  const byAuthors = authors === undefined ? [] : rows.filter((row) => sameAuthors(row.authors, authors))
  const candidates = byAuthors.length > 0 ? byAuthors : rows
  const withIpni = candidates.filter((row) => row.ipniId)
  if (candidates.length === 1 && candidates[0]) return candidates[0]
  if (withIpni.length === 1 && withIpni[0]) return withIpni[0]
  const said = rows.map((row) => `${row.authors || 'no authors'}${row.ipniId ? '' : ' (no IPNI id)'}`)
  return `${rows.length} rows (${said.join('; ')}), ${authors === undefined ? 'no USDA authors' : `USDA's authors "${authors}"`}${byAuthors.length > 1 ? ` match ${byAuthors.length}` : byAuthors.length === 0 && authors !== undefined ? ' match none' : ''}, and ${withIpni.length} of the candidates have an IPNI id`
}

/** Sets each binomial entry's nameLinks; counts and skipped homonyms go to the report. */
export function attachNameLinks(entries: Entry[], sourceDir: string, report: BuildReport): void {
  report.attributes.push(...NAME_ID_DECISIONS)
  const byName = readRows(sourceDir)
  const authors = usdaAuthors(sourceDir)
  const skipped = new Map<string, string>()
  let byHomonymRule = 0
  for (const entry of entries) {
    const key = scientificNameKey(entry.scientificName)
    if (key.split(' ').length !== 2 || entry.scientificName.includes("'")) continue
    // A cultivar written with its species' name is not the species its page describes.
    if (entry.type === 'Variety' && entry.sameSpeciesAsParent) continue
    const rows = byName.get(key)
    if (!rows) continue
    const row = rowOf(rows, authors.get(key))
    if (typeof row === 'string') {
      skipped.set(entry.scientificName, row)
      continue
    }
    if (rows.length > 1) byHomonymRule++
    entry.nameLinks = {
      ...(row.ipniId ? { powo: `${POWO_TAXON}${row.ipniId}` } : {}),
      ...(row.wfoId ? { wfo: `${WFO_TAXON}${row.wfoId}` } : {}),
    }
  }
  const count = (which: 'powo' | 'wfo'): number => entries.filter((entry) => entry.nameLinks?.[which]).length
  report.counts.push(
    `Plants of the World Online and World Flora Online links (open_plant_names, CC0): ${count('powo')} and ${count('wfo')} entries; ${byHomonymRule} of them homonyms resolved by the rule; ${skipped.size} homonyms skipped (listed under Attributes)`,
  )
  report.attributes.push(
    `Homonyms skipped, no ${POWO_KEY} or ${WFO_KEY} link (${skipped.size}): ${
      [...skipped]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, why]) => `${name}: ${why}`)
        .join('; ') || 'none'
    }.`,
  )
}
