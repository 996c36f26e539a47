// Every value and link of a plant line names its source (an id of the header's sources). The line names
// the most common one, and a value or link names its own only where it differs, so a line from one
// source carries one `source`.
import type { SourceId } from './attribution.ts'
import type { PlantLine } from './entry.ts'

/** Written into the build report. */
export const SOURCE_DECISIONS: readonly string[] = [
  "Sources: every value and link names where it came from, as the `id` of one of the header's sources: growstuff, wikipedia-companions, usda-plants, farmbot, cropgraph, openfarm, and hortus-build for what the build's own tables give (Family from its APG IV table, Edible and Edible parts from its edible-parts table). A plant line's `source` is the most common origin of its values and links (the first met where two are as common); a value or link names its own only where it differs. Genus is read from the scientific name and names the name's source (the source the entry came from first). Life cycle \"Perennial\" of a tree names the companion table (its type column says tree) unless USDA's differing Life cycle replaces it. A value that two sources give alike names the one whose value was there first (the order of Disagreements between sources). Alternate name, one value gathered from several sources, names the source of most of its names (the first name's where two give as many). A link names the source of its statements, the companion table where FarmBot says the same. Each line of data/openfarm.jsonl names openfarm.",
]

/** Sets the line's `source` and leaves out each item's where it is the line's. Every item must have one. */
export function assignLineSource(line: PlantLine): PlantLine {
  const items = [...(line.data ?? []), ...(line.links ?? [])]
  const counts = new Map<SourceId, number>()
  for (const item of items) {
    if (!item.source) throw new Error(`${line.name}: a value or link without a source`)
    counts.set(item.source, (counts.get(item.source) ?? 0) + 1)
  }
  let lineSource: SourceId | undefined
  let most = 0
  // Ties go to the source met first (values come in a fixed key order), so the file is reproducible.
  for (const [source, count] of counts) {
    if (count > most) [lineSource, most] = [source, count]
  }
  if (!lineSource) return line
  for (const item of items) if (item.source === lineSource) delete item.source
  // `source` after the names and parent, before the values.
  const { data, links, problems, images, ...rest } = line
  return {
    ...rest,
    source: lineSource,
    ...(data ? { data } : {}),
    ...(links ? { links } : {}),
    ...(problems ? { problems } : {}),
    ...(images ? { images } : {}),
  }
}
