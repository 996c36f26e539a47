// The plant page at each plant's `link`: names, its picture with the credit, description, growing conditions
// at a glance, the other attributes grouped, varieties and links, the revision history, and where the data comes from.
import { ALTERNATE_NAME_KEY, type Plant, type Attribute } from '../../plants/plant.ts'
import type { Difference } from '../../revisions/diff.ts'
import type { ReferredPlants } from '../../revisions/referred-plants.ts'
import { ChangeSummary } from '../common/change-words.tsx'
import { ATTRIBUTION, Layout, type Viewer } from '../common/layout.tsx'
import { PlantActions } from './plant-actions.tsx'
import { PlantPictures, type Picture } from '../pictures/pictures.tsx'
import { PlantProblemSummary } from './plant-problems.tsx'
import { ValueSource, type ValueOrigin } from '../common/value-source.tsx'
import { plainValue } from '../common/plain-values.ts'
import type { PlantProblems } from '../../problems/problems.service.ts'
import { PlantCalendarSection } from '../sowing/plant-calendar.tsx'
import { PlantCompanions } from './plant-companions.tsx'
import { GrowIt } from './grow-it.tsx'
import { firstAndRest, ShowAll } from './show-all.tsx'
import { WINDOW_KEYS } from '../../plants/frost-windows.ts'
import type { PlantCalendarView } from '../sowing/plant-calendar.view.ts'

export interface PlantLink {
  type: 'companion-to' | 'antagonist-to'
  plant_id: number
  name: string
  scientific_name: string
  note: string
  link: string
  /** Where the link came from; absent where the page does not say. */
  origin?: ValueOrigin
}

interface Revision {
  version: number
  note: string
  author: string
  created_at: string
  /** The changes in the terms the history page words them in. */
  differences: Difference[]
}

export interface PlantView {
  plant: Plant
  parent: Plant | null
  /** Its first varieties (VARIETIES_LISTED), and how many it has. */
  varieties: Plant[]
  varietyTotal: number
  links: PlantLink[]
  revisions: Revision[]
  revisionTotal: number
  /** The plants the revisions' link and parent changes name. */
  referred: ReferredPlants
  /** Its pictures, oldest first, the one shown marked. */
  pictures: Picture[]
  /** Where each attribute came from, by key. */
  origins: Map<string, ValueOrigin>
  problems: PlantProblems
  /** When to sow and plant it: its windows, dated for the visitor's frost dates when they gave them. */
  calendar?: PlantCalendarView | undefined
}

/** The panel at the top, in this order: what a gardener checks first. */
export const GROWING_CONDITIONS = [
  'Light requirement',
  'Water requirement',
  'Soil type',
  'Soil pH',
  'USDA Hardiness zone',
  'Height',
  'Width',
  'Life cycle',
  'Growth',
  'Layer',
]

/** The key of the uses the literature records (Kew's checklist), shown with what such a record means. */
const RECORDED_USES = 'Recorded uses'

/** The top panel shows two more keys than the forms and filters suggest: few plants have them. */
const PANEL = GROWING_CONDITIONS.flatMap((key) =>
  key === 'Soil pH'
    ? [key, 'Nitrogen Usage']
    : key === 'USDA Hardiness zone'
      ? [key, 'Frost tolerance']
      : [key],
)

/** The other attributes by group, below the sowing calendar: sowing and harvest follow it. */
const GROUPS: [string, string[]][] = [
  [
    'Sowing and harvest',
    [
      ...Object.keys(WINDOW_KEYS),
      'Days to maturity',
      'Germination temperature',
      'Germination time',
      'Seed planting depth',
      'Spacing',
      'Propagation method',
      'Propagation - Direct sowing',
      'Propagation - Transplanting',
      'Propagation - Cuttings',
    ],
  ],
  [
    'Uses and cautions',
    [RECORDED_USES, 'Medicinal', 'Edible', 'Edible parts', 'Warning', 'Nitrogen Fixing', 'Utility'],
  ],
  ['Pests and diseases, in short', ['Pests', 'Diseases']],
  ['Names and origin', ['Family', 'Genus', ALTERNATE_NAME_KEY, 'Synonyms', 'Native to', 'Bloom period']],
]

/** A group of at most this many attributes takes half the width on a laptop, beside another. */
const SHORT_GROUP = 4

/** A value longer than this many characters is a sentence. */
const LONG_VALUE = 40
/** A value longer than this is a list of several lines (uses, synonyms). */
const LIST_VALUE = 90

/** The varieties page's page size. */
export const VARIETIES_SHOWN = 24
/** The varieties the plant page lists (the first few shown, the rest behind "Show all"); above this many it
 * links to the varieties page for the rest. */
export const VARIETIES_LISTED = 100

export const IN_METRES = new Set(['Height', 'Width'])

/** A companion or antagonist: the other plant's name, linked, and the link's note. */
export function LinkedPlant({
  link,
  plantLink,
}: {
  link: Pick<PlantLink, 'link' | 'name' | 'note' | 'origin'>
  /** The page's plant, for the mark that opens where the link came from. */
  plantLink?: string
}): JSX.Element {
  return (
    <>
      <a href={link.link} safe>
        {link.name}
      </a>
      <span class="note" safe>
        {` — ${link.note}`}
      </span>
      {plantLink ? (
        <ValueSource origin={link.origin} about={`the link to ${link.name}`} plantLink={plantLink} />
      ) : (
        ''
      )}
    </>
  )
}
const isUrl = (value: string) => /^https?:\/\/\S+$/.test(value)

export function PlantPage({
  plant,
  parent,
  varieties,
  varietyTotal,
  links,
  revisions,
  revisionTotal,
  referred,
  pictures,
  origins,
  problems,
  calendar,
  viewer = null,
  watching = false,
}: PlantView & { viewer?: Viewer | null; watching?: boolean }): JSX.Element {
  const byKey = new Map(plant.data.map((attribute) => [attribute.key, attribute]))
  const take = (keys: string[]) =>
    keys.flatMap((key) => {
      const attribute = byKey.get(key)
      byKey.delete(key)
      return attribute ? [attribute] : []
    })
  const conditions = take(PANEL)
  // The sowing calendar lists the plant's own windows, each with its mark: not again under "Sowing and harvest".
  if (calendar && !calendar.parent) take(calendar.words.map(({ key }) => key))
  // The records say more than the names: with them, the names are not shown twice.
  if (problems.problems.length > 0) take(['Pests', 'Diseases'])
  // Kew's record of the uses gives Medicinal, Edible and Utility too: where they come from the same
  // record, the list of uses says them already.
  const usesSource = origins.get(RECORDED_USES)?.source?.name
  if (usesSource)
    for (const key of ['Medicinal', 'Edible', 'Utility'])
      if (origins.get(key)?.source?.name === usesSource) byKey.delete(key)
  const groups = GROUPS.map(([title, keys]) => [title, take(keys)] as const)
  const sources = [...byKey.values()].filter((attribute) => isUrl(attribute.value))
  const more = [...byKey.values()].filter((attribute) => !isUrl(attribute.value))
  const attributes = (list: Attribute[]) => (
    <Attributes list={list} origins={origins} plantLink={plant.link} />
  )
  const companions = links.filter((link) => link.type === 'companion-to')
  const antagonists = links.filter((link) => link.type === 'antagonist-to')
  return (
    <Layout title={plant.name} viewer={viewer}>
      <article class="plant">
        <h1 safe>{plant.name}</h1>
        <p class="scientific">
          <i safe>{plant.scientific_name}</i>
          {parent ? (
            <>
              {' '}
              · a variety of{' '}
              <a href={parent.link} safe>
                {parent.name}
              </a>
            </>
          ) : (
            ''
          )}
        </p>
        <PlantActions plant={plant} viewer={viewer} watching={watching} />
        <div class="plant-top">
          <PlantPictures plant={plant} pictures={pictures} />
          <div>
            {plant.description ? (
              <p class="description" safe>
                {plant.description}
              </p>
            ) : (
              ''
            )}
            <GrowIt data={plant.data} />
            <section aria-labelledby="conditions">
              <h2 id="conditions">Growing conditions</h2>
              {conditions.length ? attributes(conditions) : <p>No growing conditions recorded yet.</p>}
            </section>
          </div>
        </div>
        {calendar ? <PlantCalendarSection view={calendar} origins={origins} /> : ''}
        {/* Two groups side by side on a laptop where they are short. */}
        <div class="plant-groups">
          {[...groups, ['More', more] as const].map(([title, list]) =>
            list.length ? (
              <section class={list.length > SHORT_GROUP ? 'wide' : undefined}>
                <h2 safe>{title}</h2>
                {attributes(list)}
              </section>
            ) : (
              ''
            ),
          )}
        </div>
        {/* Side by side on a laptop: what to grow it with beside what to keep away, its troubles beside its
            varieties. */}
        <div class="plant-pairs">
          <PlantCompanions
            title="Companions"
            links={companions}
            plantName={plant.name}
            plantLink={plant.link}
            empty="No companions recorded."
          />
          <PlantCompanions
            title="Antagonists"
            links={antagonists}
            plantName={plant.name}
            plantLink={plant.link}
            empty="No antagonists recorded."
          />
          <PlantProblemSummary problems={problems} link={plant.link} />
          <PlantList
            title="Varieties"
            plants={varieties}
            total={varietyTotal}
            more={`${plant.link}/varieties`}
            empty="No varieties recorded."
          />
        </div>
        <History revisions={revisions} total={revisionTotal} link={plant.link} referred={referred} />
        <section>
          <h2>Where this data comes from</h2>
          {sources.length ? (
            <ul>
              {sources.map(({ key, value }) => (
                <li>
                  <a href={value} safe>
                    {key}
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            ''
          )}
          <p>
            The <span class="source-mark-sample">i</span> mark by a value opens where it came from: the
            dataset that brought it, or who saved it and in which version. Each change above says why in its
            note.
          </p>
          <p class="attribution">{ATTRIBUTION}</p>
        </section>
      </article>
    </Layout>
  )
}

function Attributes({
  list,
  origins,
  plantLink,
}: {
  list: Attribute[]
  origins: Map<string, ValueOrigin>
  plantLink: string
}): JSX.Element {
  return (
    <dl class="attributes">
      {list.map(({ key, value }) => {
        const words = plainValue(key, value)
        // A sentence takes two columns on a laptop rather than four lines of one, a list the whole row.
        const width = words.length > LIST_VALUE ? 'whole' : words.length > LONG_VALUE ? 'long' : undefined
        return (
          <div class={width}>
            <dt safe>{key}</dt>
            <dd>
              <span class="value" safe>
                {words}
              </span>
              <ValueSource origin={origins.get(key)} about={key} plantLink={plantLink} />
              {key === RECORDED_USES ? <UsesMeaning origin={origins.get(key)} /> : ''}
            </dd>
          </div>
        )
      })}
    </dl>
  )
}

function PlantList({
  title,
  plants,
  total,
  more,
  empty,
}: {
  title: string
  plants: Plant[]
  total: number
  /** The page with all of them, when there are more than shown. */
  more: string
  empty: string
}): JSX.Element {
  const { first, rest } = firstAndRest(plants)
  const noun = title.toLowerCase()
  return (
    <section>
      <h2 safe>{total > 0 ? `${title} (${total})` : title}</h2>
      {plants.length ? <PlantNames plants={first} /> : <p safe>{empty}</p>}
      {rest.length ? (
        <ShowAll total={total} noun={noun}>
          <PlantNames plants={rest} />
          {total > plants.length ? (
            <p>
              <a href={more} safe>{`The other ${total - plants.length}, on the page of all ${noun}`}</a>
            </p>
          ) : (
            ''
          )}
        </ShowAll>
      ) : (
        ''
      )}
      {total > first.length ? (
        <p>
          <a href={more} safe>{`All ${total} ${noun}, with pictures`}</a>
        </p>
      ) : (
        ''
      )}
    </section>
  )
}

function PlantNames({ plants }: { plants: Plant[] }): JSX.Element {
  return (
    <ul class="variety-grid">
      {plants.map((plant) => (
        <li>
          <a href={plant.link} safe>
            {plant.name}
          </a>
        </li>
      ))}
    </ul>
  )
}

function History({
  revisions,
  total,
  link,
  referred,
}: {
  revisions: Revision[]
  total: number
  link: string
  referred: ReferredPlants
}) {
  return (
    <section>
      <h2>History</h2>
      <table class="history">
        <caption safe>{`${total} revision${total === 1 ? '' : 's'}, newest first`}</caption>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Note</th>
            <th scope="col">Author</th>
            <th scope="col">Time</th>
            <th scope="col">Changes</th>
          </tr>
        </thead>
        <tbody>
          {revisions.map((revision) => (
            <tr>
              <td safe>{String(revision.version)}</td>
              <td safe>{revision.note}</td>
              <td safe>{revision.author}</td>
              <td>
                <time datetime={revision.created_at} safe>
                  {revision.created_at.slice(0, 16).replace('T', ' ')}
                </time>
              </td>
              <td>
                <ChangeSummary
                  differences={revision.differences}
                  plants={referred}
                  version={revision.version}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <a href={`${link}/history`}>Full history: every version, and what changed between any two</a>
      </p>
    </section>
  )
}

/** What a recorded use means, and whose record it is, in one line under the uses. */
function UsesMeaning({ origin }: { origin: ValueOrigin | undefined }): JSX.Element {
  // "World Checklist of Useful Plant Species (Diazgranados et al. 2020, …)" → its title.
  const who = origin?.source
    ? `Recorded in the ${origin.source.name.replace(/ \(.*$/, '')}`
    : `Recorded by ${origin?.author ?? 'a member'}`
  return <span class="value-note" safe>{`${who}: uses people have made of it, not advice.`}</span>
}
