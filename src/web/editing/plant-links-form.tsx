// Companions and antagonists of a plant: add one with a note, remove one with a note. The other plant is
// chosen with the suggestion box, or typed (a name or an id) when the page runs without JavaScript.
import type { Plant } from '../../plants/plant.ts'
import { Layout, type Viewer } from '../common/layout.tsx'
import type { Problems } from './plant-form-input.ts'
import { CsrfField, FormField, Notice } from '../common/form.tsx'
import { LinkedPlant } from '../plant/plant.tsx'

export interface LinkRow {
  id: number
  type: 'companion-to' | 'antagonist-to'
  /** The other plant. */
  plant_id: number
  name: string
  note: string
  /** The other plant's page. */
  link: string
}

export interface LinkFormValues {
  other: string
  type: LinkRow['type']
  note: string
}

export interface PlantLinksView {
  viewer: Viewer
  csrf: string
  plant: Plant
  links: LinkRow[]
  values: LinkFormValues
  problems: Problems
  /** The link whose removal was refused, shown open with its problem. */
  removing?: { id: number; note: string; problem: string }
}

export const NO_LINK_VALUES: LinkFormValues = { other: '', type: 'companion-to', note: '' }

export function PlantLinksPage(view: PlantLinksView): JSX.Element {
  const { plant, values, problems } = view
  const title = `Companions and antagonists of ${plant.name}`
  return (
    <Layout title={title} viewer={view.viewer}>
      <h1 safe>{title}</h1>
      <p>
        <a href={plant.link} safe>
          {`Back to ${plant.name}`}
        </a>
      </p>
      <section aria-labelledby="add">
        <h2 id="add">Add a companion or an antagonist</h2>
        {problems.form ? <Notice kind="problem" text={problems.form} /> : ''}
        <form class="plant-edit" action={`${plant.link}/links`} method="post">
          <CsrfField token={view.csrf} />
          <FormField
            id="other"
            label="Other plant"
            hint="Start typing its name and pick it from the list, or type its id."
            problem={problems.other}
            control={(tie) => (
              <>
                <input
                  id="other"
                  name="other"
                  value={values.other}
                  maxlength="300"
                  list="other-suggestions"
                  autocomplete="off"
                  data-suggest
                  required
                  {...tie}
                />
                <datalist id="other-suggestions"></datalist>
              </>
            )}
          />
          <fieldset>
            <legend safe>{`How does it get on with ${plant.name}?`}</legend>
            <p class="field check">
              <input
                type="radio"
                id="type-companion"
                name="type"
                value="companion-to"
                checked={values.type === 'companion-to'}
              />
              <label for="type-companion">A companion: they grow well together</label>
            </p>
            <p class="field check">
              <input
                type="radio"
                id="type-antagonist"
                name="type"
                value="antagonist-to"
                checked={values.type === 'antagonist-to'}
              />
              <label for="type-antagonist">An antagonist: keep them apart</label>
            </p>
          </fieldset>
          <FormField
            id="note"
            label="Why, and where is it from?"
            hint="For example “Basil repels thrips (RHS companion planting guide)”. Shown in both plants’ history."
            problem={problems.note}
            control={(tie) => (
              <textarea id="note" name="note" rows="3" maxlength="2000" required {...tie} safe>
                {values.note}
              </textarea>
            )}
          />
          <p class="form-actions">
            <button type="submit">Add</button>
          </p>
          <script src="/static/suggest.js" defer></script>
        </form>
      </section>
      <LinkList title="Companions" type="companion-to" {...view} />
      <LinkList title="Antagonists" type="antagonist-to" {...view} />
    </Layout>
  )
}

function LinkList(props: PlantLinksView & { title: string; type: LinkRow['type'] }): JSX.Element {
  const links = props.links.filter((link) => link.type === props.type)
  return (
    <section>
      <h2 safe>{props.title}</h2>
      {links.length === 0 ? (
        <p safe>{`No ${props.title.toLowerCase()} recorded.`}</p>
      ) : (
        <ul class="links-edit">
          {links.map((link) => {
            const refused = props.removing?.id === link.id ? props.removing : undefined
            const noteId = `remove-note-${link.id}`
            return (
              <li>
                <LinkedPlant link={link} />
                <details open={refused !== undefined}>
                  <summary>
                    Remove<span class="visually-hidden" safe>{` ${link.name}`}</span>…
                  </summary>
                  <form action={`${props.plant.link}/links/${link.id}/remove`} method="post">
                    <CsrfField token={props.csrf} />
                    <FormField
                      id={noteId}
                      label={`Why remove ${link.name}?`}
                      problem={refused?.problem}
                      control={(tie) => (
                        <input
                          id={noteId}
                          name="note"
                          value={refused?.note ?? ''}
                          maxlength="2000"
                          required
                          {...tie}
                        />
                      )}
                    />
                    <button type="submit" safe>
                      {`Remove ${link.name}`}
                    </button>
                  </form>
                </details>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
