// Form parts shared by the account pages: a labelled field with its problem, the CSRF token.
export interface FieldProps {
  id: string
  label: string
  type?: 'text' | 'email' | 'password'
  value?: string
  problem?: string | undefined
  hint?: string
  autocomplete: string
  maxlength: number
  minlength?: number
}

/** A labelled input. Its problem (after a refused post) and hint are tied to it for screen readers. */
export function Field(props: FieldProps): JSX.Element {
  const { id, label, type = 'text', value = '', problem, hint } = props
  const described = [problem ? `${id}-problem` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ')
  return (
    <p class="field">
      <label for={id} safe>
        {label}
      </label>
      <input
        id={id}
        name={id}
        type={type}
        value={type === 'password' ? '' : value}
        autocomplete={props.autocomplete}
        maxlength={String(props.maxlength)}
        minlength={props.minlength === undefined ? undefined : String(props.minlength)}
        required
        aria-invalid={problem ? 'true' : undefined}
        aria-describedby={described || undefined}
      />
      {hint ? (
        <span class="hint" id={`${id}-hint`} safe>
          {hint}
        </span>
      ) : (
        ''
      )}
      {problem ? (
        <span class="problem" id={`${id}-problem`} safe>
          {problem}
        </span>
      ) : (
        ''
      )}
    </p>
  )
}

/** The token @fastify/csrf-protection checks on every post. */
export function CsrfField({ token }: { token: string }): JSX.Element {
  return <input type="hidden" name="_csrf" value={token} />
}

/** A one-line message at the top of a page (after a redirect, or when a form was refused). */
export function Notice({ text, kind = 'info' }: { text: string; kind?: 'info' | 'problem' }): JSX.Element {
  return (
    <p class={`notice ${kind}`} role={kind === 'problem' ? 'alert' : 'status'} safe>
      {text}
    </p>
  )
}
