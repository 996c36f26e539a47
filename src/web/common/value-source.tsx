// The small mark by a value or a link that opens where it came from: the dataset that brought it, with
// its licence, or the member who saved it and the version (the change itself one click further). A
// <details>, so it opens without JavaScript and a screen reader hears what it is about.
import type { SourceCredit } from '../../provenance/provenance.service.ts'

export interface ValueOrigin {
  source: SourceCredit | null
  version: number | null
  author: string
}

export function ValueSource({
  origin,
  about,
  plantLink,
}: {
  origin: ValueOrigin | undefined
  /** What the mark is the source of, for screen readers: "Height", "the link to Basil". */
  about: string
  plantLink: string
}): JSX.Element {
  if (!origin) return <></>
  return (
    <details class="source-mark">
      <summary title="Where this came from">
        <span aria-hidden="true">i</span>
        <span class="visually-hidden" safe>{`Where ${about} came from`}</span>
      </summary>
      <span class="source-text">
        <Origin origin={origin} plantLink={plantLink} />
      </span>
    </details>
  )
}

function Origin({ origin, plantLink }: { origin: ValueOrigin; plantLink: string }): JSX.Element {
  const { source, version, author } = origin
  const change =
    version === null ? (
      ''
    ) : (
      <>
        {' '}
        in{' '}
        <a href={`${plantLink}/diff?to=${version}`} safe>
          {`version ${version}`}
        </a>
      </>
    )
  if (source)
    return (
      <>
        {'From '}
        {source.url ? (
          <a href={source.url} safe>
            {source.name}
          </a>
        ) : (
          <span safe>{source.name}</span>
        )}
        {source.license ? <span safe>{` (${source.license})`}</span> : ''}
        {change}
      </>
    )
  if (author === 'import')
    return (
      <>
        {'From an imported dataset that did not name its source'}
        {change}
      </>
    )
  return (
    <>
      {'Saved by '}
      <span safe>{author}</span>
      {change}
    </>
  )
}
