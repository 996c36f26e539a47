// My API keys: create (label + the non-commercial terms), the new secret shown once, the list, revoke.
import type { KeyPair } from '../../accounts/api-keys.ts'
import type { FormProblems } from '../../accounts/account.service.ts'
import { Layout, type Viewer } from '../common/layout.tsx'
import { CsrfField, FormField, Notice } from '../common/form.tsx'
import { AskTheOperator } from '../common/contact.tsx'

export const KEY_LABEL_MAX_LENGTH = 100

interface KeyRow {
  key_id: string
  label: string
  last_four: string
  created_at: string
  last_used_at: string | null
  revoked_at: string | null
  commercial_at: string | null
}

export interface KeysPageProps {
  viewer: Viewer
  csrf: string
  keys: KeyRow[]
  /** The header names, `x-<brand>-key-id` and `x-<brand>-key-secret`. */
  headers: { id: string; secret: string }
  /** Where the API is, for the curl example: this site's origin. */
  origin: string
  contact: string | null
  created?: KeyPair
  label?: string
  problems?: FormProblems
  notice?: string
  /** The account's address is not confirmed yet (where mail is sent): how to confirm it. */
  unconfirmed?: boolean
}

const when = (iso: string | null): string => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : 'never')

export function KeysPage(props: KeysPageProps): JSX.Element {
  const { viewer, csrf, keys, created, problems = {} } = props
  const active = keys.filter((key) => !key.revoked_at).length
  return (
    <Layout title="My API keys" viewer={viewer}>
      <h1>My API keys</h1>
      {props.notice ? <Notice text={props.notice} /> : ''}
      {props.unconfirmed ? <ConfirmAddress csrf={csrf} /> : ''}
      {created ? <NewKey pair={created} headers={props.headers} origin={props.origin} /> : ''}
      <section>
        <h2>Create a key</h2>
        {Object.keys(problems).length > 0 ? <Notice kind="problem" text="The key was not created." /> : ''}
        <form class="account" action="/account/keys" method="post">
          <CsrfField token={csrf} />
          <FormField
            id="label"
            label="Label"
            hint="What the key is for, e.g. “garden planner app”. Only you see it."
            problem={problems.label}
            control={(tie) => (
              <input
                id="label"
                name="label"
                value={props.label ?? ''}
                maxlength={String(KEY_LABEL_MAX_LENGTH)}
                {...tie}
              />
            )}
          />
          <p class="field check">
            <input
              id="terms"
              name="terms"
              type="checkbox"
              value="accepted"
              required
              aria-invalid={problems.terms ? 'true' : undefined}
            />
            <label for="terms">
              I will use this key for non-commercial purposes only, and credit the data under CC BY-SA 4.0.
            </label>
            {problems.terms ? (
              <span class="problem" safe>
                {problems.terms}
              </span>
            ) : (
              ''
            )}
          </p>
          <button type="submit">Create key</button>
        </form>
      </section>
      <section>
        <h2>Your keys</h2>
        <KeyTable keys={keys} csrf={csrf} active={active} />
      </section>
      <section>
        <h2>Commercial use</h2>
        <p>
          Keys are free for non-commercial use. To use the data commercially, agree terms with the operator:
          name the key you want to use. Once agreed, the operator marks that key “approved for commercial
          use”, and the mark shows in the table above.
        </p>
        <AskTheOperator contact={props.contact} />
      </section>
      <section>
        <h2>Your account</h2>
        <p>
          Logged in as <strong safe>{viewer.name}</strong>, the name shown as the author of your changes.
        </p>
        <form action="/logout" method="post">
          <CsrfField token={csrf} />
          <button type="submit">Log out</button>
        </form>
      </section>
    </Layout>
  )
}

function NewKey({
  pair,
  headers,
  origin,
}: {
  pair: KeyPair
  headers: KeysPageProps['headers']
  origin: string
}) {
  const headerLines = `${headers.id}: ${pair.key_id}\n${headers.secret}: ${pair.key_secret}`
  const curl =
    `curl -H '${headers.id}: ${pair.key_id}' \\\n` +
    `     -H '${headers.secret}: ${pair.key_secret}' \\\n` +
    `     '${origin}/api/plants?per_page=5'`
  return (
    <section class="new-key" aria-labelledby="new-key">
      <h2 id="new-key">Your new key</h2>
      <p>
        <strong>Copy the secret now: it is shown only this once.</strong> Hortus keeps only a hash of it, so
        it cannot be shown again; if you lose it, revoke the key and create another.
      </p>
      <dl class="new-key-pair">
        <dt>Key id</dt>
        <dd>
          <code id="new-key-id" safe>
            {pair.key_id}
          </code>
        </dd>
        <dt>Key secret</dt>
        <dd>
          <code id="new-key-secret" safe>
            {pair.key_secret}
          </code>
        </dd>
      </dl>
      <h3>Header lines</h3>
      <pre tabindex="0">
        <code safe>{headerLines}</code>
      </pre>
      <h3>Try it</h3>
      <pre tabindex="0">
        <code safe>{curl}</code>
      </pre>
    </section>
  )
}

function KeyTable({ keys, csrf, active }: { keys: KeyRow[]; csrf: string; active: number }): JSX.Element {
  if (keys.length === 0) return <p>You have no keys yet.</p>
  return (
    <div class="table-scroll">
      <table class="keys">
        <caption safe>{`${keys.length} key${keys.length === 1 ? '' : 's'}, ${active} active`}</caption>
        <thead>
          <tr>
            <th scope="col">Key id</th>
            <th scope="col">Label</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Secret ends in</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr>
              <td>
                <code safe>{key.key_id}</code>
              </td>
              <td safe>{key.label || '—'}</td>
              <td safe>{when(key.created_at)}</td>
              <td safe>{when(key.last_used_at)}</td>
              <td>
                <code safe>{`…${key.last_four}`}</code>
              </td>
              <td>
                {key.revoked_at ? (
                  <span safe>{`Revoked ${when(key.revoked_at)}`}</span>
                ) : (
                  <>
                    {key.commercial_at ? (
                      <span class="mark">Approved for commercial use</span>
                    ) : (
                      <span>Non-commercial</span>
                    )}
                    <form action={`/account/keys/${encodeURIComponent(key.key_id)}/revoke`} method="post">
                      <CsrfField token={csrf} />
                      <button type="submit" aria-label={`Revoke key ${key.key_id}`}>
                        Revoke
                      </button>
                    </form>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Until the address is confirmed the account may not edit: the mail's link does it, or another one. */
function ConfirmAddress({ csrf }: { csrf: string }): JSX.Element {
  return (
    <section class="confirm-address" aria-labelledby="confirm-address">
      <h2 id="confirm-address">Confirm your email address</h2>
      <p>
        Before you edit plants, open the link in the mail we sent you when you signed up. Reading, and API
        keys for reading, work already.
      </p>
      <form action="/account/confirm" method="post">
        <CsrfField token={csrf} />
        <button type="submit">Send the link again</button>
      </form>
    </section>
  )
}
