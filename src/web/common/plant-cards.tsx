// Plants as cards, wherever the website lists them (search, categories): the picture, else the crop's
// FarmBot icon, else a drawn sprout; the name, the scientific name, a Variety badge, and the few facts a
// gardener checks first in words (light, water, hardiness, height, life cycle). The whole card is one link.
import type { Plant } from '../../plants/plant.ts'
import type { PictureCredit } from '../../images/image.service.ts'
import { cropIconOf } from '../../images/crop-icons.ts'
import { growIt, hardiness, plainValue, type Units } from './plain-values.ts'

/** The facts on a card, in this order, with the short label each is shown under. */
const CARD_FACTS: [key: string, label: string][] = [
  ['Light requirement', 'Light'],
  ['Water requirement', 'Water'],
  ['USDA Hardiness zone', 'Hardiness'],
  ['Height', 'Height'],
  ['Life cycle', 'Life cycle'],
]

export function PlantCards({
  plants,
  credits,
  units = 'metric',
  start = 1,
}: {
  plants: Plant[]
  credits: Map<number, PictureCredit>
  units?: Units
  /** The number of the first card in the whole list (for screen readers' "item n"). */
  start?: number
}): JSX.Element {
  return (
    <ol class="cards" start={String(start)}>
      {plants.map((plant) => (
        <PlantCard plant={plant} credit={credits.get(plant.id)} units={units} />
      ))}
    </ol>
  )
}

function PlantCard({
  plant,
  credit,
  units,
}: {
  plant: Plant
  credit: PictureCredit | undefined
  units: Units
}): JSX.Element {
  const facts = CARD_FACTS.flatMap(([key, label]) => {
    const attribute = plant.data.find((each) => each.key === key)
    if (!attribute) return []
    const text =
      key === 'USDA Hardiness zone'
        ? shortZone(attribute.value)
        : key === 'Light requirement'
          ? lightSpan(attribute.value)
          : plainValue(key, attribute.value, units)
    return text ? [{ label, text }] : []
  })
  return (
    <li class="card">
      <CardPicture plant={plant} />
      <div class="card-body">
        <h2 class="card-name">
          <a href={plant.link} safe>
            {plant.name}
          </a>
        </h2>
        <p class="card-scientific">
          <i safe>{plant.scientific_name}</i>
          {plant.type === 'Variety' ? <span class="badge">Variety</span> : ''}
        </p>
        {facts.length ? (
          <dl class="card-facts">
            {facts.map(({ label, text }) => (
              <div>
                <dt safe>{label}</dt>
                <dd safe>{text}</dd>
              </div>
            ))}
          </dl>
        ) : (
          ''
        )}
        {credit ? (
          <p class="card-credit">
            {'Photo: '}
            <span safe>{credit.author}</span>
            {', '}
            <a href={credit.deed} safe>
              {credit.license}
            </a>
          </p>
        ) : (
          ''
        )}
      </div>
    </li>
  )
}

/** The photo; without one the crop's icon, or a sprout drawn in the page's colours where the plant has
 * none. Each says nothing a screen reader needs: the card's text names the plant. */
function CardPicture({ plant }: { plant: Plant }): JSX.Element {
  if (plant.images.thumb)
    return (
      <img class="card-picture" src={plant.images.thumb} alt="" width="200" height="150" loading="lazy" />
    )
  const icon = cropIconOf(plant)
  return (
    <span class="card-picture card-placeholder" aria-hidden="true">
      {icon ? (
        <img class="card-icon" src={icon} alt="" width="64" height="64" />
      ) : (
        <svg class="card-mark" viewBox="0 0 24 24" width="40" height="40" focusable="false">
          <path d="M12 21v-9" />
          <path d="M12 12c0-4 3-6.5 7-6.5 0 4-3 6.5-7 6.5z" />
          <path d="M12 14.5c0-3.2-2.4-5.2-5.6-5.2 0 3.2 2.4 5.2 5.6 5.2z" />
        </svg>
      )}
    </span>
  )
}

/** "Zone 4 (−34 °C)": the card's short form of "Hardy to zone 4 (−34 °C / −30 °F)". */
function shortZone(value: string): string {
  const words = hardiness(value)
  const match = words && /zone (\d+) \(([^/]+) \//.exec(words)
  return match ? `Zone ${match[1]} (${match[2]!.trim()})` : value
}

/** "Full sun to full shade": the card's short form of a list of light values. */
const lightSpan = (value: string) =>
  growIt([{ key: 'Light requirement', value }]).find(({ label }) => label === 'Light')?.text ?? value
