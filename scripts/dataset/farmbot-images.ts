// FarmBot's crop photos as the starter pictures: each crop record's photo (vendored re-encoded as
// data/sources/farmbot-crops/images/<slug>.webp by vendor-farmbot-images.ts) goes on the plant the record
// became, variety or not, as an entry of the plant line's `images`; the importer adds it as a picture of
// that plant (src/transfer/import-images.ts). The icons go to the same plants, for the website's cards, not as
// pictures (farmbot-icons.ts).
import { existsSync } from 'node:fs'
import { basename, join } from 'node:path'
import { compareStrings } from './compare-strings.ts'
import type { Entry, ImageLine } from './entry.ts'
import type { FarmbotCrop } from './farmbot.ts'
import type { BuildReport } from './report.ts'

/** The FarmBot-Web-App commit whose `public/crops/` the photos were taken from. */
export const FARMBOT_PHOTOS_COMMIT = '08cf4fb'

/** Every photo's credit and licence: OpenFarm's contributors gave them as CC0; FarmBot passes them on under MIT. */
export const FARMBOT_PHOTO = {
  author: 'FarmBot (MIT), from OpenFarm',
  license: 'CC0-1.0',
  note: "Crop photo from FarmBot's crop data (OpenFarm contributors' photos, CC0)",
} as const

export const PHOTO_DECISIONS: readonly string[] = [
  `Each crop record's photo (its \`image\`, a file of FarmBot-Web-App's \`public/crops/images/\` at commit ${FARMBOT_PHOTOS_COMMIT}) goes on the plant the record became: the Plant it merged into, or the Variety it made (the tomato, pepper and basil cultivars keep their own photos), as an entry of the plant line's \`images\`. \`file\` is the vendored copy, relative to the folder of plants.jsonl (\`sources/farmbot-crops/images/<slug>.webp\`: WebP at quality 70, at most 600 px wide, re-encoded from FarmBot's JPEG by \`scripts/dataset/vendor-farmbot-images.ts\`); \`source_url\` is the original file in FarmBot-Web-App. Where several crops are one plant, their photos go on it in slug order, and the importer shows the first.`,
  `Licence and credit: OpenFarm's crop photos were contributed to OpenFarm as CC0 (openfarmcc/OpenFarm issue #751), and FarmBot redistributes them under its MIT licence since it moved its crop data off OpenFarm (January 2025). Each photo is therefore recorded as \`${FARMBOT_PHOTO.license}\` with the author "${FARMBOT_PHOTO.author}", which names both, and the note "${FARMBOT_PHOTO.note}". FarmBot's MIT notice is \`data/sources/farmbot-crops/LICENSE-MIT.txt\` beside the photos, and in ATTRIBUTION.md.`,
  "FarmBot's crop icons (`icons/<slug>.avif`, 251 flat drawings) are not pictures of the plants and are not in plants.jsonl: they mark the website's plant cards that have no photo (FarmBot crop icons, below).",
]

const sourceUrl = (crop: FarmbotCrop): string =>
  `https://github.com/FarmBot/Farmbot-Web-App/blob/${FARMBOT_PHOTOS_COMMIT}/public${crop.image}`

/** The vendored file of a crop's photo, relative to data/ (the folder of plants.jsonl). */
const vendoredFile = (crop: FarmbotCrop): string =>
  `sources/farmbot-crops/images/${basename(crop.image).replace(/\.[a-z]+$/i, '')}.webp`

/**
 * The photos of the crops that became entries, on those entries; every crop with a photo that ends on
 * no plant is reported with the reason.
 */
export function attachFarmbotPhotos(
  sourceDir: string,
  crops: FarmbotCrop[],
  entryOfSlug: ReadonlyMap<string, Entry>,
  droppedSlugs: ReadonlyMap<string, string>,
  report: BuildReport,
): void {
  const withPhoto = crops.filter((crop) => crop.image).sort((a, b) => compareStrings(a.slug, b.slug))
  const unattached: string[] = []
  let attached = 0
  for (const crop of withPhoto) {
    const file = vendoredFile(crop)
    const entry = entryOfSlug.get(crop.slug)
    if (!entry) {
      const why = droppedSlugs.get(crop.slug) ?? 'it is not an entry of the dataset'
      unattached.push(
        `Not on a plant: FarmBot "${crop.name}" (${crop.slug}): ${why}, so its photo is left out.`,
      )
      continue
    }
    if (!existsSync(join(sourceDir, file.replace(/^sources\//, '')))) {
      unattached.push(
        `Not on a plant: FarmBot "${crop.name}" (${crop.slug}): its photo ${file} is not vendored.`,
      )
      continue
    }
    const image: ImageLine = {
      file,
      author: FARMBOT_PHOTO.author,
      license: FARMBOT_PHOTO.license,
      source_url: sourceUrl(crop),
      note: FARMBOT_PHOTO.note,
    }
    entry.images = [...(entry.images ?? []), image]
    attached++
  }
  const plants = new Set(withPhoto.map((crop) => entryOfSlug.get(crop.slug)).filter(Boolean)).size
  const shared = [...new Set(withPhoto.map((crop) => entryOfSlug.get(crop.slug)))].filter(
    (entry): entry is Entry => (entry?.images?.length ?? 0) > 1,
  )
  report.photos.push(
    ...PHOTO_DECISIONS,
    `FarmBot crop records with a photo: ${withPhoto.length} of ${crops.length}; photos attached: ${attached}, on ${plants} plants and varieties; not attached: ${unattached.length}.`,
    ...shared
      .sort((a, b) => compareStrings(a.name, b.name))
      .map(
        (entry) =>
          `"${entry.name}" has ${entry.images?.length} photos, of the crops ${(entry.farmbot ?? [])
            .filter((crop) => crop.image)
            .map((crop) => crop.slug)
            .sort(compareStrings)
            .join(', ')}; it shows the first.`,
      ),
    ...unattached,
  )
}
