// The calendar's cultivar entries ("Brandywine Tomato", "Albion Strawberry", Fragaria × ananassa
// 'Albion') as Varieties of their crop, as the dataset does for Growstuff's cultivars: only those the
// calendar tells apart from their crop, by other windows or other days to maturity.
import { type CalendarEntry, calendarAttributes } from './cropgraph.ts'
import { CALENDAR_SYNONYMS, type CalendarMatch, WINDOW_KEYS } from './cropgraph-merge.ts'
import type { Entry } from './entry.ts'
import { nameForms } from './names.ts'
import type { BuildReport } from './report.ts'
import { scientificNameKey } from './usda-names.ts'

export const CULTIVAR_DECISIONS: readonly string[] = [
  "Cultivars from the calendar: a calendar entry that describes no entry is a cultivar of a Plant the calendar describes where its scientific name is that of one of the Plant's calendar entries (a cultivar name in quotes aside: Fragaria × ananassa 'Albion' is Fragaria × ananassa) and its common name is the Plant's name or that entry's name with words before it (\"Brandywine Tomato\" of Tomato, \"Albion Strawberry\" of Strawberry). It becomes a Variety of that Plant only where its windows or its days to maturity differ from the Plant's (the others say nothing the Plant does not), named as the dataset names Growstuff's cultivars: the cultivar's words as the calendar writes them, then the Plant's name in lower case (\"Brandywine tomato\"), with the scientific name of the calendar (its own cultivar name in quotes, or the species, as Growstuff's cultivars take their parent's). Where the Plant has a Variety of that name already (a Growstuff cultivar), the calendar entry describes it and gives it its values. Of two Plants whose names both end the cultivar's, the one named more fully is its crop, and of those the Plant of that very name (\"Provider Bush Bean\" of Bush bean, not of Bean, whose calendar kinds include Bush Bean). A name another entry has is not added, nor a cultivar that two Plants could equally be.",
]

const tokens = (name: string): string[] => name.toLowerCase().split(/\s+/).filter(Boolean)

/** The words of `name` before `crop` at its end ("Brandywine Tomato", "Tomato" → "Brandywine"), if any. */
function wordsBefore(name: string, crop: string): string | undefined {
  const words = name.trim().split(/\s+/)
  const cropWords = tokens(crop)
  if (words.length <= cropWords.length) return undefined
  const tail = words.slice(-cropWords.length).map((word) => word.toLowerCase())
  const same = tail.every((word, index) => {
    const ours = cropWords[index] ?? ''
    return index < cropWords.length - 1
      ? word === ours
      : nameForms(word).some((f) => nameForms(ours).includes(f))
  })
  return same ? words.slice(0, -cropWords.length).join(' ') : undefined
}

/** What tells a calendar entry apart from its crop: its windows and its days to maturity. */
function telling(kinds: CalendarEntry[]): string {
  return calendarAttributes(kinds)
    .filter(({ key }) => (WINDOW_KEYS as readonly string[]).includes(key) || key === 'Days to maturity')
    .map(({ key, value }) => `${key}: ${value}`)
    .join('|')
}

export function addCalendarCultivars(
  entries: Entry[],
  calendar: CalendarEntry[],
  matches: Map<Entry, CalendarMatch>,
  report: BuildReport,
): Entry[] {
  report.cropgraph.push(...CULTIVAR_DECISIONS)
  const synonyms = new Map(CALENDAR_SYNONYMS.map((s) => [scientificNameKey(s.calendar), s.starter]))
  const speciesKey = (name: string): string => {
    const withoutCultivar = name.replace(/\s*'[^']*'\s*$/, '')
    return scientificNameKey(synonyms.get(scientificNameKey(withoutCultivar)) ?? withoutCultivar)
  }
  const used = new Set([...matches.values()].flatMap((match) => match.kinds.map((kind) => kind.slug)))
  const crops = [...matches].filter(([entry]) => entry.type === 'Plant')
  const taken = new Set(entries.flatMap((entry) => [entry.name, ...entry.alternateNames].flatMap(nameForms)))
  const added: Entry[] = []
  let same = 0
  const ambiguous: string[] = []
  const clashing: string[] = []
  const merged: string[] = []
  for (const candidate of calendar) {
    if (used.has(candidate.slug) || /^(microgreen|sprout)-/.test(candidate.slug)) continue
    const key = speciesKey(candidate.scientificName)
    const parents = crops.flatMap(([plant, match]) => {
      const kinds = match.kinds.filter((kind) => speciesKey(kind.scientificName) === key)
      if (kinds.length === 0) return []
      const named = [plant.name, ...kinds.map((kind) => kind.commonName)]
        .map((crop) => ({ crop, before: wordsBefore(candidate.commonName, crop) }))
        .filter(({ before }) => before !== undefined)
        .sort((a, b) => b.crop.length - a.crop.length)[0]
      return named?.before === undefined ? [] : [{ plant, match, before: named.before, crop: named.crop }]
    })
    // The crop named most fully: "Provider Bush Bean" is a cultivar of Bush bean, not of Bean.
    const longest = Math.max(...parents.map(({ crop }) => tokens(crop).length))
    const fuller = parents.filter(({ crop }) => tokens(crop).length === longest)
    // Of those, the Plant of that very name (Bush bean over Bean, whose calendar kinds include Bush Bean).
    const ownName = fuller.filter(({ plant, crop }) => plant.name.toLowerCase() === crop.toLowerCase())
    const fullest = ownName.length === 1 ? ownName : fuller
    const [found] = fullest
    if (!found) continue
    if (fullest.length > 1) {
      ambiguous.push(`${candidate.slug} (${parents.map(({ plant }) => plant.name).join(', ')})`)
      continue
    }
    const { plant, match, before } = found
    if (telling([candidate]) === telling(match.kinds)) {
      same++
      continue
    }
    const name = `${before} ${plant.name.toLowerCase()}`
    // A Variety of this Plant of that name already (a Growstuff cultivar) is the cultivar: it takes the values.
    const existing = entries.find(
      (entry) =>
        entry.parent === plant &&
        !matches.has(entry) &&
        nameForms(entry.name).includes(nameForms(name)[0] ?? ''),
    )
    if (existing) {
      matches.set(existing, { kinds: [candidate], rule: 'calendar cultivar of the same name' })
      merged.push(`${candidate.slug} → "${existing.name}"`)
      continue
    }
    if (nameForms(name).some((form) => taken.has(form))) {
      clashing.push(`${candidate.slug} ("${name}")`)
      continue
    }
    nameForms(name).forEach((form) => taken.add(form))
    const quoted = /'[^']+'\s*$/.exec(candidate.scientificName)?.[0]
    const scientificName = candidate.scientificName.replace(/ x /, ' × ')
    const sameSpecies = speciesKey(plant.scientificName) === key
    const variety: Entry = {
      name,
      // The parent's spelling of the species where it is the parent's ("Fragaria ananassa 'Albion'").
      scientificName: quoted
        ? `${sameSpecies ? plant.scientificName : scientificName.replace(/\s*'[^']*'\s*$/, '')} ${quoted.trim()}`
        : scientificName,
      type: 'Variety',
      parent: plant,
      sameSpeciesAsParent: sameSpecies,
      alternateNames: [],
      data: [],
    }
    matches.set(variety, { kinds: [candidate], rule: 'calendar cultivar' })
    added.push(variety)
  }
  report.counts.push(
    `Calendar cultivars added as Varieties of their crop: ${added.length}; ${merged.length} are a Variety of that name already and give it their values; ${same} more give their crop's windows and days and are not added; ${clashing.length} have the name of an entry; ${ambiguous.length} could be the cultivar of two Plants`,
  )
  report.cropgraph.push(
    `Calendar cultivars that are a Variety of their crop already (${merged.length}): ${merged.join(', ') || 'none'}.`,
    `Calendar cultivars not added, the name of another entry (${clashing.length}): ${clashing.join(', ') || 'none'}; of two Plants (${ambiguous.length}): ${ambiguous.join(', ') || 'none'}.`,
  )
  return [...entries, ...added]
}
