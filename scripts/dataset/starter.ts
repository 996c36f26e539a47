// The starter dataset, data/plants.jsonl: the Growstuff crops and the companion table's plants, merged,
// with the table's companion and antagonist links.
import { join } from 'node:path'
import { attachAlternateNameFile, finishAlternateNames } from './alternate-names.ts'
import { farmbotNotice, starterHeader } from './attribution.ts'
import { readSourceText } from './source-files.ts'
import { attributesOf, reportKeys, reportPlannerAgreement } from './attributes.ts'
import { readCompanionTable } from './companion.ts'
import { STARTER_DECISIONS } from './decisions.ts'
import { compareStrings } from './compare-strings.ts'
import { compareEntries, identity, type Entry, type PlantLine } from './entry.ts'
import { unmatchedEdibleNames } from './edible-parts.ts'
import { readGrowstuff } from './growstuff.ts'
import { companionGroups, isGroupRow } from './groups.ts'
import { growstuffEntries } from './hierarchy.ts'
import { jsonLines } from './jsonl.ts'
import { assignLineSource, SOURCE_DECISIONS } from './line-sources.ts'
import type { StarterIdentities } from './openfarm.ts'
import { scientificNameKey } from './usda-names.ts'
import { buildLinks, type Link } from './links.ts'
import { mergeCompanionRows } from './merge.ts'
import { displayName, isCropNoun } from './names.ts'
import type { BuildReport } from './report.ts'
import { readFarmbot } from './farmbot.ts'
import { readCropCalendar } from './cropgraph.ts'
import { attachProblems, matchCalendar, reportCalendar } from './cropgraph-merge.ts'
import { readProblems } from './cropgraph-problems.ts'
import { addCalendarPlants } from './cropgraph-new-plants.ts'
import { addCalendarCultivars } from './cropgraph-cultivars.ts'
import { attachNameLinks } from './plant-name-ids.ts'
import { companionStatements, readCompanionPairs } from './cropgraph-companions.ts'
import { FARMBOT_DECISIONS, farmbotDescription } from './farmbot-attributes.ts'
import { addFarmbotCrops, farmbotStatements } from './farmbot-merge.ts'
import { attachFarmbotPhotos } from './farmbot-images.ts'
import { farmbotIcons, type CropIcon } from './farmbot-icons.ts'
import { reportSowing, SOWING_DECISIONS } from './farmbot-sowing.ts'
import { Synonyms } from './synonyms.ts'
import { readUsda } from './usda.ts'
import { USDA_DECISIONS } from './usda-attributes.ts'
import { addUsdaTaxa } from './usda-merge.ts'
import type { Vocabulary } from './vocabulary.ts'
import { readChecklist } from './usda-checklist.ts'
import { readUsefulPlants, USEFUL_PLANTS_DECISIONS } from './useful-plants.ts'
import { attachUsesAndSynonyms, SYNONYM_DECISIONS } from './uses-and-synonyms.ts'
import { GARDEN_PLANNER_DECISIONS, matchGardenPlanner, readGardenPlanner } from './open-garden-planner.ts'

/**
 * Names the sources give in the plural for a countable crop; the entry takes the singular like all
 * others ("Tomato"). "Chives", "Oats" and "… greens" are the usual names and stay.
 */
const SINGULAR_NAMES: ReadonlyMap<string, string> = new Map([
  ['chickpeas', 'chickpea'],
  ['dates', 'date'],
  ['grapes', 'grape'],
  ['lentils', 'lentil'],
  ['sunflowers', 'sunflower'],
  ['geraniums', 'geranium'],
])

/** Misspelt Growstuff crop names, corrected to the spelling of the crop's Wikipedia article. */
const NAME_CORRECTIONS: ReadonlyMap<string, string> = new Map([
  ['Brassica oleracea Acephela group', 'Brassica oleracea Acephala group'],
  ['red savino pepper', 'red Savina pepper'],
])

export function buildStarter(
  sourceDir: string,
  vocabulary: Vocabulary,
  report: BuildReport,
): { text: string; identities: StarterIdentities; icons: CropIcon[] } {
  report.decisions.push(...STARTER_DECISIONS, ...SOURCE_DECISIONS)
  const growstuff = readGrowstuff(join(sourceDir, 'growstuff'), report)
  const table = readCompanionTable(join(sourceDir, 'wikipedia-companion-plants'))
  const groups = companionGroups(table.rows)

  let entries = growstuffEntries(growstuff.crops, report)
  attachAlternateNameFile(entries, growstuff.alternateNamesByCrop)
  const plantRows = table.rows.filter((row) => {
    if (isGroupRow(row))
      report.dropped.push(
        `Companion table "${row.name}" (${row.scientificName}): a group, not a plant (see Group names).`,
      )
    return !isGroupRow(row)
  })
  entries = mergeCompanionRows(entries, plantRows, report)
  attachAlternateNameFile(entries, growstuff.alternateNamesByCrop)

  finishNames(entries, report)
  report.usda.push(...USDA_DECISIONS)
  report.farmbot.push(...FARMBOT_DECISIONS, ...SOWING_DECISIONS)
  const usda = readUsda(sourceDir, vocabulary.familyNames(), report)
  const synonyms = new Synonyms(usda, report)
  entries = addUsdaTaxa(entries, usda, report)
  const crops = readFarmbot(sourceDir, report)
  const farmbot = addFarmbotCrops(entries, crops, synonyms, report)
  entries = farmbot.entries
  reportSowing(crops, farmbot.entryOfSlug, report)
  attachFarmbotPhotos(sourceDir, crops, farmbot.entryOfSlug, farmbot.droppedSlugs, report)
  finishAlternateNames(entries, report)
  dropSharedWikipediaLinks(entries, report)
  checkUnique(entries)
  const calendarEntries = readCropCalendar(sourceDir)
  const calendar = matchCalendar(entries, calendarEntries, report)
  entries = addCalendarPlants(entries, calendarEntries, calendar, report)
  entries = addCalendarCultivars(entries, calendarEntries, calendar, report)
  checkUnique(entries)
  attachProblems(calendar, readProblems(sourceDir), report)
  for (const [entry, match] of calendar) entry.calendar = match
  const companions = companionStatements(readCompanionPairs(sourceDir), calendar, report)
  for (const flower of companions.pollinators) flower.attractsPollinators = true
  attachNameLinks(entries, sourceDir, report)
  report.decisions.push(...SYNONYM_DECISIONS, ...USEFUL_PLANTS_DECISIONS, ...GARDEN_PLANNER_DECISIONS)
  const checklist = readChecklist(sourceDir)
  attachUsesAndSynonyms(entries, checklist, readUsefulPlants(sourceDir), report)
  const planner = matchGardenPlanner(entries, readGardenPlanner(sourceDir), checklist, report)
  for (const [entry, record] of planner) entry.gardenPlanner = record
  for (const entry of entries) entry.data = attributesOf(entry, vocabulary, report)
  reportPlannerAgreement(entries, vocabulary, report)
  reportCalendar(entries, calendar, report)
  checkAttributes(entries, report)
  reportKeys(entries, vocabulary, report)
  const zoneDisagreements = report.disagreements.filter((d) => /USDA Hardiness zone: .*\(CropGraph\)/.test(d))
  const sowingDisagreements = report.disagreements.filter((d) => d.includes("sowing: FarmBot's"))
  report.counts.push(
    `Disagreements between sources, each listed: ${report.disagreements.length}, of them USDA PLANTS' hardiness zone against the calendar's ${zoneDisagreements.length} (USDA's kept) and FarmBot's sowing method against the calendar's windows ${sowingDisagreements.length} (both kept)`,
  )

  const sorted = [...entries].sort(compareEntries)
  const statements = farmbotStatements(crops, farmbot.entryOfSlug, report)
  const links = buildLinks(sorted, table, groups, [...statements, ...companions.statements], report)
  reportStarterCounts(sorted, links, report)
  const notice = farmbotNotice(readSourceText(join(sourceDir, 'farmbot-crops', 'LICENSE-MIT.txt')))
  const lines = plantLines(sorted, links)
  const withProblems = lines.filter((line) => line.problems)
  report.counts.push(
    `Problems (CropGraph's full pest and disease records, the lines' \`problems\`): ${withProblems.reduce((sum, line) => sum + (line.problems?.length ?? 0), 0)} on ${withProblems.length} Plants`,
  )
  const text = jsonLines(starterHeader(notice), lines)
  // The entries' names are final only now.
  const icons = farmbotIcons(sourceDir, crops, farmbot.entryOfSlug, farmbot.droppedSlugs, report)
  return {
    text,
    identities: { bySpecies: speciesIdentities(sorted), varietyParents: varietyParents(sorted), synonyms },
    icons,
  }
}

/** Shown names, and the parent's scientific name for a cultivar that has none of its own. */
function finishNames(entries: Entry[], report: BuildReport): void {
  for (const entry of entries) {
    const sourceName = entry.growstuff?.name ?? entry.companion?.name ?? entry.name
    const corrected = NAME_CORRECTIONS.get(sourceName)
    if (corrected) report.corrections.push(`Growstuff crop name "${sourceName}" → "${corrected}".`)
    const singular = SINGULAR_NAMES.get(sourceName.toLowerCase())
    entry.name = displayName(corrected ?? singular ?? sourceName, entry.wikipedia)
  }
  for (const entry of entries) {
    if (!entry.scientificName && entry.parent) entry.scientificName = entry.parent.scientificName
    if (!entry.scientificName) throw new Error(`no scientific name for "${entry.name}"`)
  }
}

/**
 * Growstuff gives some crops the article of another ("stupice tomato" → Super_Sweet_100): a link shared
 * by several crops stays only on those whose name shares a word with the article's title.
 */
function dropSharedWikipediaLinks(entries: Entry[], report: BuildReport): void {
  const byUrl = new Map<string, Entry[]>()
  for (const entry of entries) {
    if (!entry.wikipedia) continue
    entry.wikipedia = entry.wikipedia.replace(/^http:\/\//, 'https://')
    byUrl.set(entry.wikipedia, [...(byUrl.get(entry.wikipedia) ?? []), entry])
  }
  for (const [url, sharing] of byUrl) {
    if (sharing.length < 2) continue
    // The disambiguation ("Scotch_bonnet_(pepper)") and the kind of crop say nothing about which crop.
    const title = decodeURIComponent(url.slice(url.lastIndexOf('/') + 1))
      .replace(/\(.*?\)/g, ' ')
      .toLowerCase()
    const titleWords = new Set(title.split(/[^a-z0-9]+/).filter((word) => word && !isCropNoun(word)))
    for (const entry of sharing) {
      const words = entry.name.toLowerCase().split(/[^a-z0-9]+/)
      if (words.some((word) => titleWords.has(word))) continue
      report.dropped.push(
        `Wikipedia link of "${entry.name}" (${url}): the article of another crop, not kept.`,
      )
      entry.wikipedia = undefined
    }
  }
}

function checkUnique(entries: Entry[]): void {
  const seen = new Map<string, Entry>()
  for (const entry of entries) {
    const key = identity(entry)
    if (seen.has(key)) throw new Error(`two entries named ${entry.scientificName} / ${entry.name}`)
    seen.set(key, entry)
  }
}

/** No guessed or negative values: "false" never stands for "unknown". */
function checkAttributes(entries: Entry[], report: BuildReport): void {
  const unmatched = unmatchedEdibleNames(entries)
  if (unmatched.length > 0) throw new Error(`edible-parts names that match no entry: ${unmatched.join(', ')}`)
  for (const entry of entries) {
    for (const { key, value } of entry.data) {
      if (!value.trim() || value === 'false')
        throw new Error(`${entry.name}: bad value for ${key}: "${value}"`)
    }
  }
  const keyCounts = new Map<string, number>()
  for (const entry of entries)
    for (const { key } of entry.data) keyCounts.set(key, (keyCounts.get(key) ?? 0) + 1)
  report.attributes.push(
    `Attributes written: ${[...keyCounts].map(([key, count]) => `${key} ${count}`).join(', ')}.`,
  )
  const withoutFamily = [
    ...new Set(
      entries
        .filter((entry) => !entry.data.some(({ key }) => key === 'Family'))
        .map((entry) => entry.scientificName.split(' ')[0] ?? ''),
    ),
  ].sort(compareStrings)
  report.attributes.push(
    `No Family attribute for the genera ${withoutFamily.join(', ')}: not in the build's family table (disputed or recently moved), and USDA gives none or one the vocabulary lacks.`,
  )
  const having = (...keys: string[]): number =>
    entries.filter((entry) => keys.every((key) => entry.data.some((attribute) => attribute.key === key)))
      .length
  report.attributes.push(
    `Entries with Light requirement, USDA Hardiness zone and Soil type: ${having('Light requirement', 'USDA Hardiness zone', 'Soil type')}; with Water requirement, Height and Life cycle: ${having('Water requirement', 'Height', 'Life cycle')}; with a description: ${entries.filter((entry) => entry.farmbot?.some((crop) => crop.description)).length}.`,
  )
}

function plantLines(entries: Entry[], links: Link[]): PlantLine[] {
  // Each link goes on the end written later, so the plant it names is already in the file above it.
  const position = new Map(entries.map((entry, index) => [entry, index]))
  const linksOf = new Map<Entry, Link[]>()
  for (const link of links) {
    const later = (position.get(link.a) ?? 0) > (position.get(link.b) ?? 0) ? link.a : link.b
    linksOf.set(later, [...(linksOf.get(later) ?? []), link])
  }
  return entries.map((entry): PlantLine => {
    const line: PlantLine = { type: entry.type, scientific_name: entry.scientificName, name: entry.name }
    const description = entry.farmbot ? farmbotDescription(entry.farmbot) : undefined
    if (description) line.description = description
    if (entry.parent) line.parent = { scientific_name: entry.parent.scientificName, name: entry.parent.name }
    if (entry.data.length > 0) line.data = entry.data.map((attribute) => ({ ...attribute }))
    const entryLinks = (linksOf.get(entry) ?? []).map((link) => {
      const other = link.a === entry ? link.b : link.a
      return {
        type: link.type,
        scientific_name: other.scientificName,
        name: other.name,
        note: link.note,
        source: link.source,
      }
    })
    if (entryLinks.length > 0) line.links = entryLinks
    // A Variety has none of its own: the problems API answers its parent's.
    const problems = entry.type === 'Plant' ? entry.calendar?.problemLines : undefined
    if (problems && problems.length > 0) line.problems = problems
    if (entry.images) line.images = entry.images
    return assignLineSource(line)
  })
}

function reportStarterCounts(entries: Entry[], links: Link[], report: BuildReport): void {
  const plants = entries.filter((entry) => entry.type === 'Plant').length
  const varieties = entries.length - plants
  const companions = links.filter((link) => link.type === 'companion-to').length
  report.counts.unshift(
    `Starter dataset (data/plants.jsonl): ${entries.length} plants and varieties: ${plants} Plant, ${varieties} Variety (each with its parent Plant in the file)`,
    `Links: ${links.length} (${companions} companion-to, ${links.length - companions} antagonist-to); contradictions skipped: ${report.contradictions.length}`,
  )
}

/** Each Variety of the dataset, by its identity, and its parent Plant: a Variety cannot be a parent. */
function varietyParents(entries: Entry[]): Map<string, { scientificName: string; name: string }> {
  const parents = new Map<string, { scientificName: string; name: string }>()
  for (const entry of entries)
    if (entry.type === 'Variety' && entry.parent)
      parents.set(identity(entry), { scientificName: entry.parent.scientificName, name: entry.parent.name })
  return parents
}

/**
 * The plant that is each species of the dataset: a Plant of that scientific name, or failing one a
 * Variety that is a species (not a cultivar); left out where several share the name (broccoli and
 * cabbage are both Brassica oleracea).
 */
function speciesIdentities(entries: Entry[]): Map<string, { scientificName: string; name: string }> {
  const byKey = new Map<string, Entry[]>()
  for (const entry of entries) {
    if ((entry.type === 'Variety' && entry.sameSpeciesAsParent) || entry.scientificName.includes("'"))
      continue
    const key = scientificNameKey(entry.scientificName)
    byKey.set(key, [...(byKey.get(key) ?? []), entry])
  }
  const identities = new Map<string, { scientificName: string; name: string }>()
  for (const [key, candidates] of byKey) {
    const plants = candidates.filter((entry) => entry.type === 'Plant')
    const chosen = plants.length > 0 ? plants : candidates
    const [only] = chosen
    if (chosen.length === 1 && only)
      identities.set(key, { scientificName: only.scientificName, name: only.name })
  }
  return identities
}
