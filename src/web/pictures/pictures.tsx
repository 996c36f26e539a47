// Pictures on the website: the credit every picture carries ("Photo: Ada Gardener, CC BY 4.0, example.org",
// the licence linked to its deed), the plant page's picture and its other pictures as thumbnails, and the
// Pictures page (/plants/<slug>/pictures): every picture with who added it and why, "Show on the plant page"
// for members and "Remove" with a reason for moderators.
import type { ImageJson } from '../../images/image.service.ts'
import { LICENSE_DEEDS, LICENSE_NAMES } from '../../images/image.service.ts'
import type { Plant } from '../../plants/plant.ts'
import { Layout, type Viewer } from '../common/layout.tsx'
import { whenText } from '../common/change-words.tsx'
import { CsrfField, FormField, Notice } from '../common/form.tsx'

/** What the plant page and the Pictures page show of a picture (the API's image, paths relative). */
export type Picture = Pick<
  ImageJson,
  'id' | 'thumb' | 'title' | 'width' | 'height' | 'author' | 'license' | 'source_url' | 'note' | 'uploader'
> &
  Partial<Pick<ImageJson, 'created_at' | 'shown'>>

/** The sizes image-files.ts makes: the longer side at most this many pixels, never enlarged. */
const SIDES = { thumb: 200, title: 800 } as const

/** A size's width and height, so the page keeps its place before the picture arrives. */
function sizeOf(picture: Pick<Picture, 'width' | 'height'>, size: keyof typeof SIDES) {
  const scale = Math.min(1, SIDES[size] / Math.max(picture.width, picture.height, 1))
  return {
    width: String(Math.max(1, Math.round(picture.width * scale))),
    height: String(Math.max(1, Math.round(picture.height * scale))),
  }
}

/** The site a source address is on, "example.org", as the credit names it. */
function siteOf(address: string): string {
  try {
    return new URL(address).hostname.replace(/^www\./, '')
  } catch {
    return address
  }
}

/** "Photo: Ada Gardener, CC BY 4.0, example.org": the author, the licence linked to its deed, the source. A
 * CC0 picture may have no author: "Photo: CC0 1.0". */
function Credit({ picture }: { picture: Picture }): JSX.Element {
  return (
    <>
      {'Photo: '}
      {picture.author ? <span safe>{`${picture.author}, `}</span> : ''}
      <a rel="license" href={LICENSE_DEEDS[picture.license]} safe>
        {LICENSE_NAMES[picture.license]}
      </a>
      {picture.source_url ? (
        <>
          {', '}
          <a href={picture.source_url} safe>
            {siteOf(picture.source_url)}
          </a>
        </>
      ) : (
        ''
      )}
    </>
  )
}

/** The plant page's pictures: the one shown, title size, with its credit under it, and the others as
 * thumbnails linking to their title size, each credited. Nothing at all when the plant has none. */
export function PlantPictures({ plant, pictures }: { plant: Plant; pictures: Picture[] }): JSX.Element {
  const shown = pictures.find((picture) => picture.shown)
  if (!shown) return <></>
  const others = pictures.filter((picture) => picture !== shown)
  return (
    <div class="plant-pictures">
      <figure class="plant-picture">
        <a href={shown.title}>
          <img src={shown.title} alt={`Photo of ${plant.name}`} {...sizeOf(shown, 'title')} />
        </a>
        <figcaption>
          <Credit picture={shown} />
        </figcaption>
      </figure>
      {others.length ? (
        <ul class="picture-thumbs" aria-label={`More photos of ${plant.name}`}>
          {others.map((picture) => (
            <li>
              <a href={picture.title}>
                <img
                  src={picture.thumb}
                  alt={`Photo of ${plant.name} (picture ${picture.id})`}
                  loading="lazy"
                  {...sizeOf(picture, 'thumb')}
                />
              </a>
              <small class="credit">
                <Credit picture={picture} />
              </small>
            </li>
          ))}
        </ul>
      ) : (
        ''
      )}
      <p class="picture-links">
        <a href={`${plant.link}/pictures`} safe>
          {pictures.length === 1
            ? 'About this picture'
            : `All ${pictures.length} pictures, who added them and why`}
        </a>
      </p>
    </div>
  )
}

export interface PicturesView {
  viewer: Viewer | null
  plant: Plant
  pictures: Picture[]
  /** A logged-in person's form token: members get "Show on the plant page", moderators "Remove" too. */
  csrf: string | null
  moderator: boolean
  notice?: string | undefined
  /** A refused post: the picture, which form, what was typed and what is wrong. */
  refused?: { id: number; action: 'show' | 'remove'; text: string; problem: string } | undefined
}

export function PicturesPage(view: PicturesView): JSX.Element {
  const { plant, pictures, viewer } = view
  const title = `Pictures of ${plant.name}`
  return (
    <Layout title={title} viewer={viewer}>
      <p class="crumbs">
        <a href={plant.link} safe>
          {plant.name}
        </a>{' '}
        › Pictures
      </p>
      <h1 safe>{title}</h1>
      {view.notice ? <Notice text={view.notice} /> : ''}
      {view.refused && !hasForm(view, view.refused) ? (
        <Notice kind="problem" text={view.refused.problem} />
      ) : (
        ''
      )}
      <p class="plant-actions">
        {viewer ? (
          <a class="button" href={`${plant.link}/pictures/new`}>
            Add a picture
          </a>
        ) : (
          <span>
            <a href={`/login?next=${encodeURIComponent(`${plant.link}/pictures/new`)}`}>Log in to add</a> a
            picture.
          </span>
        )}
      </p>
      {pictures.length === 0 ? (
        <p safe>{`No pictures of ${plant.name} yet.`}</p>
      ) : (
        <ol class="pictures">
          {pictures.map((picture) => (
            <PictureCard picture={picture} view={view} />
          ))}
        </ol>
      )}
    </Layout>
  )
}

/** Whether the page shows the form a refused post came from (its problem is then shown there). */
function hasForm(view: PicturesView, refused: NonNullable<PicturesView['refused']>): boolean {
  const picture = view.pictures.find((each) => each.id === refused.id)
  if (!picture || !view.csrf) return false
  return refused.action === 'remove' ? view.moderator : !picture.shown
}

function PictureCard({ picture, view }: { picture: Picture; view: PicturesView }): JSX.Element {
  const { plant, csrf } = view
  const refused = view.refused?.id === picture.id ? view.refused : undefined
  const action = (name: 'show' | 'remove') => `${plant.link}/pictures/${picture.id}/${name}`
  return (
    <li class="picture" id={`picture-${picture.id}`}>
      <a href={picture.title}>
        <img
          src={picture.thumb}
          alt={`Photo of ${plant.name} (picture ${picture.id})`}
          loading="lazy"
          {...sizeOf(picture, 'thumb')}
        />
      </a>
      <div>
        <h2 safe>{`Picture ${picture.id}`}</h2>
        {picture.shown ? <p class="badge">Shown on the plant page</p> : ''}
        <p>
          <Credit picture={picture} />
        </p>
        <p class="note">
          <span
            safe
          >{`Added by ${picture.uploader}${picture.created_at ? `, ${whenText(picture.created_at)}` : ''}: `}</span>
          <q safe>{picture.note}</q>
        </p>
        {csrf && !picture.shown ? (
          <details class="moderate" open={refused?.action === 'show' ? true : undefined}>
            <summary>Show this one on the plant page</summary>
            <NoteForm
              action={action('show')}
              csrf={csrf}
              field="note"
              id={`show-${picture.id}`}
              label="Why this one?"
              hint="For example: sharper, or shows the fruit."
              button="Show on the plant page"
              refused={refused?.action === 'show' ? refused : undefined}
            />
          </details>
        ) : (
          ''
        )}
        {csrf && view.moderator ? (
          <details class="moderate" open={refused?.action === 'remove' ? true : undefined}>
            <summary safe>{`Remove picture ${picture.id}`}</summary>
            <NoteForm
              action={action('remove')}
              csrf={csrf}
              field="reason"
              id={`remove-${picture.id}`}
              label="Why remove it?"
              hint="Its files are deleted at once; the history keeps your reason."
              button="Remove this picture"
              danger
              refused={refused?.action === 'remove' ? refused : undefined}
            />
          </details>
        ) : (
          ''
        )}
      </div>
    </li>
  )
}

function NoteForm(props: {
  action: string
  csrf: string
  field: 'note' | 'reason'
  id: string
  label: string
  hint: string
  button: string
  danger?: boolean
  refused?: { text: string; problem: string } | undefined
}): JSX.Element {
  const { id, refused } = props
  return (
    <form class="picture-action" action={props.action} method="post">
      <CsrfField token={props.csrf} />
      <FormField
        id={id}
        label={props.label}
        hint={props.hint}
        problem={refused?.problem}
        control={(tie) => (
          <input id={id} name={props.field} value={refused?.text ?? ''} maxlength="500" required {...tie} />
        )}
      />
      <button type="submit" class={props.danger ? 'danger' : undefined} safe>
        {props.button}
      </button>
    </form>
  )
}
