// CropGraph's companion and antagonist pairs (companions.json, CC BY 4.0) as link statements: a pair is a
// link where the evidence is strong, or moderate with a mechanism about the two plants themselves. Its
// reason, in the source's words with the strength of its evidence, is the sentence of the link's note.
// "Attracts pollinators" is a property of the flower, not a relation to every plant near it: the flower
// gets the vocabulary's Utility "Attracts pollinators" instead of a link.
import { join } from 'node:path'
import type { CalendarMatch } from './cropgraph-merge.ts'
import type { Entry } from './entry.ts'
import type { Statement } from './links.ts'
import { sentence } from './link-notes.ts'
import type { BuildReport } from './report.ts'
import { readSourceText } from './source-files.ts'

export interface CompanionPair {
  crop: string
  companion: string
  type: 'beneficial' | 'antagonist'
  mechanism: string
  description: string
  strength: 'strong' | 'moderate'
}

export function readCompanionPairs(sourceDir: string): CompanionPair[] {
  const path = join(sourceDir, 'cropgraph', 'companions.json')
  const parsed = JSON.parse(readSourceText(path)) as { license: string; entries: CompanionPair[] }
  if (parsed.license !== 'CC-BY-4.0') throw new Error(`companions licence: ${parsed.license}`)
  return parsed.entries
}

/** Mechanisms about the two plants themselves: a moderate pair with one of them is a link too. */
const ABOUT_THE_PAIR = new Set([
  'nitrogen_fixing',
  'pest_repellent',
  'trap_crop',
  'disease_vector',
  'allelopathic',
  'shade_provider',
  'structural_support',
])

export const POLLINATION = { key: 'Utility', value: 'Attracts pollinators' } as const

export const COMPANION_DECISIONS: readonly string[] = [
  `Companions from CropGraph's companions.json: a pair becomes a link (beneficial → companion-to, antagonist → antagonist-to) where its strength is "strong" (research support), or "moderate" (corroborated tradition) with a mechanism about the two plants themselves: ${[...ABOUT_THE_PAIR].join(', ')}. Moderate pairs for ground cover, space efficiency, nutrient competition or flavour are not links. Both ends must be entries the calendar describes (a slug of a named cultivar the dataset does not have is not its species). The link's note is the pair's reason in CropGraph's words, then the strength of its evidence ("Oregano border deters cabbage moth and looper through the long brussels sprouts season; moderate evidence."; a leading "Same mechanism as …:", which points to another pair, is left out). A pair the companion table already links keeps its link, and its note gains the reason, marked "(CropGraph)"; a pair that one source makes companions and another antagonists is a contradiction, not written, and listed (Contradictions found and skipped).`,
  `Attracts pollinators (mechanism pollinator_attractor, of any strength) is a property of the flower, not a relation to each plant near it: no link, and the flower, the end whose calendar category is flower, herb or cover crop where the other\u2019s is not (vegetable, fruit, root, legume), otherwise the end the reason names first ("Borage flowers attract bumblebees…"), gets ${POLLINATION.key} "${POLLINATION.value}" (the vocabulary's key and value for a plant's functions).`,
]

/** "Same mechanism as cantaloupe: watermelon and …" → "Watermelon and …". */
function reason(pair: CompanionPair): string {
  const own = pair.description.trim().replace(/^Same mechanism as [^:]*:\s*/, '')
  const text = own.replace(/\.$/, '')
  return sentence(`${text.charAt(0).toUpperCase()}${text.slice(1)}; ${pair.strength} evidence`)
}

/** Calendar categories of plants grown for their flowers or as herbs and cover: what draws pollinators. */
const DRAWING = new Set(['flower', 'herb', 'cover-crop'])

/**
 * The flower of a pollinator pair: the end whose calendar category is a flower, herb or cover crop where
 * the other's is not; otherwise the end the reason names first (after a "Same mechanism as …:").
 */
function flowerOf(
  pair: CompanionPair,
  [crop, cropCategory]: [Entry, string | undefined],
  [companion, companionCategory]: [Entry, string | undefined],
): Entry | undefined {
  const drawsCrop = DRAWING.has(cropCategory ?? '')
  const drawsCompanion = DRAWING.has(companionCategory ?? '')
  if (drawsCrop !== drawsCompanion) return drawsCrop ? crop : companion
  const text = pair.description.toLowerCase().replace(/^same mechanism[^:]*:\s*/, '')
  const firstMention = (entry: Entry, slug: string): number => {
    const words = `${entry.name} ${slug}`
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((word) => word.length > 2)
    const at = words.map((word) => text.indexOf(word)).filter((index) => index >= 0)
    return at.length > 0 ? Math.min(...at) : Infinity
  }
  const a = firstMention(crop, pair.crop)
  const b = firstMention(companion, pair.companion)
  return a < b ? crop : b < a ? companion : undefined
}

export function companionStatements(
  pairs: CompanionPair[],
  matches: Map<Entry, CalendarMatch>,
  report: BuildReport,
): { statements: Statement[]; pollinators: Set<Entry> } {
  report.cropgraph.push(...COMPANION_DECISIONS)
  const entriesOfSlug = new Map<string, Entry[]>()
  for (const [entry, match] of matches)
    for (const kind of match.kinds)
      entriesOfSlug.set(kind.slug, [...(entriesOfSlug.get(kind.slug) ?? []), entry])
  // A calendar entry that describes a Plant and its Varieties alike is the Plant.
  const entryOf = (slug: string): Entry | undefined => {
    const found = entriesOfSlug.get(slug) ?? []
    const plants = found.filter((entry) => entry.type === 'Plant')
    const chosen = found.length === 1 ? found : plants
    return chosen.length === 1 ? chosen[0] : undefined
  }
  const categories = new Map<string, string | undefined>()
  for (const match of matches.values())
    for (const kind of match.kinds) categories.set(kind.slug, kind.category)
  const statements: Statement[] = []
  const pollinators = new Set<Entry>()
  const counts = { pairs: pairs.length, notEntries: 0, weak: 0, pollinator: 0, noFlower: 0, same: 0 }
  for (const pair of pairs) {
    const crop = entryOf(pair.crop)
    const companion = entryOf(pair.companion)
    if (!crop || !companion) {
      counts.notEntries++
      continue
    }
    if (crop === companion) {
      counts.same++
      continue
    }
    if (pair.mechanism === 'pollinator_attractor') {
      counts.pollinator++
      const categoryOf = (slug: string): string | undefined => categories.get(slug)
      const flower = flowerOf(pair, [crop, categoryOf(pair.crop)], [companion, categoryOf(pair.companion)])
      if (flower) pollinators.add(flower)
      else counts.noFlower++
      continue
    }
    if (pair.strength !== 'strong' && !ABOUT_THE_PAIR.has(pair.mechanism)) {
      counts.weak++
      continue
    }
    statements.push({
      a: crop,
      b: companion,
      type: pair.type === 'antagonist' ? 'antagonist-to' : 'companion-to',
      text: `CropGraph: ${pair.crop} ${pair.type === 'antagonist' ? 'antagonist of' : 'companion of'} ${pair.companion} (${pair.mechanism.replace(/_/g, ' ')}, ${pair.strength})`,
      subject: crop,
      object: companion,
      claim: { kind: 'reason', sentence: reason(pair) },
      sourceId: 'cropgraph',
    })
  }
  report.counts.push(
    `CropGraph companion pairs: ${counts.pairs}; ${statements.length} statements between entries for links; ${counts.pollinator} pollinator pairs between entries, no links (${pollinators.size} flowers get ${POLLINATION.key} "${POLLINATION.value}"; ${counts.noFlower} pairs whose reason names neither end first); ${counts.weak} moderate pairs of other mechanisms, no links; ${counts.notEntries} pairs with an end that is no entry (mostly named cultivars); ${counts.same} pairs of two kinds of one entry`,
  )
  return { statements, pollinators }
}
