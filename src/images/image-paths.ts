// Where a picture's sizes are, as plant documents store them (paths; answers make them absolute, see
// http/image-urls.ts), and which picture a document shows. Pure: no database.
import type { ImageSize } from './image-files.ts'
import type { Images, Plant } from '../plants/plant.ts'

/** The paths of an image's sizes, as stored in plant documents; answers make them absolute (image-urls.ts). */
export const imagePath = (id: number, size: Exclude<ImageSize, 'original'>) => `/images/${id}/${size}.webp`
export const imagesOf = (id: number | null): Images =>
  id === null
    ? { thumb: null, title: null }
    : { thumb: imagePath(id, 'thumb'), title: imagePath(id, 'title') }

/** The id of the image a plant document shows, or null. */
export function shownImageId(plant: Pick<Plant, 'images'>): number | null {
  const match = /^\/images\/(\d+)\//.exec(plant.images.thumb ?? '')
  return match ? Number(match[1]) : null
}
