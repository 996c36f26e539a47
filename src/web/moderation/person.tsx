// A contributor's page (/people/<display name>): their edits, public by display name and never showing an
// email; for moderators, Block (with a reason, which ends the account's sessions and has its API keys
// refused) or Unblock.
import type { RecentChange } from '../../revisions/recent-changes.ts'
import type { ReferredPlants } from '../../revisions/referred-plants.ts'
import { Layout, type Viewer } from '../common/layout.tsx'
import { ChangeTable } from '../history/change-table.tsx'
import { NewContributor, personPath, whenText } from '../common/change-words.tsx'
import { CsrfField, FormField, Notice } from '../common/form.tsx'

interface Person {
  name: string
  role: 'member' | 'moderator' | 'operator'
  joined: string
  blocked: boolean
  /** Shown to moderators only. */
  blocked_reason: string | null
  new_account: boolean
  edits: number
}

export interface PersonView {
  viewer: Viewer | null
  person: Person
  changes: RecentChange[]
  plants: ReferredPlants
  older: number | null
  firstPage: boolean
  /** A moderator's form token (Block, Unblock, Mark patrolled); null for everyone else. */
  csrf: string | null
  /** The moderator is looking at their own page: no Block form. */
  self: boolean
  here: string
  notice?: string | undefined
  problem?: string | undefined
}

export function PersonPage(view: PersonView): JSX.Element {
  const { person } = view
  const path = personPath(person.name)
  const role = person.role === 'member' ? '' : ` · ${person.role}`
  return (
    <Layout title={`Contributions of ${person.name}`} viewer={view.viewer}>
      <h1 safe>{person.name}</h1>
      <p class="lead">
        <span
          safe
        >{`Contributor since ${whenText(person.joined).slice(0, 10)} · ${person.edits} edit${person.edits === 1 ? '' : 's'}${role}`}</span>
        {person.new_account ? (
          <>
            {' '}
            <NewContributor />
          </>
        ) : (
          ''
        )}
      </p>
      {view.notice ? <Notice text={view.notice} /> : ''}
      {view.problem ? <Notice kind="problem" text={view.problem} /> : ''}
      {person.blocked ? (
        <p class="notice problem" safe>
          {`This account is blocked${person.blocked_reason ? `: ${person.blocked_reason}` : '.'}`}
        </p>
      ) : (
        ''
      )}
      {view.csrf && !view.self ? <Moderation view={view} /> : ''}
      <section aria-labelledby="edits">
        <h2 id="edits">Edits</h2>
        {view.changes.length ? (
          <div class="table-scroll">
            <ChangeTable
              changes={view.changes}
              plants={view.plants}
              caption={`Edits by ${person.name}, newest first`}
              csrf={view.csrf}
              back={view.here}
              oneAuthor
            />
          </div>
        ) : (
          <p>No edits yet.</p>
        )}
        <nav class="paging" aria-label="More edits">
          {view.firstPage ? '' : <a href={path}>Newest edits</a>}
          {view.older !== null ? <a href={`${path}?before=${view.older}`}>Older edits</a> : ''}
        </nav>
      </section>
    </Layout>
  )
}

function Moderation({ view }: { view: PersonView }): JSX.Element {
  const { person } = view
  const path = personPath(person.name)
  const block = !person.blocked
  return (
    <section class="moderate" aria-labelledby="moderate">
      <h2 id="moderate">Moderation</h2>
      <form action={`${path}/${block ? 'block' : 'unblock'}`} method="post">
        <CsrfField token={view.csrf!} />
        <p safe>
          {block
            ? `Blocking logs ${person.name} out, refuses their API keys and stops them logging in. Their edits stay; restore earlier versions to undo them.`
            : `Unblocking lets ${person.name} log in and use their API keys again.`}
        </p>
        <FormField
          id="reason"
          label={block ? 'Why block this account?' : 'Why unblock it? (optional)'}
          hint="Kept in the moderation log with your name."
          control={(tie) => <input id="reason" name="reason" maxlength="1000" required={block} {...tie} />}
        />
        <button type="submit" class={block ? 'danger' : undefined} safe>
          {block ? `Block ${person.name}` : `Unblock ${person.name}`}
        </button>
      </form>
    </section>
  )
}
