// Companions and antagonists on the plant page, compact: a chip per plant with its short reason ("helps",
// "repels aphids") where the link's note gives one, then every note in full with where it came from,
// behind one disclosure: the licence's credit stays one click away, not 3,000 px of it.
import type { ValueOrigin } from './value-source.tsx'
import type { PlantLink } from './plant.tsx'

/** A reason short enough for a chip: the note without the plant names it starts or ends with. */
export function shortReason(link: Pick<PlantLink, 'name' | 'note'>, plantName: string): string | null {
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
  return (
    <section aria-labelledby={id}>
      <h2 id={id} safe>
        {title}
      </h2>
      {links.length === 0 ? (
        <p safe>{empty}</p>
      ) : (
        <>
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
