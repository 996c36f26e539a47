// FarmBot's garden crop records (MIT, over OpenFarm's CC0 data): name, binomial, common names (some in
// other languages), description, sun requirement, sowing method (free text), height, spread and row
// spacing in cm, companions by slug. `0` and "" mean unknown, never a value.
import { join } from 'node:path'
import { compareStrings } from './compare-strings.ts'
import type { BuildReport } from './report.ts'
import { tidyScientificName } from './scientific-names.ts'
import { readSourceText } from './source-files.ts'

export interface FarmbotCrop {
  slug: string
  name: string
  /** Tidied and corrected; empty when FarmBot gives none. */
  scientificName: string
  commonNames: string[]
  description: string
  /** "Full Sun", "Partial Sun", "Full Shade", or "". */
  sun: string
  /** Free text ("Direct seed outdoors, thin to 15cm"), trimmed; "" when FarmBot gives none. */
  sowingMethod: string
  heightCm: number
  spreadCm: number
  rowSpacingCm: number
  companions: string[]
  /** FarmBot's path of the crop's photo ("/crops/images/tomato.jpg"), or "" when it has none. */
  image: string
  /** FarmBot's path of the crop's icon ("/crops/icons/tomato.avif"), or "" when it has none. */
  icon: string
}

interface RawCrop {
  name: string
  binomial_name: string
  common_names: string[]
  description: string
  sun_requirements: string
  sowing_method: string
  spread: number
  row_spacing: number
  height: number
  companions: string[]
  image?: string
  icon?: string
  slug: string
}

/** FarmBot binomials as written → the accepted spelling, each with its reason (reported). */
const BINOMIAL_CORRECTIONS: ReadonlyMap<string, { name: string; why: string }> = new Map([
  ['Curcurbita pepo', { name: 'Cucurbita pepo', why: 'misspelt genus' }],
  ['Capiscum annum', { name: 'Capsicum annuum', why: 'misspelt genus and epithet' }],
  ['Capsicum annum', { name: 'Capsicum annuum', why: 'misspelt epithet' }],
  ['Ipomoea batata', { name: 'Ipomoea batatas', why: 'misspelt epithet' }],
  ['Prunus persica var. nucipersic', { name: 'Prunus persica var. nucipersica', why: 'epithet cut short' }],
  [
    'R. raphanistrum subsp. sativus',
    { name: 'Raphanus raphanistrum subsp. sativus', why: 'genus abbreviated' },
  ],
  ['Brassica napus pabularia', { name: 'Brassica napus var. pabularia', why: 'rank marker missing' }],
  [
    'Capsicum annuum glabriusculum',
    { name: 'Capsicum annuum var. glabriusculum', why: 'rank marker missing' },
  ],
  [
    'Malus domestica × M. sylvestris',
    {
      name: 'Malus domestica',
      why: 'a note on the cultivar’s parentage, not a name; the species is Malus domestica',
    },
  ],
])

export function readFarmbot(sourceDir: string, report: BuildReport): FarmbotCrop[] {
  const raw = JSON.parse(readSourceText(join(sourceDir, 'farmbot-crops', 'crops.json'))) as RawCrop[]
  const crops = raw.map((crop) => ({
    slug: crop.slug,
    name: crop.name.trim(),
    scientificName: binomial(crop, report),
    commonNames: distinct(crop.common_names.map((name) => name.trim()).filter(Boolean)),
    description: crop.description.trim(),
    sun: crop.sun_requirements.trim(),
    sowingMethod: crop.sowing_method.trim(),
    heightCm: crop.height > 0 ? crop.height : 0,
    spreadCm: crop.spread > 0 ? crop.spread : 0,
    rowSpacingCm: crop.row_spacing > 0 ? crop.row_spacing : 0,
    companions: crop.companions,
    image: crop.image?.trim() ?? '',
    icon: crop.icon?.trim() ?? '',
  }))
  return crops.sort((a, b) => compareStrings(a.slug, b.slug))
}

/**
 * The first name where FarmBot lists several ("Cannabis sativa / Cannabis indica", "Matricaria
 * chamomilla, Matricaria recutita": synonyms or close species, the first is the accepted one), tidied.
 */
function binomial(crop: RawCrop, report: BuildReport): string {
  const written = crop.binomial_name.trim()
  const first = (written.split(/\s*[/,]\s*/)[0] ?? '').trim()
  const tidy = tidyScientificName(first)
  const correction = BINOMIAL_CORRECTIONS.get(tidy)
  const name = correction?.name ?? tidy
  if (name !== written) {
    const why = correction?.why ?? (first !== written ? 'several names; the first is kept' : 'capitals')
    report.corrections.push(`FarmBot "${crop.name}": binomial "${written}" → "${name}" (${why}).`)
  }
  return name
}

function distinct(names: string[]): string[] {
  const seen = new Set<string>()
  return names.filter((name) => {
    const key = name.toLowerCase()
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
