// "Forgot your password?": ask for a link by mail, then choose a new password through it. Without mail
// (no HORTUS_SMTP_URL) the page says how to reach the operator instead.
import { EMAIL_MAX_LENGTH, type FormProblems } from '../../accounts/account.service.ts'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../accounts/passwords.ts'
import { AskTheOperator } from '../common/contact.tsx'
import { CsrfField, Field, Notice } from '../common/form.tsx'
import { Layout, type Viewer } from '../common/layout.tsx'

/** The same words whether or not the address has an account: the form never tells. */
export const LINK_SENT =
  'If an account has that address, a link to set a new password is on its way to it. The link works once, within an hour. Nothing arrived? Look in the spam folder, or ask again in a few minutes.'

export interface ForgotPageProps {
  viewer: Viewer | null
  csrf: string
  /** Mail is configured: the form is shown. */
  mail: boolean
  contact: string | null
  sent?: boolean
}

export function ForgotPasswordPage({ viewer, csrf, mail, contact, sent = false }: ForgotPageProps) {
  return (
    <Layout title="Forgot your password?" viewer={viewer}>
      <h1>Forgot your password?</h1>
      {sent ? <Notice kind="info" text={LINK_SENT} /> : ''}
      {mail ? (
        <>
          <p>Give the email address of your account, and we will send it a link to choose a new password.</p>
          <form class="account" action="/forgot-password" method="post">
            <CsrfField token={csrf} />
            <Field id="email" label="Email" type="email" autocomplete="email" maxlength={EMAIL_MAX_LENGTH} />
            <button type="submit">Send me a link</button>
          </form>
        </>
      ) : (
        <>
          <p>This service sends no mail, so the operator sets a new password for you.</p>
          <AskTheOperator contact={contact} naming="the email address of your account" />
        </>
      )}
      <p>
        Remembered it? <a href="/login">Log in</a>.
      </p>
    </Layout>
  )
}

export interface ResetPageProps {
  viewer: Viewer | null
  csrf: string
  token: string
  /** The link still works: the form is shown. */
  usable: boolean
  problems?: FormProblems
}

export function ResetPasswordPage({ viewer, csrf, token, usable, problems = {} }: ResetPageProps) {
  return (
    <Layout title="Choose a new password" viewer={viewer}>
      <h1>Choose a new password</h1>
      {usable && !problems.token ? (
        <form class="account" action="/reset-password" method="post">
          <CsrfField token={csrf} />
          <input type="hidden" name="token" value={token} />
          <Field
            id="password"
            label="New password"
            type="password"
            autocomplete="new-password"
            minlength={PASSWORD_MIN_LENGTH}
            maxlength={PASSWORD_MAX_LENGTH}
            hint={`At least ${PASSWORD_MIN_LENGTH} characters. You will be logged out everywhere, and log in with it.`}
            problem={problems.password}
          />
          <button type="submit">Set the new password</button>
        </form>
      ) : (
        <>
          <Notice
            kind="problem"
            text={
              problems.token ??
              'This link no longer works: it was used, or its hour is over. Ask for a new one.'
            }
          />
          <p>
            <a href="/forgot-password">Ask for a new link</a>
          </p>
        </>
      )}
    </Layout>
  )
}
