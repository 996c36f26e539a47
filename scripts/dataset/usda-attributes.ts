// USDA PLANTS characteristics as Hortus attributes, in the keys and value spellings the clients read
// (the Permapeople vocabulary). A value says no more than USDA says, and an unknown is left out.
import type { Attribute } from './entry.ts'
import type { Traits, UsdaTaxon } from './usda.ts'
import type { Vocabulary } from './vocabulary.ts'

/** Written into the build report: each mapping with its reason. */
export const USDA_DECISIONS: readonly string[] = [
  'Light requirement, from Shade Tolerance: Intolerant → "Full sun"; Intermediate → "Full sun, partial sun/shade"; Tolerant → "Full sun, partial sun/shade, full shade". USDA rates how much shade a plant tolerates on a scale whose other end is full sun; it has no value for a plant that needs shade, so every rated plant takes full sun, and tolerance adds the shade values.',
  'Water requirement, from Moisture Use, with Drought and Anaerobic Tolerance as support: Moisture Use Low → "Dry", Medium or High → "Moist"; Drought Tolerance High adds "Dry" (the plant does well in dry soil); Anaerobic Tolerance High, or Medium together with High Moisture Use, adds "Wet" (the plant stands saturated, airless soil). High Moisture Use alone is not "Wet": maize and sunflowers use much water and still need drained soil. Without Moisture Use the attribute is left out; the two tolerances only support it.',
  'Soil type, from the three texture adaptations: Adapted to Coarse Textured Soils → "Light (sandy)", Medium → "Medium", Fine → "Heavy (clay)", as a comma list in that order; left out when USDA says No to all three.',
  'Soil pH: "pH, Minimum" and "pH, Maximum" as "min-max" with one decimal ("4.5-7.5"); left out unless both are given.',
  'USDA Hardiness zone, for perennials only (Duration includes Perennial; an annual is not grown through a winter, so a winter minimum says nothing about where it grows): the zone whose 10 °F band holds "Temperature, Minimum (°F)" (zone 1 starts at −60 °F, zone 4 is −30 to −20 °F, so −28 °F → "4"), and "1" for anything colder than −60 °F. The value is that single zone: USDA gives the coldest temperature the plant stands, not the warmest, so no upper zone is written. A client reading the leading number of a range ("4-9") reads it the same way.',
  'Height: "Height, Mature (feet)" in metres (× 0.3048), rounded to centimetres, written as a plain number ("30.48"), like Width.',
  'Growth, from Growth Rate: Rapid → "Fast", Moderate → "Medium", Slow → "Slow".',
  'Life cycle, from Duration (USDA glues several together: "AnnualPerennial" → "Annual, perennial").',
  'Layer, from Growth Habit and mature height: a Vine → "Vines"; a Tree of 30 ft (9.1 m) or more → "Tall trees" (the canopy of a forest garden), of 15 ft or more → "Trees"; a Tree also rated Shrub and under 15 ft → "Shrubs", a Tree alone under 15 ft → "Trees"; a Shrub → "Shrubs"; a Subshrub → "Shrubs" unless it is also a Forb/herb (then "Herbs"); a Forb/herb or Graminoid → "Herbs", or "Ground cover" where Shape and Orientation is Prostrate and it stays under 1 ft. A Tree-and-Shrub without a height is left out, and no plant is put in the "Roots" layer (USDA does not say what is harvested).',
  'Nitrogen Fixing (the vocabulary\'s key), for Nitrogen Fixation Low, Medium or High: that degree as the value ("High"). "None" is not written: the attribute marks the fixers.',
  'Edible "true" where Palatable Human is Yes. "Palatable Human = No" only means USDA did not rate the plant as human food: it is not evidence that the plant is inedible, so nothing is written.',
  'Warning, from Toxicity Slight, Moderate or Severe: "Toxic, slight toxicity" (and so on): "Toxic" first, the vocabulary\'s value, so a facet search for Warning=Toxic finds it; then its degree. Toxicity "None" is not written.',
  'Bloom period, as USDA writes it ("Late Spring", "Indeterminate").',
  'Native to: the regions where USDA gives the native status N, spelled out (L48 → "Lower 48 US states", AK → "Alaska", HI → "Hawaii", PR → "Puerto Rico", VI → "US Virgin Islands", CAN → "Canada", GL → "Greenland", SPM → "St. Pierre and Miquelon", NAV → "Navassa Island", PB → "Pacific Basin"; the first seven as the vocabulary spells them). Introduced (I), uncertain (N?, I?) and waif (W) statuses are not native and are not written. Only the API table has native status, so taxa of the other scrape have none; cultivars have none (a cultivar is bred, not native).',
  "Family: the build's APG IV table where it knows the genus (the starter dataset already follows it); otherwise USDA's family, spelled as the vocabulary spells it. USDA follows an older system for some families (Aceraceae, Liliaceae, Scrophulariaceae, …), so where the two differ the table wins and the pair is listed under Disagreements. A family the vocabulary lacks is left out.",
  "Alternate name: USDA's common name where the taxon merges into an entry of another name. USDA's synonym rows name other scientific names, not common names: they are used to recognise the same plant (see Merges) and as synonyms for data/openfarm.jsonl, not as alternate names.",
  "USDA PLANTS: a link to the taxon's profile, https://plants.usda.gov/plant-profile/<SYMBOL>; a cultivar links to its species' profile, where USDA lists the cultivar's characteristics.",
  'Cultivars: each of USDA\'s named cultivars becomes a Variety of its species, named "<cultivar> <species common name>" ("Bison big bluestem") with the scientific name "<species> \'<cultivar>\'" (the cultivated-plant code\'s form), carrying the attributes of its own characteristics, mapped as above.',
]

/** USDA's region codes in USDA's order, spelled out (the first seven as the vocabulary spells them). */
const REGIONS: ReadonlyMap<string, string> = new Map([
  ['L48', 'Lower 48 US states'],
  ['AK', 'Alaska'],
  ['HI', 'Hawaii'],
  ['PR', 'Puerto Rico'],
  ['VI', 'US Virgin Islands'],
  ['CAN', 'Canada'],
  ['GL', 'Greenland'],
  ['SPM', 'St. Pierre and Miquelon'],
  ['NAV', 'Navassa Island'],
  ['PB', 'Pacific Basin'],
])

const LIGHT: Record<string, string[]> = {
  Intolerant: ['Full sun'],
  Intermediate: ['Full sun', 'Partial sun/shade'],
  Tolerant: ['Full sun', 'Partial sun/shade', 'Full shade'],
}
const GROWTH: Record<string, string> = { Rapid: 'Fast', Moderate: 'Medium', Slow: 'Slow' }
const DEGREES = new Set(['Low', 'Medium', 'High'])
const TOXICITY = new Set(['Slight', 'Moderate', 'Severe'])

export const USDA_PROFILE = 'https://plants.usda.gov/plant-profile/'

/** The attributes of a taxon (or of one of its cultivars, with `cultivar`), in a fixed key order. */
export function usdaAttributes(
  taxon: UsdaTaxon,
  traits: Traits,
  vocabulary: Vocabulary,
  cultivar: boolean,
): Attribute[] {
  const data: Attribute[] = []
  const add = (key: string, value: string | undefined): void => {
    if (value) data.push({ key, value })
  }
  const light = LIGHT[traits.get('Shade Tolerance') ?? '']
  if (light) add('Light requirement', vocabulary.spellList('Light requirement', light))
  const water = waterRequirement(traits)
  if (water.length > 0) add('Water requirement', vocabulary.spellList('Water requirement', water))
  const soil = soilTypes(traits)
  if (soil.length > 0) add('Soil type', vocabulary.spellList('Soil type', soil))
  add('Soil pH', soilPh(traits))
  if (taxon.durations.includes('Perennial')) add('USDA Hardiness zone', hardinessZone(traits))
  const feet = numberOf(traits.get('Height, Mature (feet)'))
  if (feet !== undefined && feet > 0) add('Height', metres(feet * 0.3048))
  const growth = GROWTH[traits.get('Growth Rate') ?? '']
  if (growth) add('Growth', vocabulary.spell('Growth', growth))
  if (taxon.durations.length > 0) add('Life cycle', vocabulary.spellList('Life cycle', taxon.durations))
  const layer = layerOf(taxon.habits, feet, traits.get('Shape and Orientation'))
  if (layer) add('Layer', vocabulary.spell('Layer', layer))
  const fixation = traits.get('Nitrogen Fixation') ?? ''
  if (DEGREES.has(fixation)) add('Nitrogen Fixing', fixation)
  if (traits.get('Palatable Human') === 'Yes') add('Edible', 'true')
  const toxicity = traits.get('Toxicity') ?? ''
  if (TOXICITY.has(toxicity)) add('Warning', `Toxic, ${toxicity.toLowerCase()} toxicity`)
  add('Bloom period', traits.get('Bloom Period'))
  if (!cultivar) add('Native to', nativeTo(taxon.nativeRegions))
  add('USDA PLANTS', `${USDA_PROFILE}${taxon.symbol}`)
  return data
}

function waterRequirement(traits: Traits): string[] {
  const use = traits.get('Moisture Use')
  if (use !== 'Low' && use !== 'Medium' && use !== 'High') return []
  const anaerobic = traits.get('Anaerobic Tolerance')
  const values: string[] = []
  if (use === 'Low' || traits.get('Drought Tolerance') === 'High') values.push('Dry')
  if (use !== 'Low') values.push('Moist')
  if (anaerobic === 'High' || (anaerobic === 'Medium' && use === 'High')) values.push('Wet')
  return values
}

function soilTypes(traits: Traits): string[] {
  const types: string[] = []
  if (traits.get('Adapted to Coarse Textured Soils') === 'Yes') types.push('Light (sandy)')
  if (traits.get('Adapted to Medium Textured Soils') === 'Yes') types.push('Medium')
  if (traits.get('Adapted to Fine Textured Soils') === 'Yes') types.push('Heavy (clay)')
  return types
}

function soilPh(traits: Traits): string | undefined {
  const min = numberOf(traits.get('pH, Minimum'))
  const max = numberOf(traits.get('pH, Maximum'))
  if (min === undefined || max === undefined || min > max) return undefined
  return `${min.toFixed(1)}-${max.toFixed(1)}`
}

/** Zone 1 is −60 to −50 °F, each zone 10 °F warmer; colder than zone 1 is still zone 1. */
export function hardinessZone(traits: Traits): string | undefined {
  const fahrenheit = numberOf(traits.get('Temperature, Minimum (°F)'))
  if (fahrenheit === undefined) return undefined
  const zone = Math.min(13, Math.max(1, Math.floor((fahrenheit + 60) / 10) + 1))
  return String(zone)
}

/** Metres with at most two decimals and no trailing zeros: "30.48", "0.3", "2". */
export function metres(value: number): string {
  return String(Math.round(value * 100) / 100)
}

function layerOf(habits: string[], feet: number | undefined, shape: string | undefined): string | undefined {
  const has = (habit: string): boolean => habits.includes(habit)
  if (has('Vine')) return 'Vines'
  if (has('Tree')) {
    if (feet !== undefined && feet >= 30) return 'Tall trees'
    if (feet !== undefined && feet >= 15) return 'Trees'
    if (has('Shrub')) return feet === undefined ? undefined : 'Shrubs'
    return 'Trees'
  }
  if (has('Shrub')) return 'Shrubs'
  if (has('Subshrub') && !has('Forb/herb')) return 'Shrubs'
  if (has('Forb/herb') || has('Graminoid') || has('Subshrub')) {
    return shape === 'Prostrate' && feet !== undefined && feet < 1 ? 'Ground cover' : 'Herbs'
  }
  return undefined
}

function nativeTo(regions: string[]): string | undefined {
  const names = [...REGIONS].filter(([code]) => regions.includes(code)).map(([, name]) => name)
  return names.length > 0 ? names.join(', ') : undefined
}

function numberOf(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined
  const value = Number(text)
  return Number.isFinite(value) ? value : undefined
}
