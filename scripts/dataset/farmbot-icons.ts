// FarmBot's crop icons as the marks of the website's plant cards that have no photo: each crop record's icon
// (vendored as data/sources/farmbot-crops/icons/<slug>.webp by vendor-farmbot-images.ts) goes to the plant
// the record became, matched exactly as its photo is (farmbot-images.ts): the Plant it merged into or the
// Variety it made. The icons are drawings, not pictures of the plants, so they are not in plants.jsonl; the
// build writes data/crop-icons.json, which names each plant (scientific name and name, the dataset's
// identity of a plant) with its icon, and the website reads it (src/images/crop-icons.ts).
import { existsSync } from 'node:fs'
import { basename, join } from 'node:path'
import { compareStrings } from './compare-strings.ts'
import type { Entry } from './entry.ts'
import type { FarmbotCrop } from './farmbot.ts'
import { FARMBOT_PHOTOS_COMMIT } from './farmbot-images.ts'
import type { BuildReport } from './report.ts'

export interface CropIcon {
  scientific_name: string
  name: string
  /** The icon's file name in data/sources/farmbot-crops/icons/, without `.webp`: the crop's slug. */
  icon: string
}

export const ICON_DECISIONS: readonly string[] = [
  `FarmBot's crop icons (its \`icon\`, a file of FarmBot-Web-App's \`public/crops/icons/\` at commit ${FARMBOT_PHOTOS_COMMIT}: 251 flat drawings, which FarmBot gave to OpenFarm's icon set as CC0 and publishes under its MIT licence) are vendored as 64 px WebP in \`data/sources/farmbot-crops/icons/\`. Each crop record's icon goes to the plant the record became, as its photo does (FarmBot crop photos, above): the Plant it merged into, or the Variety it made; where several crops are one plant, the first in slug order with an icon. They are drawings, not pictures of the plants, so they are not in plants.jsonl: \`data/crop-icons.json\` lists each plant (\`scientific_name\` and \`name\`, as in plants.jsonl) with its \`icon\` (the file's name without \`.webp\`), and the website shows it on the plant's card when the plant has no photo. A variety does not take its parent's icon.`,
]

/** FarmBot's path of a crop's icon ("/crops/icons/tomato.avif") as the vendored file's name ("tomato"). */
const iconName = (crop: FarmbotCrop): string => basename(crop.icon).replace(/\.[a-z]+$/i, '')

/**
 * The icons of the crops that became entries, by entry, in the order of the dataset's names; every crop
 * with an icon that ends on no plant is reported with the reason. Call it once the entries' names are final.
 */
export function farmbotIcons(
  sourceDir: string,
  crops: FarmbotCrop[],
  entryOfSlug: ReadonlyMap<string, Entry>,
  droppedSlugs: ReadonlyMap<string, string>,
  report: BuildReport,
): CropIcon[] {
  const withIcon = crops.filter((crop) => crop.icon).sort((a, b) => compareStrings(a.slug, b.slug))
  const iconOf = new Map<Entry, string>()
  const unplaced: string[] = []
  for (const crop of withIcon) {
    const entry = entryOfSlug.get(crop.slug)
    const icon = iconName(crop)
    if (!entry) {
      const why = droppedSlugs.get(crop.slug) ?? 'it is not an entry of the dataset'
      unplaced.push(`Not on a plant: FarmBot "${crop.name}" (${crop.slug}): ${why}, so its icon is left out.`)
      continue
    }
    if (!existsSync(join(sourceDir, 'farmbot-crops', 'icons', `${icon}.webp`))) {
      unplaced.push(
        `Not on a plant: FarmBot "${crop.name}" (${crop.slug}): its icon ${icon}.webp is not vendored.`,
      )
      continue
    }
    if (!iconOf.has(entry)) iconOf.set(entry, icon)
  }
  const icons = [...iconOf]
    .map(([entry, icon]) => ({ scientific_name: entry.scientificName, name: entry.name, icon }))
    .sort((a, b) => compareStrings(a.name, b.name) || compareStrings(a.scientific_name, b.scientific_name))
  report.icons.push(
    ...ICON_DECISIONS,
    `FarmBot crop records with an icon: ${withIcon.length} of ${crops.length}; plants and varieties with an icon: ${icons.length}; not on a plant: ${unplaced.length}.`,
    ...unplaced,
  )
  return icons
}

/** data/crop-icons.json: what it is and where it comes from, then one plant a line. */
export function cropIconsFile(icons: CropIcon[]): string {
  const head = {
    about:
      "FarmBot's crop icons by the plant of the Hortus starter dataset (data/plants.jsonl) each crop record became, matched as the crop photos are; the website shows a plant's icon on its card when the plant has no photo. Written by scripts/dataset/build.ts (farmbot-icons.ts); do not edit by hand.",
    files: 'data/sources/farmbot-crops/icons/<icon>.webp',
    source: `FarmBot, Farmbot-Web-App at commit ${FARMBOT_PHOTOS_COMMIT}, public/crops/icons/<icon>.avif (https://github.com/FarmBot/Farmbot-Web-App), re-encoded by scripts/dataset/vendor-farmbot-images.ts`,
    license:
      "This list: CC BY-SA 4.0, as part of the Hortus dataset (data/ATTRIBUTION.md). The icons: FarmBot's, MIT, Copyright (c) 2018 Farmbot.io (the notice: data/sources/farmbot-crops/LICENSE-MIT.txt, and in data/ATTRIBUTION.md); FarmBot gave them to OpenFarm as CC0 (openfarmcc/open-crop-icons pull request #22)",
  }
  const lines = Object.entries(head).map(
    ([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)},`,
  )
  const plants = icons.map((icon) => `    ${JSON.stringify(icon)}`).join(',\n')
  return `{\n${lines.join('\n')}\n  "plants": [\n${plants}\n  ]\n}\n`
}
