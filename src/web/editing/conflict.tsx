// When someone saved the plant while this person was editing it: nothing of theirs is saved yet. The page
// shows who saved what since the version they started from, their own change against the plant as it is
// now, and the form with their change put on top of the current version, so one click saves it.
import type { ChangeRow, ConflictView } from './conflict.view.ts'
import { Layout, type Viewer } from '../common/layout.tsx'
import type { FormChoices } from './edit-plant.tsx'
import { Notice } from '../common/form.tsx'
import { PlantForm } from './plant-form.tsx'

const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`

export function ConflictPage({
  viewer,
  conflict,
  ...form
}: FormChoices & { viewer: Viewer; conflict: ConflictView }) {
  const { current, readVersion, saved, theirs, yours } = conflict
  const both = yours.filter((row) => row.both).length
  // Display names are unique, so a version by this name is this person's, from another tab or window.
  const by = (author: string) => (author === viewer.name ? 'you, in another tab or window' : author)
  const title = `${current.name} was changed while you were editing it`
  return (
    <Layout title={title} viewer={viewer}>
      <h1 safe>{title}</h1>
      <Notice
        kind="problem"
        text={`Your change is not saved yet. You started from version ${readVersion}; the plant is now at version ${current.version}. Check what changed, then save your change on top of it.`}
      />
      <section aria-labelledby="theirs">
        <h2 id="theirs">What changed since you started</h2>
        <ul class="saved-between">
          {saved.map((revision) => (
            <li>
              <span safe>
                {`Version ${revision.version}, by ${by(revision.author)}, ${when(revision.created_at)}: `}
              </span>
              <q safe>{revision.note}</q>
              {revision.links.length ? <span safe>{` (${revision.links.join('; ')})`}</span> : ''}
            </li>
          ))}
        </ul>
        {theirs.length ? (
          <Changes
            rows={theirs}
            caption={`Changes since version ${readVersion}`}
            from={`Version ${readVersion}, when you started`}
            to={`Now (version ${current.version})`}
          />
        ) : (
          <p>None of the plant’s fields or attributes changed: only its companions or antagonists.</p>
        )}
      </section>
      <section aria-labelledby="yours">
        <h2 id="yours">Your change</h2>
        {yours.length ? (
          <>
            {both ? (
              <p safe>
                {`You both changed ${both === 1 ? 'one field' : `${both} fields`} (marked “changed by both”): saving puts your value in place of the one there now.`}
              </p>
            ) : (
              ''
            )}
            <Changes
              rows={yours}
              caption="Your change, against the plant as it is now"
              from="Now"
              to="Yours"
            />
            <p class="form-actions">
              <button type="submit" form="plant-form">
                Save my change on top
              </button>
              <span class="hint">or check it in the form below first.</span>
            </p>
          </>
        ) : (
          <p>The plant already is as you wanted it: there is nothing left to save.</p>
        )}
      </section>
      <section aria-labelledby="again">
        <h2 id="again" safe>
          {`Your change on top of version ${current.version}`}
        </h2>
        <p>
          This form holds the plant as it is now with your change applied, and your note. Check it, then save.
        </p>
        <PlantForm
          {...form}
          action={`${current.link}/edit`}
          values={conflict.merged}
          problems={{}}
          mode="edit"
          version={current.version}
          submit="Save my change on top"
          cancel={{ href: current.link, text: 'Leave it as it is now' }}
        />
      </section>
    </Layout>
  )
}

function Changes({
  rows,
  caption,
  from,
  to,
}: {
  rows: ChangeRow[]
  caption: string
  from: string
  to: string
}) {
  return (
    <div class="table-scroll">
      <table class="diff">
        <caption safe>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col" safe>
              {from}
            </th>
            <th scope="col" safe>
              {to}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr class={row.both ? 'both' : undefined}>
              <th scope="row">
                <span safe>{row.label}</span>
                {row.both ? <span class="mark"> changed by both</span> : ''}
              </th>
              <td class="was" safe>
                {row.from}
              </td>
              <td class="is" safe>
                {row.to}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
