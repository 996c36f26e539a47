// Attributes of an entry, in the live database's keys and value spellings. Only facts: the sources'
// alternate names and Wikipedia links, the family and genus a scientific name gives, what is eaten of a
// food crop, that a tree is perennial, USDA PLANTS characteristics and FarmBot's crop measurements and
// sowing methods. Anything else is left out rather than guessed. Where two sources give a key, the rule
// of `mergeInto` decides and the report lists the disagreement.
import { alternateNamesSource } from './alternate-names.ts'
import type { SourceId } from './attribution.ts'
import { compareStrings } from './compare-strings.ts'
import type { Attribute, Entry } from './entry.ts'
import { ediblePartsOf } from './edible-parts.ts'
import { familyOfGenus } from './families.ts'
import type { BuildReport } from './report.ts'
import { genusOf, genusOfSpecies } from './scientific-names.ts'
import { farmbotAttributes } from './farmbot-attributes.ts'
import { CALENDAR_KEYS, calendarAttributes } from './cropgraph.ts'
import { POLLINATION } from './cropgraph-companions.ts'
import { POWO_KEY, WFO_KEY } from './plant-name-ids.ts'
import { usdaAttributes } from './usda-attributes.ts'
import { FROST_TOLERANCE_KEY, gardenPlannerAttributes, SEED_DEPTH_KEY } from './open-garden-planner.ts'
import { RECORDED_USES_KEY, useAttributes } from './useful-plants.ts'
import { SYNONYMS_KEY } from './uses-and-synonyms.ts'
import type { Vocabulary } from './vocabulary.ts'

/** Every key the build writes, in the order it writes them. */
const KEY_ORDER = [
  'Alternate name',
  SYNONYMS_KEY,
  'Family',
  'Genus',
  'Edible',
  'Edible parts',
  'Medicinal',
  RECORDED_USES_KEY,
  'Life cycle',
  'Wikipedia',
  'Light requirement',
  'Water requirement',
  'Soil type',
  'Soil pH',
  'USDA Hardiness zone',
  FROST_TOLERANCE_KEY,
  'Height',
  'Width',
  'Spacing',
  'Propagation method',
  'Propagation - Direct sowing',
  'Propagation - Transplanting',
  'Propagation - Cuttings',
  SEED_DEPTH_KEY,
  'Germination time',
  ...CALENDAR_KEYS,
  'Growth',
  'Layer',
  'Nitrogen Fixing',
  'Nitrogen Usage',
  'Utility',
  'Warning',
  'Bloom period',
  'Native to',
  'USDA PLANTS',
  POWO_KEY,
  WFO_KEY,
]

/**
 * The keys the build writes that the Permapeople vocabulary (data-keys.json) lacks, each with why none
 * of its keys fits. Every other key is the vocabulary's, spelled as it spells it.
 */
export const KEYS_OUTSIDE_VOCABULARY: ReadonlyMap<string, string> = new Map([
  [
    SYNONYMS_KEY,
    "the scientific names a species was known by: the vocabulary's Alternate name holds common names, in any language",
  ],
  [
    RECORDED_USES_KEY,
    "every use Kew's checklist records, in one list: the vocabulary's Medicinal, Edible and Utility each say one kind of use, and none fits materials, fuel or gene sources without saying more than the checklist",
  ],
  [
    FROST_TOLERANCE_KEY,
    'how much frost a crop stands (RHS: hardy, half-hardy, tender): the vocabulary has no key for it',
  ],
  [
    SEED_DEPTH_KEY,
    'how deep seed is sown, in centimetres: a key clients of the live service read, which the vocabulary sample lacks',
  ],
  ['Bloom period', "USDA's Bloom Period: the vocabulary has no key for when a plant flowers"],
  [
    WFO_KEY,
    "the link to the species' page at World Flora Online: the vocabulary's link keys (Wikipedia, Plants For A Future, Plants of the World Online) each name another site",
  ],
  [
    'USDA PLANTS',
    "the link to the taxon's USDA PLANTS profile: the vocabulary's link keys (Wikipedia, Plants For A Future, Plants of the World Online) each name another site",
  ],
])

/** Where the starter crops' own attributes come from, for the disagreements list. */
const STARTER_ORIGIN: Record<string, string> = {
  Family: "the build's APG IV family table",
  Genus: "the entry's scientific name",
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
    mergeInto(entry, { data, origin }, usda, { source: 'USDA PLANTS', id: 'usda-plants' }, report)
  }
  if (entry.farmbot && entry.farmbot.length > 0) {
    const farmbot = farmbotAttributes(entry, entry.farmbot, vocabulary, report)
    mergeInto(entry, { data, origin }, farmbot, { source: 'FarmBot', id: 'farmbot' }, report)
  }
  const calendar = [...ownCalendarAttributes(entry), ...ownProblemAttributes(entry)]
  if (calendar.length > 0) {
    mergeInto(entry, { data, origin }, calendar, { source: 'CropGraph', id: 'cropgraph' }, report)
    sowingDisagreements(entry, data, report)
  }
  if (entry.attractsPollinators) {
    const utility = { key: POLLINATION.key, value: vocabulary.spell('Utility', POLLINATION.value) }
    mergeInto(entry, { data, origin }, [utility], { source: 'CropGraph', id: 'cropgraph' }, report)
  }
  if (entry.synonyms) {
    const synonyms = [{ key: SYNONYMS_KEY, value: entry.synonyms.join(', ') }]
    mergeInto(
      entry,
      { data, origin },
      synonyms,
      { source: 'the USDA PLANTS checklist', id: 'usda-plants' },
      report,
    )
  }
  if (entry.uses) {
    const uses = useAttributes(entry.uses, vocabulary)
    mergeInto(entry, { data, origin }, uses, { source: 'Kew', id: 'kew-useful-plants' }, report)
  }
  if (entry.gardenPlanner) {
    const needs = gardenPlannerAttributes(entry.gardenPlanner, vocabulary)
    mergeInto(
      entry,
      { data, origin },
      needs,
      { source: 'Open Garden Planner', id: 'open-garden-planner' },
      report,
    )
  }
  const links = [
    ...(entry.nameLinks?.powo ? [{ key: POWO_KEY, value: entry.nameLinks.powo }] : []),
    ...(entry.nameLinks?.wfo ? [{ key: WFO_KEY, value: entry.nameLinks.wfo }] : []),
  ]
  if (links.length > 0)
    mergeInto(entry, { data, origin }, links, { source: 'open_plant_names', id: 'open-plant-names' }, report)
  const order = (key: string): number => {
    const index = KEY_ORDER.indexOf(key)
    if (index < 0) throw new Error(`attribute key "${key}" has no place in KEY_ORDER`)
    return index
  }
  return data.sort((a, b) => order(a.key) - order(b.key))
}

/**
 * The calendar's attributes of an entry. A Variety whose calendar values are those its parent takes
 * has none of its own: its parent's apply.
 */
export function ownCalendarAttributes(entry: Entry): Attribute[] {
  if (!entry.calendar) return []
  const own = calendarAttributes(entry.calendar.kinds)
  const parent = entry.parent?.calendar ? calendarAttributes(entry.parent.calendar.kinds) : undefined
  const same =
    parent !== undefined &&
    parent.length === own.length &&
    own.every((a) => parent.some((b) => b.key === a.key && b.value === a.value))
  return same ? [] : own
}

/** Pests and Diseases from the calendar crop's pairs, each left out where it is the parent's. */
export function ownProblemAttributes(entry: Entry): Attribute[] {
  const parent = entry.parent?.calendar?.problems ?? []
  return (entry.calendar?.problems ?? []).filter(
    (a) => !parent.some((b) => b.key === a.key && b.value === a.value),
  )
}

/**
 * FarmBot's sowing method against the calendar's windows: where FarmBot's Propagation method says only
 * direct sowing and the calendar has an indoor sowing (or the reverse), both are kept (they are different
 * keys: how FarmBot's growers sow, and when the calendar says to) and the pair is listed.
 */
function sowingDisagreements(entry: Entry, data: Attribute[], report: BuildReport): void {
  const method = data.find(({ key }) => key === 'Propagation method')?.value.toLowerCase()
  if (!method) return
  const has = (key: string): boolean => data.some((a) => a.key === key)
  const direct = method.includes('direct sow')
  const transplant = method.includes('seed - transplant')
  const indoors = has('When to sow (indoors)')
  const outdoors = has('When to sow (outdoors)')
  const against = (what: string): void => {
    report.disagreements.push(
      `${entry.name} (${entry.scientificName}), sowing: FarmBot's Propagation method "${data.find(({ key }) => key === 'Propagation method')?.value}" against CropGraph's calendar, ${what}; both are kept (different keys: how to sow, and when).`,
    )
  }
  if (direct && !transplant && indoors && !outdoors)
    against(
      `which gives only an indoor sowing ("${data.find(({ key }) => key === 'When to sow (indoors)')?.value}")`,
    )
  if (transplant && !direct && outdoors && !indoors)
    against(
      `which gives only an outdoor sowing ("${data.find(({ key }) => key === 'When to sow (outdoors)')?.value}")`,
    )
}

/** What the Growstuff and companion-table entries carried before any other source, with its source. */
function starterAttributes(entry: Entry, vocabulary: Vocabulary): Attribute[] {
  const data: Attribute[] = []
  if (entry.alternateNames.length > 0)
    data.push({
      key: 'Alternate name',
      value: entry.alternateNames.join(', '),
      source: alternateNamesSource(entry),
    })
  const family = familyOfGenus(genusOf(entry.scientificName))
  if (family && vocabulary.has('Family', family))
    data.push({ key: 'Family', value: vocabulary.spell('Family', family), source: 'hortus-build' })
  const genus = genusOfSpecies(entry.scientificName)
  if (genus) data.push({ key: 'Genus', value: genus, source: scientificNameSource(entry) })
  const parts = ediblePartsOf(entry)
  if (parts) {
    data.push({ key: 'Edible', value: 'true', source: 'hortus-build' })
    if (parts.length > 0)
      data.push({
        key: 'Edible parts',
        value: vocabulary.spellList('Edible parts', parts),
        source: 'hortus-build',
      })
  }
  // Every tree is a perennial; the table's type column says which of its plants are trees.
  if (entry.companion?.type === 'tree')
    data.push({
      key: 'Life cycle',
      value: vocabulary.spell('Life cycle', 'Perennial'),
      source: 'wikipedia-companions',
    })
  if (entry.wikipedia) data.push({ key: 'Wikipedia', value: entry.wikipedia, source: 'growstuff' })
  return data
}

/**
 * The source of an entry's scientific name, which its Genus is read from: the source the entry came
 * from first (a merge keeps the first source's name; a cultivar without its own takes its parent's).
 */
export function scientificNameSource(entry: Entry): SourceId {
  if (entry.growstuff) return 'growstuff'
  if (entry.companion) return 'wikipedia-companions'
  if (entry.usda) return 'usda-plants'
  if (entry.farmbot) return 'farmbot'
  if (entry.calendar) return 'cropgraph'
  throw new Error(`no source for the scientific name of "${entry.name}"`)
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
  { source, id }: { source: string; id: SourceId },
  report: BuildReport,
): void {
  for (const attribute of incoming) {
    const existing = data.find(({ key }) => key === attribute.key)
    if (!existing) {
      data.push({ ...attribute, source: id })
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
      existing.source = id
      origin.set(attribute.key, source)
    }
  }
}

/**
 * What Open Garden Planner's values did, by key: written where no other source gave the key, the same as
 * (or within) the value kept, or against it (each of those is listed under Disagreements).
 */
export function reportPlannerAgreement(entries: Entry[], vocabulary: Vocabulary, report: BuildReport): void {
  const tally = new Map<string, [written: number, agreeing: number, against: number]>()
  for (const entry of entries) {
    if (!entry.gardenPlanner) continue
    for (const { key, value } of gardenPlannerAttributes(entry.gardenPlanner, vocabulary)) {
      const kept = entry.data.find((attribute) => attribute.key === key)
      const counts = tally.get(key) ?? [0, 0, 0]
      if (!kept || kept.source === 'open-garden-planner') counts[0]++
      else if (!conflicting(key, kept.value, value)) counts[1]++
      else counts[2]++
      tally.set(key, counts)
    }
  }
  report.counts.push(
    `Open Garden Planner's values, by key, written where no other source gave one / agreeing with the value kept / against it: ${[...tally].map(([key, [written, agreeing, against]]) => `${key} ${written}/${agreeing}/${against}`).join(', ')}`,
  )
}

/** Keys whose values are a number or a range ("55-90"): two that overlap agree. */
const RANGE_KEYS: ReadonlySet<string> = new Set(['Days to maturity', 'Soil pH', 'Germination time'])

function numberRange(value: string): { low: number; high: number } | undefined {
  const match = /^(\d+(?:\.\d+)?)(?:-(\d+(?:\.\d+)?))?$/.exec(value)
  if (!match) return undefined
  const low = Number(match[1])
  return { low, high: match[2] === undefined ? low : Number(match[2]) }
}

/**
 * Whether two values of a key disagree. A light or water value within the other source's list, heights
 * within half of each other (a garden note against a measured mature height), ranges that overlap,
 * germination temperatures a degree apart, and a Warning among the other's are not disagreements.
 */
function conflicting(key: string, kept: string, other: string): boolean {
  if (kept === other) return false
  // Kew's uses add to another source's Utility in Recorded uses (useful-plants.ts), not against it.
  if (key === 'Utility') return false
  if (key === 'Warning') return !kept.toLowerCase().split(', ').includes(other.toLowerCase())
  if (RANGE_KEYS.has(key)) {
    const [a, b] = [numberRange(kept), numberRange(other)]
    return !a || !b || a.high < b.low || b.high < a.low
  }
  if (key === 'Germination temperature') return Math.abs(Number(kept) - Number(other)) > 1
  if (key === 'Light requirement' || key === 'Water requirement') {
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

/**
 * Lists the keys written that the vocabulary lacks, with KEYS_OUTSIDE_VOCABULARY's reasons, and the
 * names that give no Genus. Fails on a key outside the vocabulary that has no reason: a new key is
 * either the vocabulary's or a decision written down.
 */
export function reportKeys(entries: Entry[], vocabulary: Vocabulary, report: BuildReport): void {
  const written = new Set(entries.flatMap((entry) => entry.data.map(({ key }) => key)))
  const outside = KEY_ORDER.filter((key) => written.has(key) && !vocabulary.hasKey(key))
  const unexplained = outside.filter((key) => !KEYS_OUTSIDE_VOCABULARY.has(key))
  if (unexplained.length > 0)
    throw new Error(`keys outside the vocabulary without a reason: ${unexplained.join(', ')}`)
  report.attributes.push(
    `Keys written that the Permapeople vocabulary (data-keys.json) lacks: ${outside.map((key) => `${key} (${KEYS_OUTSIDE_VOCABULARY.get(key)})`).join('; ')}. Every other key written is the vocabulary\u2019s.`,
  )
  const withoutGenus = [
    ...new Set(
      entries
        .filter((entry) => genusOfSpecies(entry.scientificName) === undefined)
        .map((entry) => entry.scientificName),
    ),
  ].sort(compareStrings)
  report.attributes.push(
    `No Genus for these scientific names (a genus only, or a hybrid genus): ${withoutGenus.join(', ')}.`,
  )
}
