// Log in. A refused login says the same whether or not the email has an account.
import { EMAIL_MAX_LENGTH } from '../../accounts/account.service.ts'
import { PASSWORD_MAX_LENGTH } from '../../accounts/passwords.ts'
import { Layout, type Viewer } from '../common/layout.tsx'
import { CsrfField, Field, Notice } from '../common/form.tsx'

export interface LoginPageProps {
  viewer: Viewer | null
  csrf: string
  email?: string
  /** Shown above the form: after sign-up, or why a login was refused. */
  notice?: { text: string; kind: 'info' | 'problem' }
  /** The page of this site to go back to after logging in (an edit form). */
  next?: string | null
}

export function LoginPage({ viewer, csrf, email = '', notice, next = null }: LoginPageProps) {
  return (
    <Layout title="Log in" viewer={viewer}>
      <h1>Log in</h1>
      {notice ? <Notice kind={notice.kind} text={notice.text} /> : ''}
      <form class="account" action="/login" method="post">
        <CsrfField token={csrf} />
        {next ? <input type="hidden" name="next" value={next} /> : ''}
        <Field
          id="email"
          label="Email"
          type="email"
          value={email}
          autocomplete="email"
          maxlength={EMAIL_MAX_LENGTH}
        />
        <Field
          id="password"
          label="Password"
          type="password"
          autocomplete="current-password"
          maxlength={PASSWORD_MAX_LENGTH}
        />
        <button type="submit">Log in</button>
      </form>
      <p>
        No account yet? <a href="/signup">Sign up</a>. <a href="/forgot-password">Forgot your password?</a>
      </p>
    </Layout>
  )
}

export function LogoutPage({ viewer, csrf }: { viewer: Viewer | null; csrf: string }) {
  return (
    <Layout title="Log out" viewer={viewer}>
      <h1>Log out</h1>
      {viewer ? (
        <form action="/logout" method="post">
          <CsrfField token={csrf} />
          <button type="submit">Log out</button>
        </form>
      ) : (
        <p>
          You are not logged in. <a href="/login">Log in</a>
        </p>
      )}
    </Layout>
  )
}
