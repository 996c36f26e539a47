// FarmBot's crop icons (data/sources/farmbot-crops/icons/, MIT, credited in data/ATTRIBUTION.md), which mark a
// plant's card on the website when the plant has no photo. Which plant each marks is data/crop-icons.json,
// written by the dataset build, which matches each FarmBot crop record to the plant it became exactly as it
// matches the crop's photo (scripts/dataset/farmbot-icons.ts). A plant is known there by its scientific name
// and name, the dataset's identity of a plant, so a plant renamed since has no icon, and one a member
// creates with the same names has the crop's.
import { readFileSync } from 'node:fs'
import { fromRoot } from '../paths.ts'

/** Where the website serves the icons from: its own static route, no CDN. */
export const CROP_ICONS_PATH = '/static/crop-icons/'
export const CROP_ICONS_DIR = fromRoot('data/sources/farmbot-crops/icons')
const CROP_ICONS_FILE = fromRoot('data/crop-icons.json')

interface CropIconsFile {
  plants: { scientific_name: string; name: string; icon: string }[]
}

const identity = (plant: { scientific_name: string; name: string }) =>
  `${plant.scientific_name}\u0000${plant.name}`

let icons: Map<string, string> | undefined

/** The icon of each plant, read once; the file ships with the code (a missing one is a broken install). */
function cropIcons(): Map<string, string> {
  icons ??= new Map(
    (JSON.parse(readFileSync(CROP_ICONS_FILE, 'utf8')) as CropIconsFile).plants.map((plant) => [
      identity(plant),
      `${CROP_ICONS_PATH}${encodeURIComponent(plant.icon)}.webp`,
    ]),
  )
  return icons
}

/** The path of the plant's crop icon, or null when it has none. */
export function cropIconOf(plant: { scientific_name: string; name: string }): string | null {
  return cropIcons().get(identity(plant)) ?? null
}
