// Which starter entry each CropGraph calendar entry describes: the same common name (the calendar's name or
// alias against the entry's name or alternate names) with the species agreeing, or failing that the
// only calendar entry of the entry's scientific name. A few crops the calendar gives only as kinds are
// named by hand (KINDS), each with its reason.
import { CALENDAR_DECISIONS, calendarAttributes, type CalendarEntry, windowKey } from './cropgraph.ts'
import type { Attribute, Entry, ProblemLine } from './entry.ts'
import {
  PROBLEM_DECISIONS,
  problemAttributes,
  problemLines,
  type ProblemRecord,
} from './cropgraph-problems.ts'
import { samePlantName } from './names.ts'
import type { BuildReport } from './report.ts'
import { isGenusLevel, sameGenus, speciesOf } from './scientific-names.ts'
import { scientificNameKey } from './usda-names.ts'

/** The calendar's scientific names that the starter data writes as another (accepted or older) name. */
export const CALENDAR_SYNONYMS: readonly { calendar: string; starter: string; why: string }[] = [
  {
    calendar: 'Salvia rosmarinus',
    starter: 'Rosmarinus officinalis',
    why: 'rosemary, moved to Salvia in 2017; USDA PLANTS and the starter data keep Rosmarinus officinalis',
  },
]

/**
 * Starter plants whose crop the calendar gives only as kinds, each with the kinds that stand for it.
 * Several kinds must give the same windows; Days to maturity spans theirs.
 */
const KINDS: readonly { scientificName: string; name: string; slugs: string[]; why: string }[] = [
  {
    scientificName: 'Capsicum',
    name: 'Pepper',
    slugs: ['pepper-sweet', 'pepper-hot'],
    why: 'the companion table\u2019s pepper (the genus); the calendar\u2019s Sweet Pepper and Hot Pepper are its two general kinds and give the same windows',
  },
  {
    scientificName: 'Mentha',
    name: 'Mint',
    slugs: ['mint-spear', 'mint-pepper'],
    why: 'the genus; the calendar\u2019s Spearmint and Peppermint, the garden mints, give the same window',
  },
  {
    scientificName: 'Phaseolus vulgaris',
    name: 'Bean',
    slugs: ['bush-bean', 'pole-bean'],
    why: 'the common bean; the calendar gives it as Bush Bean and Pole Bean (the starter\u2019s Bush bean and Pole bean take their own), with the same window',
  },
  {
    scientificName: 'Cucumis melo',
    name: 'Melon',
    slugs: ['cantaloupe', 'honeydew'],
    why: 'the species; the calendar gives it as Cantaloupe and Honeydew Melon, its two main groups, with the same windows (its Cucumis melo entries are named cultivars)',
  },
  {
    scientificName: 'Lactuca sativa',
    name: 'Lettuce',
    slugs: ['lettuce-leaf'],
    why: 'the calendar\u2019s Leaf Lettuce is its only Lactuca sativa entry that is not a named cultivar or a botanical variety',
  },
  {
    scientificName: 'Pisum sativum',
    name: 'Pea',
    slugs: ['shelling-pea'],
    why: 'the calendar\u2019s Shelling Pea, the garden pea (its aliases: garden pea, English pea); its other Pisum sativum entries are named cultivars or sprouts',
  },
  {
    scientificName: 'Petroselinum hortense',
    name: 'Parsley',
    slugs: ['parsley-curly'],
    why: 'Petroselinum hortense is a synonym of P. crispum; the calendar\u2019s Curly Parsley is P. crispum var. crispum, the type variety of the species',
  },
]

/** Calendar entries the name rule would take for an entry that they are not, each with its reason. */
const NOT_SAME: readonly { name: string; slug: string; why: string }[] = [
  {
    name: 'Chinese cabbage',
    slug: 'bok-choy',
    why: 'the starter\u2019s Chinese cabbage is Brassica rapa pekinensis (napa cabbage); the calendar\u2019s Bok Choy (subsp. chinensis) gives "chinese cabbage" only as an alias',
  },
]

/** A calendar entry named for a part harvested ("Coriander Seed", "Squash Blossom"), not the crop. */
const PART = /\b(seeds?|leaf|leaves|blossoms?|flowers)$/i

/**
 * Whether two plants' names share a word of three letters or more, written apart or run together
 * ("Blanketflower" and "Blanket Flower", "Crimson beebalm" and "Bee Balm"): the fallback's check that
 * the calendar's only entry of a scientific name is the crop, not one kind of it.
 */
function sharesAWord(entry: Entry, calendar: CalendarEntry): boolean {
  const words = (names: string[]): string[] =>
    names.flatMap((name) => name.toLowerCase().split(/[^a-z]+/)).filter((word) => word.length >= 3)
  const compact = (names: string[]): string[] =>
    names.map((name) => name.toLowerCase().replace(/[^a-z]/g, ''))
  const ours = [entry.name, ...entry.alternateNames]
  const theirs = [calendar.commonName, ...(calendar.aliases ?? [])]
  const within = (found: string[], text: string[]): boolean =>
    found.some((word) => text.some((name) => name.includes(word)))
  return within(words(ours), compact(theirs)) || within(words(theirs), compact(ours))
}

export interface CalendarMatch {
  kinds: CalendarEntry[]
  rule: string
  /** Pests and Diseases of the kinds (cropgraph-problems.ts). */
  problems?: Attribute[]
  /** Their full records, for the line's `problems`. */
  problemLines?: ProblemLine[]
}

/** Sprouts, microgreens and indoor mushrooms are not the garden crop of their species. */
export function usable(entry: CalendarEntry, context: string | undefined): boolean {
  return (
    !entry.scientificName.includes("'") && !/^(microgreen|sprout)-/.test(entry.slug) && context !== 'indoor'
  )
}

export function matchCalendar(
  entries: Entry[],
  calendar: (CalendarEntry & { growingContext?: string })[],
  report: BuildReport,
): Map<Entry, CalendarMatch> {
  report.cropgraph.push(...CALENDAR_DECISIONS)
  const accepted = new Map(CALENDAR_SYNONYMS.map((s) => [scientificNameKey(s.calendar), s.starter]))
  for (const synonym of CALENDAR_SYNONYMS)
    report.cropgraph.push(
      `Synonym: the calendar's ${synonym.calendar} is ${synonym.starter} (${synonym.why}).`,
    )
  const nameOf = (entry: CalendarEntry): string =>
    accepted.get(scientificNameKey(entry.scientificName)) ?? entry.scientificName
  const usableEntries = calendar.filter((entry) => usable(entry, entry.growingContext))
  const bySlug = new Map(calendar.map((entry) => [entry.slug, entry]))
  const bySciKey = new Map<string, CalendarEntry[]>()
  for (const entry of usableEntries) {
    const key = scientificNameKey(nameOf(entry))
    bySciKey.set(key, [...(bySciKey.get(key) ?? []), entry])
  }
  report.cropgraph.push(
    'Which entry a calendar entry is: one whose name or alternate names include the calendar entry\u2019s common name or one of its aliases (as the build compares names: case, spaces, hyphens and a plural ending do not matter), with the species agreeing (the genus where the entry is a genus, and then only the calendar\u2019s own common name counts, not an alias: the alias "capsicum" of Sweet Pepper does not make it the genus Capsicum). Where several calendar entries match, those of the entry\u2019s own scientific name are kept, then those whose own common name (not an alias) is the entry\u2019s name; where several still match and give the same values (the calendar lists some crops twice), the first is taken; where they give different values, none is taken and the entry is listed. Failing a name, the only calendar entry of the entry\u2019s scientific name (hybrid signs and case aside), where their names share a word (written apart or run together: "Blanketflower", "Blanket Flower") and the calendar\u2019s is not a part harvested ("Arugula Flowers", "Coriander Seed"); otherwise it is listed. Sprouts, microgreens and indoor entries (mushrooms) are not used: they are not the garden crop of their species. The crops the calendar gives only as kinds are named by hand (below).',
  )
  const matches = new Map<Entry, CalendarMatch>()
  for (const entry of entries) {
    if (entry.scientificName.includes("'")) continue
    const hand = KINDS.find((k) => k.name === entry.name && k.scientificName === entry.scientificName)
    if (hand) {
      const kinds = hand.slugs.map((slug) => {
        const kind = bySlug.get(slug)
        if (!kind) throw new Error(`CropGraph slug ${slug} not in the calendar`)
        return kind
      })
      matches.set(entry, { kinds, rule: `by hand: ${hand.why}` })
      continue
    }
    const byName = nameMatches(entry, usableEntries, nameOf).filter(
      (candidate) => !NOT_SAME.some((n) => n.name === entry.name && n.slug === candidate.slug),
    )
    const ownName = byName.filter(
      (candidate) => scientificNameKey(nameOf(candidate)) === scientificNameKey(entry.scientificName),
    )
    const sameSpecies = ownName.length > 0 ? ownName : byName
    const ownCommonName = sameSpecies.filter((c) => samePlantName(c.commonName, entry.name))
    const chosen = ownCommonName.length > 0 ? ownCommonName : sameSpecies
    const [first] = chosen
    if (first && chosen.every((c) => sameValues(c, first))) {
      matches.set(entry, { kinds: [first], rule: 'same name' })
      if (chosen.length > 1)
        report.cropgraph.push(
          `"${entry.name}" (${entry.scientificName}) has the name of several calendar entries giving the same values (${chosen.map((c) => c.slug).join(', ')}): the calendar lists the crop twice; the first is taken.`,
        )
      continue
    }
    if (chosen.length > 1) {
      report.cropgraph.push(
        `Not taken: "${entry.name}" (${entry.scientificName}) has the name of several calendar entries that give different values (${chosen.map((c) => `${c.slug}: ${describe(c)}`).join('; ')}); the calendar disagrees with itself, so none is taken.`,
      )
      continue
    }
    const bySci = bySciKey.get(scientificNameKey(entry.scientificName)) ?? []
    const [only] = bySci
    if (bySci.length !== 1 || !only) continue
    if (PART.test(only.commonName) || !sharesAWord(entry, only)) {
      report.cropgraph.push(
        `Not taken: "${entry.name}" (${entry.scientificName}) and the calendar\u2019s only entry of its scientific name, ${only.slug} ("${only.commonName}"): ${PART.test(only.commonName) ? 'a part of the plant harvested, not the crop' : 'their names share no word, so the calendar\u2019s entry may be one kind of it'}.`,
      )
      continue
    }
    matches.set(entry, { kinds: bySci, rule: 'the only entry of its scientific name' })
  }
  for (const { name, slug, why } of NOT_SAME)
    report.cropgraph.push(`Not the same: "${name}" is not the calendar\u2019s ${slug}: ${why}.`)
  for (const hand of KINDS) {
    const entry = entries.find((e) => e.name === hand.name && e.scientificName === hand.scientificName)
    if (!entry) throw new Error(`no starter entry ${hand.name} (${hand.scientificName})`)
    report.cropgraph.push(
      `By hand: "${hand.name}" (${hand.scientificName}) ← ${hand.slugs.join(' and ')}: ${hand.why}.`,
    )
  }
  const used = new Set([...matches.values()].flatMap((match) => match.kinds.map((kind) => kind.slug)))
  report.counts.push(
    `CropGraph crop calendar: ${calendar.length} entries (${usableEntries.length} usable: not a cultivar name, sprout, microgreen or indoor); ${used.size} of them describe ${matches.size} starter plants and varieties`,
  )
  return matches
}

function sameValues(a: CalendarEntry, b: CalendarEntry): boolean {
  return describe(a) === describe(b)
}

/** The calendar values of an entry, as written. */
function describe(entry: CalendarEntry): string {
  return calendarAttributes([entry])
    .map(({ key, value }) => `${key} "${value}"`)
    .join(', ')
}

function nameMatches(
  entry: Entry,
  calendar: CalendarEntry[],
  nameOf: (entry: CalendarEntry) => string,
): CalendarEntry[] {
  const genusOnly = isGenusLevel(entry.scientificName)
  const entryNames = [entry.name, ...entry.alternateNames]
  const species = speciesOf(entry.scientificName)
  return calendar.filter((candidate) => {
    const name = nameOf(candidate)
    if (genusOnly ? !sameGenus(name, entry.scientificName) : speciesOf(name) !== species) return false
    const names = genusOnly ? [candidate.commonName] : [candidate.commonName, ...(candidate.aliases ?? [])]
    return names.some((a) => entryNames.some((b) => samePlantName(a, b)))
  })
}

/** The 40 most-grown garden crops (issue 29), each as the starter entry a search for its name finds. */
export const MOST_GROWN: readonly { crop: string; name: string }[] = [
  ...[
    'tomato',
    'potato',
    'carrot',
    'onion',
    'garlic',
    'lettuce',
    'cabbage',
    'broccoli',
    'cauliflower',
    'kale',
    'spinach',
    'beet',
    'radish',
    'turnip',
    'pea',
  ].map((crop) => ({ crop, name: capitalised(crop) })),
  { crop: 'common bean', name: 'Bean' },
  { crop: 'broad bean', name: 'Fava bean' },
  ...['cucumber', 'zucchini', 'pumpkin', 'melon', 'watermelon', 'pepper', 'eggplant'].map((crop) => ({
    crop,
    name: capitalised(crop),
  })),
  { crop: 'sweet corn', name: 'Sweet corn' },
  ...[
    'leek',
    'celery',
    'parsley',
    'basil',
    'coriander',
    'dill',
    'chives',
    'mint',
    'thyme',
    'rosemary',
    'sage',
    'oregano',
    'strawberry',
    'raspberry',
    'asparagus',
  ].map((crop) => ({ crop, name: capitalised(crop) })),
]

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1)
}

export const WINDOW_KEYS = [
  'When to sow (indoors)',
  'When to sow (outdoors)',
  'When to plant (transplant)',
  'When to plant (division)',
  'When to plant (cuttings)',
] as const

/** Counts of the calendar keys written, the 40 crops' figures, and every match with its rule. */
export function reportCalendar(
  entries: Entry[],
  matches: Map<Entry, CalendarMatch>,
  report: BuildReport,
): void {
  const has = (entry: Entry, key: string): boolean => entry.data.some((a) => a.key === key)
  const counts = [...WINDOW_KEYS, 'Days to maturity', 'Germination temperature', 'Pests', 'Diseases'].map(
    (key) => `${key} ${entries.filter((entry) => has(entry, key)).length}`,
  )
  const withWindow = entries.filter((entry) => WINDOW_KEYS.some((key) => has(entry, key)))
  report.cropgraph.push(
    `Entries with each key from the calendar: ${counts.join(', ')}; with at least one window: ${withWindow.length}.`,
  )
  const inheriting = [...matches.keys()].filter(
    (entry) =>
      entry.parent && matches.has(entry.parent) && !CALENDAR_ENTRY_KEYS.some((key) => has(entry, key)),
  )
  report.cropgraph.push(
    `Varieties the calendar names whose values are their parent\u2019s, so they have none of their own (${inheriting.length}): ${inheriting.map((entry) => `"${entry.name}"`).join(', ') || 'none'}.`,
  )
  let leftOut = 0
  const leftOutEntries: string[] = []
  for (const [entry, match] of matches) {
    const unnamed = match.kinds.flatMap((kind) =>
      kind.windows.filter(
        (window) => window.action === 'plant_now' && windowKey(window, kind.slug) === undefined,
      ),
    )
    if (unnamed.length === 0) continue
    leftOut += unnamed.length
    leftOutEntries.push(`"${entry.name}"`)
  }
  report.cropgraph.push(
    `plant_now windows left out because their note names nothing planted: ${leftOut}, of ${leftOutEntries.length} entries (${leftOutEntries.join(', ')}).`,
  )
  const own = (entry: Entry, keys: readonly string[]): boolean =>
    keys.some((key) => has(entry, key) || (entry.parent !== undefined && has(entry.parent, key)))
  const crops = MOST_GROWN.map(({ crop, name }) => {
    const found = entries.filter((entry) => entry.name === name)
    if (found.length !== 1 || !found[0])
      throw new Error(`most-grown crop ${crop}: ${found.length} entries named ${name}`)
    return { crop, entry: found[0] }
  })
  const windowed = crops.filter(({ entry }) => own(entry, WINDOW_KEYS))
  const problems = crops.filter(({ entry }) => own(entry, ['Pests', 'Diseases']))
  const days = crops.filter(({ entry }) => own(entry, ['Days to maturity']))
  const missing = (list: typeof crops): string =>
    crops
      .filter((crop) => !list.includes(crop))
      .map(({ crop, entry }) => `${crop} ("${entry.name}")`)
      .join(', ') || 'none'
  report.cropgraph.push(
    `The 40 most-grown crops (issue 29), each as the entry a search for its name finds (common bean → "Bean", broad bean → "Fava bean", sweet corn → "Sweet corn", a Variety of Corn), counting a Variety\u2019s parent\u2019s values as the calendar does: ${windowed.length} have a sowing or planting window (not: ${missing(windowed)}); ${days.length} have Days to maturity (not: ${missing(days)}); ${problems.length} have Pests or Diseases (not: ${missing(problems)}).`,
  )
  const lines = [...matches]
    .map(
      ([entry, match]) =>
        `"${entry.name}" (${entry.scientificName}) ← ${match.kinds.map((kind) => kind.slug).join(' + ')} (${match.rule.startsWith('by hand') ? 'by hand' : match.rule})`,
    )
    .sort()
  report.cropgraph.push(`Entries the calendar describes (${lines.length}): ${lines.join('; ')}.`)
}

const CALENDAR_ENTRY_KEYS = [...WINDOW_KEYS, 'Days to maturity', 'Germination temperature']

/** Pests and Diseases on each matched entry, from the pairs of its kinds; the pairs of no entry are counted. */
export function attachProblems(
  matches: Map<Entry, CalendarMatch>,
  records: ProblemRecord[],
  report: BuildReport,
): void {
  report.cropgraph.push(...PROBLEM_DECISIONS)
  const slugs = new Set(records.map((record) => record.pest))
  const byCrop = new Map<string, ProblemRecord[]>()
  for (const record of records) byCrop.set(record.crop, [...(byCrop.get(record.crop) ?? []), record])
  const used = new Set<string>()
  for (const match of matches.values()) {
    const own = match.kinds.flatMap((kind) => byCrop.get(kind.slug) ?? [])
    for (const kind of match.kinds) if (byCrop.has(kind.slug)) used.add(kind.slug)
    if (own.length === 0) continue
    match.problems = problemAttributes(own, slugs)
    match.problemLines = problemLines(own, slugs)
  }
  const unused = [...byCrop.keys()].filter((crop) => !used.has(crop))
  report.counts.push(
    `CropGraph pests and diseases: ${records.length} pairs over ${byCrop.size} crops; ${records.length - unused.reduce((sum, crop) => sum + (byCrop.get(crop)?.length ?? 0), 0)} pairs of ${used.size} crops are on starter entries (the others' crops are calendar entries no starter entry is, or not in the calendar)`,
  )
}
