// Companions and antagonists on the plant page, compact: a chip per plant with its short reason ("helps",
// "repels aphids") where the link's note gives one, then every note in full with where it came from,
// behind one disclosure: the licence's credit stays one click away, not 3,000 px of it.
import { ValueSource } from './value-source.tsx'
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
            <ul>
              {links.map((link) => (
                <li>
                  <a href={link.link} safe>
                    {link.name}
                  </a>
                  <span class="note" safe>
                    {`: ${link.note}`}
                  </span>
                  <ValueSource
                    origin={link.origin}
                    about={`the link to ${link.name}`}
                    plantLink={plantLink}
                  />
                </li>
              ))}
            </ul>
          </details>
        </>
      )}
    </section>
  )
}
