// What a person can do on a plant page: edit it, add a variety, change its companions and antagonists, add a
// picture, watch it, or, when not logged in, log in first. The forms are their own pages, so the plant page holds no form token.
import type { Plant } from '../../plants/plant.ts'
import type { Viewer } from '../common/layout.tsx'

export function PlantActions({
  plant,
  viewer,
  watching,
}: {
  plant: Plant
  viewer: Viewer | null
  /** The viewer watches the plant (its watch page stops that). */
  watching: boolean
}): JSX.Element {
  if (!viewer)
    return (
      <p class="plant-actions">
        <a href={`/login?next=${encodeURIComponent(`${plant.link}/edit`)}`}>Log in to edit</a> this plant, add
        a variety, a companion or a picture.
      </p>
    )
  return (
    <nav class="plant-actions" aria-label="Change this plant">
      <a class="button" href={`${plant.link}/edit`}>
        Edit this plant
      </a>
      <a class="button secondary" href={`${plant.link}/links`}>
        Companions and antagonists
      </a>
      <a class="button secondary" href={`${plant.link}/pictures/new`}>
        Add a picture
      </a>
      {plant.type === 'Plant' ? (
        <a class="button secondary" href={`/plants/new?parent=${encodeURIComponent(plant.slug)}`}>
          Add a variety
        </a>
      ) : (
        ''
      )}
      <a href={`${plant.link}/watch`}>{watching ? 'Watching: stop' : 'Watch this plant'}</a>
      <a href="/plants/new">Add a new plant</a>
    </nav>
  )
}
