// Growstuff's parent crops as Variety → Plant. Growstuff nests up to four levels (Brassica → Brassica
// oleracea → Acephala group → kale → lacinato kale); Hortus has two, and a Variety's parent is a Plant.
import type { Entry } from './entry.ts'
import { findCropByName, type GrowstuffCrop } from './growstuff.ts'
import { nameKey } from './names.ts'
import type { BuildReport } from './report.ts'
import { correctScientificName, genusOf, isGenusLevel, sameGenus, speciesOf } from './scientific-names.ts'

/**
 * Growstuff crops that are group names, not plants: "Brassica" is the genus the companion table calls
 * "brassicas", a group the issue names as one. Its member species stay, as plants of their own.
 */
const GROUP_CROPS: ReadonlyMap<string, string> = new Map([
  [
    'brassica',
    'the genus Brassica, which gardeners and the companion table call "brassicas", a group name, not a plant; its nine member species (Ethiopian mustard, kai lan, …) stay as plants',
  ],
])

type ParentRelation = 'same species' | 'species of the genus' | 'unrelated'

interface Node {
  crop: GrowstuffCrop
  entry: Entry
  parent?: Node
  relation?: ParentRelation
}

export function growstuffEntries(crops: GrowstuffCrop[], report: BuildReport): Entry[] {
  const kept = crops.filter((crop) => {
    const reason = GROUP_CROPS.get(nameKey(crop.name))
    if (reason) report.dropped.push(`Growstuff "${crop.name}": ${reason}.`)
    return !reason
  })
  const nodes = kept.map((crop): Node => ({ crop, entry: newEntry(crop, report) }))
  const nodeOf = new Map(nodes.map((node) => [node.crop, node]))

  for (const node of nodes) {
    if (!node.crop.parentName) continue
    if (GROUP_CROPS.has(nameKey(node.crop.parentName))) {
      report.hierarchy.push(
        `"${node.crop.name}": parent crop "${node.crop.parentName}" is a group, not a plant (see Entries dropped); kept as a Plant without parent.`,
      )
      continue
    }
    const parentCrop = resolveParent(kept, node.crop.parentName, report, node.crop.name)
    const parent = parentCrop && nodeOf.get(parentCrop)
    if (!parent) continue
    node.parent = parent
    node.relation = relationTo(node.entry.scientificName, parent.entry.scientificName)
  }

  const hasVarietyChildren = (node: Node): boolean =>
    nodes.some((child) => child.parent === node && child.relation !== 'unrelated')
  for (const node of nodes) classify(node, hasVarietyChildren, report)
  for (const node of nodes) {
    if (node.entry.type !== 'Variety') continue
    node.entry.parent = nearestPlant(node)
    if (node.parent && node.entry.parent !== node.parent.entry) {
      report.hierarchy.push(
        `"${node.crop.name}": Growstuff parent "${node.parent.crop.name}" is itself a variety of "${node.entry.parent.name}", which becomes the parent.`,
      )
    }
  }
  return nodes.map((node) => node.entry)
}

function newEntry(crop: GrowstuffCrop, report: BuildReport): Entry {
  const { name: scientificName, corrected } = correctScientificName(crop.scientificName ?? '')
  if (corrected) {
    report.corrections.push(`Growstuff "${crop.name}": "${crop.scientificName}" → "${scientificName}".`)
  }
  return {
    name: crop.name,
    scientificName,
    type: 'Plant',
    sameSpeciesAsParent: false,
    growstuff: crop,
    alternateNames: [...crop.alternateNames],
    wikipedia: crop.wikipedia,
    data: [],
  }
}

/** By crop name; failing that, a one-word parent that is a crop's genus ("Amaranthus" → "amaranth"). */
function resolveParent(
  crops: GrowstuffCrop[],
  parentName: string,
  report: BuildReport,
  childName: string,
): GrowstuffCrop | undefined {
  const byName = findCropByName(crops, parentName)
  if (byName) return byName
  const byGenus = crops.find(
    (crop) =>
      !/\s/.test(parentName) &&
      crop.scientificName !== undefined &&
      isGenusLevel(crop.scientificName) &&
      genusOf(crop.scientificName) === parentName.toLowerCase(),
  )
  if (byGenus) {
    report.hierarchy.push(
      `"${childName}": parent crop "${parentName}" is no Growstuff crop name; it is the genus of "${byGenus.name}" (${byGenus.scientificName}), used as the parent.`,
    )
    return byGenus
  }
  report.hierarchy.push(
    `"${childName}": parent crop "${parentName}" is not in the Growstuff crop list; kept as a Plant without parent.`,
  )
  return undefined
}

/** How a child's scientific name relates to its parent's. A child without one is a cultivar. */
function relationTo(child: string, parent: string): ParentRelation {
  const childSpecies = speciesOf(child)
  if (!child || (childSpecies !== undefined && childSpecies === speciesOf(parent))) return 'same species'
  if (isGenusLevel(parent) && childSpecies !== undefined && sameGenus(child, parent))
    return 'species of the genus'
  return 'unrelated'
}

function classify(node: Node, hasVarietyChildren: (node: Node) => boolean, report: BuildReport): void {
  const { parent, relation, entry } = node
  if (!parent || !relation) return
  const label = `"${node.crop.name}" (${entry.scientificName || 'no scientific name'})`
  const parentLabel = `"${parent.crop.name}" (${parent.entry.scientificName})`
  if (relation === 'same species') {
    entry.type = 'Variety'
    entry.sameSpeciesAsParent = true
  } else if (relation === 'species of the genus' && !hasVarietyChildren(node)) {
    entry.type = 'Variety'
  } else if (relation === 'species of the genus') {
    report.hierarchy.push(
      `${label}: Growstuff parent ${parentLabel} not kept; it is the Plant of its own varieties, and a Variety cannot have varieties.`,
    )
  } else {
    report.hierarchy.push(
      `${label}: Growstuff parent ${parentLabel} not kept; a different species is not a variety of it. Kept as a Plant.`,
    )
  }
}

/** The Plant a Variety hangs from: its parent, or the parent's parent where the parent is a Variety too. */
function nearestPlant(node: Node): Entry {
  let ancestor = node.parent
  while (ancestor && ancestor.entry.type === 'Variety') ancestor = ancestor.parent
  if (!ancestor) throw new Error(`no Plant above "${node.crop.name}"`)
  return ancestor.entry
}
