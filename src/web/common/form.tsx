// Form parts every form uses: a labelled field with its hint and its problem, the CSRF token, a notice.

/** What ties a control to its hint and, after a refused post, its problem, for screen readers. */
export interface Tie {
  'aria-invalid'?: 'true' | undefined
  'aria-describedby'?: string | undefined
}

export function tiedTo(id: string, { hint, problem }: { hint: boolean; problem?: string | undefined }): Tie {
  // The problem first: it is what a screen reader should say before the hint.
  const ids = [problem ? `${id}-problem` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ')
  return { 'aria-invalid': problem ? 'true' : undefined, 'aria-describedby': ids || undefined }
}

/** A field's problem after a refused post; nothing without one. */
export function Problem({ id, problem }: { id: string; problem?: string | undefined }): JSX.Element {
  return problem ? (
    <span class="problem" id={`${id}-problem`} safe>
      {problem}
    </span>
  ) : (
    ''
  )
}

export interface FormFieldProps {
  id: string
  /** The label's words (escaped), and words after them for screen readers only ("New attribute" and its
   * number). */
  label: string
  labelHidden?: string | undefined
  /** What to write, under the control (escaped). */
  hint?: string | undefined
  problem?: string | undefined
  /** The control, given what ties it to the hint and the problem. */
  control: (tie: Tie) => JSX.Element
  /** The paragraph's class: `field` (a form's field, one under another), or none (the search filters). */
  class?: 'field' | null
}

/** A labelled field: the label, the control, its hint and its problem. Every form's fields are made by it,
 * so every control is labelled and tied to what is said about it. */
export function FormField(props: FormFieldProps): JSX.Element {
  const { id, label, labelHidden, hint, problem, control } = props
  return (
    <p class={props.class === null ? undefined : 'field'}>
      {labelHidden === undefined ? (
        <label for={id} safe>
          {label}
        </label>
      ) : (
        <label for={id}>
          <span safe>{label}</span>
          <span class="visually-hidden" safe>
            {labelHidden}
          </span>
        </label>
      )}
      {control(tiedTo(id, { hint: hint !== undefined, problem }))}
      {hint !== undefined ? (
        <span class="hint" id={`${id}-hint`} safe>
          {hint}
        </span>
      ) : (
        ''
      )}
      <Problem id={id} problem={problem} />
    </p>
  )
}

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

/** A required one-line input of the account forms. */
export function Field(props: FieldProps): JSX.Element {
  const { id, type = 'text', value = '' } = props
  return (
    <FormField
      id={id}
      label={props.label}
      hint={props.hint}
      problem={props.problem}
      control={(tie) => (
        <input
          id={id}
          name={id}
          type={type}
          value={type === 'password' ? '' : value}
          autocomplete={props.autocomplete}
          maxlength={String(props.maxlength)}
          minlength={props.minlength === undefined ? undefined : String(props.minlength)}
          required
          {...tie}
        />
      )}
    />
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
