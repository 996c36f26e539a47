// "Restore this version" (/plants/<slug>/restore?version=3): what restoring would change, shown before it is
// done, and the note every save needs. Restoring saves a new version with the older one's names,
// description, kind, parent and attributes; companions, antagonists and pictures keep their own history.
import type { Plant } from '../../plants/plant.ts'
import type { VersionDiff } from '../../revisions/version-diff.ts'
import { Layout, type Viewer } from '../common/layout.tsx'
import { CsrfField, FormField, Notice } from '../common/form.tsx'
import { DiffTable } from './diff.tsx'
import { HistoryCrumbs, historyPath } from './history.tsx'

export const RESTORE_NOTE_MAX_LENGTH = 2000

export interface RestoreView {
  viewer: Viewer
  plant: Plant
  /** From the current version to the one restored, without links and pictures (a restore leaves them). */
  diff: VersionDiff
  csrf: string
  note: string
  problem?: string | undefined
}

export function RestorePage({ viewer, plant, diff, csrf, note, problem }: RestoreView): JSX.Element {
  const target = diff.to
  const title = `Restore version ${target} of ${plant.name}`
  return (
    <Layout title={title} viewer={viewer}>
      <HistoryCrumbs plant={plant} page="Restore" />
      <h1 safe>{title}</h1>
      {problem ? <Notice kind="problem" text={problem} /> : ''}
      <p safe>
        {`${plant.name} is at version ${plant.version}. Restoring saves version ${plant.version + 1} with the names, description and attributes of version ${target}. Companions, antagonists and pictures stay as they are; change them on the plant’s page.`}
      </p>
      {diff.differences.length === 0 ? (
        <>
          <p
            safe
          >{`Version ${plant.version} already has the names, description and attributes of version ${target}: there is nothing to restore.`}</p>
          <p>
            <a href={historyPath(plant)}>Back to the history</a>
          </p>
        </>
      ) : (
        <>
          <h2>What restoring changes</h2>
          <DiffTable
            differences={diff.differences}
            plants={diff.plants}
            labels={[`Now (version ${plant.version})`, `After restoring version ${target}`]}
          />
          <form class="restore" action={`${plant.link}/restore`} method="post">
            <CsrfField token={csrf} />
            <input type="hidden" name="version" value={String(plant.version)} />
            <input type="hidden" name="to_version" value={String(target)} />
            {/* A refused note is said at the top of the page, as a notice. */}
            <FormField
              id="note"
              label="Why restore this version?"
              hint="For example “Undo vandalism” or “The old height was right (seed packet)”. Shown in the history with your name."
              control={(tie) => (
                <textarea
                  id="note"
                  name="note"
                  rows="3"
                  maxlength={String(RESTORE_NOTE_MAX_LENGTH)}
                  required
                  {...tie}
                  aria-invalid={problem ? 'true' : undefined}
                  safe
                >
                  {note}
                </textarea>
              )}
            />
            <p class="buttons">
              <button type="submit" safe>{`Restore version ${target}`}</button>
              <a href={historyPath(plant)}>Cancel</a>
            </p>
          </form>
        </>
      )}
    </Layout>
  )
}
