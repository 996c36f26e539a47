// Companions and antagonists on the plant page, compact: a chip per plant with its short reason ("helps",
// "repels aphids") where the link's note gives one, the strongest first and the rest behind "Show all";
// then every note in full with where it came from, behind one disclosure: the licence's credit stays one
// click away, not 3,000 px of it.
import type { ValueOrigin } from '../common/value-source.tsx'
import type { PlantLink } from './plant.tsx'
import { firstAndRest, ShowAll } from './show-all.tsx'

/** A reason short enough for a chip: the note without the plant names it starts or ends with. */
function shortReason(link: Pick<PlantLink, 'name' | 'note'>, plantName: string): string | null {
  const names = [link.name, plantName].map((name) => name.toLowerCase())
  let words = link.note.trim().replace(/\.$/, '')
  for (const name of names) {
    if (words.toLowerCase().startsWith(`${name} `)) words = words.slice(name.length + 1)
  }
  words = words.replace(/;.*$/, '')
  for (const name of names) {
    const at = words.toLowerCase().lastIndexOf(` ${name}`)
    if (at > 0 && at + name.length + 1 === words.length) words = words.slice(0, at)
  }
  words = words.trim()
  return words.length > 0 && words.length <= 40 && !/^source:/i.test(words) ? words : null
}

/**
 * The links the strongest first, as the dataset words them: the plants that help (or should avoid) this one
 * both ways ("Onion and tomato help each other"), then those said to help it ("Basil helps tomato"), then the
 * rest, each in the order given. The first few are what the page shows before "Show all".
 */
function strongestFirst<T extends Pick<PlantLink, 'name' | 'note'>>(links: T[], plantName: string): T[] {
  const plant = plantName.toLowerCase()
  const rank = (link: T): number => {
    const note = link.note.toLowerCase()
    const name = link.name.toLowerCase()
    const both = `${name} and ${plant} `
    if (note.startsWith(both) && note.slice(both.length).split('.')[0]!.endsWith('each other')) return 0
    return note.startsWith(`${name} helps ${plant}`) ? 1 : 2
  }
  // A stable sort: within a rank, the order given.
  return [...links].sort((a, b) => rank(a) - rank(b))
}

export function PlantCompanions({
  title,
  links,
  plantName,
  plantLink,
  empty,
}: {
  title: string
  links: PlantLink[]
  plantName: string
  plantLink: string
  empty: string
}): JSX.Element {
  const id = title.toLowerCase()
  const { first, rest } = firstAndRest(strongestFirst(links, plantName))
  return (
    <section aria-labelledby={id}>
      <h2 id={id} safe>
        {title}
      </h2>
      {links.length === 0 ? (
        <p safe>{empty}</p>
      ) : (
        <>
          <Chips links={first} plantName={plantName} />
          {rest.length ? (
            <ShowAll total={links.length} noun={id}>
              <Chips links={rest} plantName={plantName} />
            </ShowAll>
          ) : (
            ''
          )}
          <details class="link-notes">
            <summary
              safe
            >{`Why, and where each ${title.toLowerCase().replace(/s$/, '')} comes from`}</summary>
            {bySource(links).map(({ origin, links: group }) => (
              <>
                <p class="link-source">
                  <LinkOrigin origin={origin} plantLink={plantLink} />
                </p>
                <ul>
                  {group.map((link) => (
                    <li safe>{`${link.name}: ${link.note}`}</li>
                  ))}
                </ul>
              </>
            ))}
          </details>
        </>
      )}
    </section>
  )
}

function Chips({ links, plantName }: { links: PlantLink[]; plantName: string }): JSX.Element {
  return (
    <ul class="plant-chips">
      {links.map((link) => {
        const reason = shortReason(link, plantName)
        return (
          <li class="chip">
            <a href={link.link} safe>
              {link.name}
            </a>
            {reason ? (
              <span class="why" safe>
                {reason}
              </span>
            ) : (
              ''
            )}
          </li>
        )
      })}
    </ul>
  )
}

/** The links grouped by where they came from, in the order each source first appears: one credit per
 * source rather than one per link. */
function bySource(links: PlantLink[]): { origin: ValueOrigin | undefined; links: PlantLink[] }[] {
  const groups = new Map<string, { origin: ValueOrigin | undefined; links: PlantLink[] }>()
  for (const link of links) {
    const origin = link.origin
    const key = origin?.source ? `source ${origin.source.name}` : `author ${origin?.author ?? ''}`
    const group = groups.get(key) ?? { origin, links: [] }
    group.links.push(link)
    groups.set(key, group)
  }
  return [...groups.values()]
}

function LinkOrigin({
  origin,
  plantLink,
}: {
  origin: ValueOrigin | undefined
  plantLink: string
}): JSX.Element {
  if (origin?.source) {
    const { name, url, license } = origin.source
    return (
      <>
        {'From '}
        {url ? (
          <a href={url} safe>
            {name}
          </a>
        ) : (
          <span safe>{name}</span>
        )}
        {license ? <span safe>{` (${license})`}</span> : ''}:
      </>
    )
  }
  if (!origin || origin.author === 'import')
    return <>From an imported dataset that did not name its source:</>
  return (
    <>
      {'Added by '}
      <span safe>{origin.author}</span>
      {origin.version === null ? (
        ''
      ) : (
        <>
          {' in '}
          <a href={`${plantLink}/history`}>the history</a>
        </>
      )}
      :
    </>
  )
}
