// Attributes of an entry, in the live database's keys and value spellings. Only facts: the sources'
// alternate names and Wikipedia links, the family of a genus, what is eaten of a food crop, that a tree
// is perennial, USDA PLANTS characteristics and FarmBot's crop measurements. Anything else is left out
// rather than guessed. Where two sources give a key, the rule of `mergeInto` decides and the report
// lists the disagreement.
import type { Attribute, Entry } from './entry.ts'
import { ediblePartsOf } from './edible-parts.ts'
import { familyOfGenus } from './families.ts'
import type { BuildReport } from './report.ts'
import { genusOf } from './scientific-names.ts'
import { farmbotAttributes } from './farmbot-attributes.ts'
import { usdaAttributes } from './usda-attributes.ts'
import type { Vocabulary } from './vocabulary.ts'

/** Every key the build writes, in the order it writes them. */
const KEY_ORDER = [
  'Alternate name',
  'Family',
  'Edible',
  'Edible parts',
  'Life cycle',
  'Wikipedia',
  'Light requirement',
  'Water requirement',
  'Soil type',
  'Soil pH',
  'USDA Hardiness zone',
  'Height',
  'Width',
  'Growth',
  'Layer',
  'Nitrogen Fixing',
  'Warning',
  'Bloom period',
  'Native to',
  'USDA PLANTS',
]

/** Where the starter crops' own attributes come from, for the disagreements list. */
const STARTER_ORIGIN: Record<string, string> = {
  Family: "the build's APG IV family table",
  'Life cycle': "the build's rule that a tree is perennial",
  Edible: "the build's edible-parts table",
  'Edible parts': "the build's edible-parts table",
}

export function attributesOf(entry: Entry, vocabulary: Vocabulary, report: BuildReport): Attribute[] {
  const data = starterAttributes(entry, vocabulary)
  const origin = new Map<string, string>(
    data.map(({ key }) => [key, STARTER_ORIGIN[key] ?? 'the starter sources']),
  )
  if (entry.usda) {
    const traits = entry.usdaCultivar?.traits ?? entry.usda.traits ?? new Map<string, string>()
    const usda = usdaAttributes(entry.usda, traits, vocabulary, entry.usdaCultivar !== undefined)
    const family = entry.usda.family
    if (family && vocabulary.has('Family', family))
      usda.unshift({ key: 'Family', value: vocabulary.spell('Family', family) })
    mergeInto(entry, { data, origin }, usda, 'USDA PLANTS', report)
  }
  if (entry.farmbot && entry.farmbot.length > 0) {
    const farmbot = farmbotAttributes(entry, entry.farmbot, vocabulary, report)
    mergeInto(entry, { data, origin }, farmbot, 'FarmBot', report)
  }
  const order = (key: string): number => {
    const index = KEY_ORDER.indexOf(key)
    if (index < 0) throw new Error(`attribute key "${key}" has no place in KEY_ORDER`)
    return index
  }
  return data.sort((a, b) => order(a.key) - order(b.key))
}

/** What the Growstuff and companion-table entries carried before any other source. */
function starterAttributes(entry: Entry, vocabulary: Vocabulary): Attribute[] {
  const data: Attribute[] = []
  if (entry.alternateNames.length > 0)
    data.push({ key: 'Alternate name', value: entry.alternateNames.join(', ') })
  const family = familyOfGenus(genusOf(entry.scientificName))
  if (family && vocabulary.has('Family', family))
    data.push({ key: 'Family', value: vocabulary.spell('Family', family) })
  const parts = ediblePartsOf(entry)
  if (parts) {
    data.push({ key: 'Edible', value: 'true' })
    if (parts.length > 0)
      data.push({ key: 'Edible parts', value: vocabulary.spellList('Edible parts', parts) })
  }
  // Every tree is a perennial; the table's type column says which of its plants are trees.
  if (entry.companion?.type === 'tree')
    data.push({ key: 'Life cycle', value: vocabulary.spell('Life cycle', 'Perennial') })
  if (entry.wikipedia) data.push({ key: 'Wikipedia', value: entry.wikipedia })
  return data
}

/**
 * Adds a source's attributes. A key not there yet is added. For a key already there the value there
 * stays, except Life cycle, where USDA's statement about the taxon replaces the build's "every tree is
 * perennial"; a different value is listed as a disagreement either way.
 */
function mergeInto(
  entry: Entry,
  { data, origin }: { data: Attribute[]; origin: Map<string, string> },
  incoming: Attribute[],
  source: string,
  report: BuildReport,
): void {
  for (const attribute of incoming) {
    const existing = data.find(({ key }) => key === attribute.key)
    if (!existing) {
      data.push({ ...attribute })
      origin.set(attribute.key, source)
      continue
    }
    if (!conflicting(attribute.key, existing.value, attribute.value)) continue
    const replaces = attribute.key === 'Life cycle'
    const kept = replaces ? source : (origin.get(attribute.key) ?? 'the starter sources')
    report.disagreements.push(
      `${entry.name} (${entry.scientificName}), ${attribute.key}: "${existing.value}" (${origin.get(attribute.key)}) against "${attribute.value}" (${source}); ${kept}'s is kept.`,
    )
    if (replaces) {
      existing.value = attribute.value
      origin.set(attribute.key, source)
    }
  }
}

/**
 * Whether two values of a key disagree. A light value within the other source's list, or heights
 * within half of each other (a garden note against a measured mature height), are not disagreements.
 */
function conflicting(key: string, kept: string, other: string): boolean {
  if (kept === other) return false
  if (key === 'Light requirement') {
    const keptValues = kept.toLowerCase().split(', ')
    return !other
      .toLowerCase()
      .split(', ')
      .every((value) => keptValues.includes(value))
  }
  if (key === 'Height') {
    const [low, high] = [Number(kept), Number(other)].sort((a, b) => a - b)
    return low === undefined || high === undefined || high > low * 1.5
  }
  return true
}
