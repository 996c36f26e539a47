// Adding a picture of a plant (/plants/<slug>/pictures/new): the file, who may use it (three licences in
// plain words), who took it, where it was published, and a note. A refused form comes back with what was
// typed; the file has to be chosen again, since no browser fills in a file field.
import { IMAGE_LICENSES, type ImageLicense } from '../../images/image.service.ts'
import type { Plant } from '../../plants/plant.ts'
import type { PictureFormValues } from './picture-upload.ts'
import { Layout, type Viewer } from '../common/layout.tsx'
import { CsrfField, FormField, Notice, Problem, tiedTo } from '../common/form.tsx'
import { LICENSE_DEEDS } from '../../images/image.service.ts'

const LICENSE_WORDS: Record<ImageLicense, string> = {
  'CC0-1.0': 'CC0 — anyone may use it, no credit needed',
  'CC-BY-4.0': 'CC BY 4.0 — credit me',
  'CC-BY-SA-4.0': 'CC BY-SA 4.0 — credit me, and share alike',
}

const MAX_PICTURE_TEXT = 500

export interface PictureFormView {
  viewer: Viewer
  plant: Plant
  csrf: string
  values: PictureFormValues
  /** By field (`file`, `license`, `author`, `source_url`, `note`), and `form` for the whole form. */
  problems: Record<string, string>
  /** The form comes back after a post: the file must be chosen again. */
  again: boolean
  maxMegabytes: number
}

export function PictureFormPage(view: PictureFormView): JSX.Element {
  const { plant, values, problems } = view
  const title = `Add a picture of ${plant.name}`
  const action = `${plant.link}/pictures/new`
  const fieldProblems = Object.keys(problems).filter((id) => id !== 'form').length
  return (
    <Layout title={title} viewer={view.viewer}>
      <p class="crumbs">
        <a href={plant.link} safe>
          {plant.name}
        </a>{' '}
        › <a href={`${plant.link}/pictures`}>Pictures</a> › Add
      </p>
      <h1 safe>{title}</h1>
      <p>
        A photo you took yourself, or one whose licence is one of the three below. It is shown with its credit
        on the plant’s page; the camera details and the place it was taken are removed from the file.
      </p>
      <form class="plant-edit picture-form" action={action} method="post" enctype="multipart/form-data">
        <CsrfField token={view.csrf} />
        {problems.form ? <Notice kind="problem" text={problems.form} /> : ''}
        {fieldProblems ? (
          <Notice kind="problem" text="Not added yet: please check the fields marked below." />
        ) : (
          ''
        )}
        <FormField
          id="file"
          label="The picture"
          hint={`A JPEG, PNG or WebP photo, at most ${view.maxMegabytes} MB.${view.again ? ' Choose it again: the browser does not keep it when the form comes back.' : ''}`}
          problem={problems.file}
          control={(tie) => (
            <input
              type="file"
              id="file"
              name="file"
              accept="image/jpeg,image/png,image/webp"
              required
              {...tie}
            />
          )}
        />
        <fieldset {...tiedTo('license', { hint: true, problem: problems.license })}>
          <legend>Who may use it?</legend>
          {IMAGE_LICENSES.map((license) => (
            <p class="field check">
              <input
                type="radio"
                id={`license-${license}`}
                name="license"
                value={license}
                checked={values.license === license}
                required
              />
              <label for={`license-${license}`} safe>
                {LICENSE_WORDS[license]}
              </label>
            </p>
          ))}
          <span class="hint" id="license-hint">
            Any of the three lets Hortus share the picture with its plant data; not sure? CC BY-SA 4.0 is the
            licence of Hortus’s own data. The licences in full: <a href={LICENSE_DEEDS['CC0-1.0']}>CC0</a>,{' '}
            <a href={LICENSE_DEEDS['CC-BY-4.0']}>CC BY 4.0</a>,{' '}
            <a href={LICENSE_DEEDS['CC-BY-SA-4.0']}>CC BY-SA 4.0</a>.
          </span>
          <Problem id="license" problem={problems.license} />
        </fieldset>
        <FormField
          id="author"
          label="Who took the photo?"
          hint="Shown under the picture as “Photo: name”. Only a CC0 picture may be left without one."
          problem={problems.author}
          control={(tie) => (
            <input
              id="author"
              name="author"
              value={values.author}
              maxlength={String(MAX_PICTURE_TEXT)}
              autocomplete="off"
              {...tie}
            />
          )}
        />
        <FormField
          id="source_url"
          label="Where was it published? (optional)"
          hint="If the photo comes from a web page, that page’s address. Leave it empty for your own photo."
          problem={problems.source_url}
          control={(tie) => (
            <input
              id="source_url"
              name="source_url"
              type="url"
              value={values.source_url}
              maxlength={String(MAX_PICTURE_TEXT)}
              placeholder="https://"
              {...tie}
            />
          )}
        />
        <FormField
          id="note"
          label="What does it show?"
          hint="For example “Ripe fruit in August” or “Seedlings, two weeks old”. Shown in the plant’s history with your name."
          problem={problems.note}
          control={(tie) => (
            <input
              id="note"
              name="note"
              value={values.note}
              maxlength={String(MAX_PICTURE_TEXT)}
              required
              {...tie}
            />
          )}
        />
        <p class="form-actions">
          <button type="submit">Add the picture</button>
          <a href={plant.link}>Cancel</a>
        </p>
      </form>
    </Layout>
  )
}
