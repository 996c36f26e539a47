// Sign up: email, display name, password. The email is never shown to anyone else.
import type { FormProblems } from '../../accounts/account.service.ts'
import { EMAIL_MAX_LENGTH } from '../../accounts/account.service.ts'
import { DISPLAY_NAME_MAX_LENGTH } from '../../accounts/display-name.ts'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../accounts/passwords.ts'
import { Layout, type Viewer } from '../common/layout.tsx'
import { CsrfField, Field, Notice } from '../common/form.tsx'

export interface SignUpPageProps {
  viewer: Viewer | null
  csrf: string
  email?: string
  name?: string
  problems?: FormProblems
}

export function SignUpPage({ viewer, csrf, email = '', name = '', problems = {} }: SignUpPageProps) {
  return (
    <Layout title="Sign up" viewer={viewer}>
      <h1>Create an account</h1>
      <p>With an account you can create API keys and your changes are credited to your display name.</p>
      {Object.keys(problems).length > 0 ? <Notice kind="problem" text="Please check the form below." /> : ''}
      <form class="account" action="/signup" method="post">
        <CsrfField token={csrf} />
        <Field
          id="email"
          label="Email"
          type="email"
          value={email}
          autocomplete="email"
          maxlength={EMAIL_MAX_LENGTH}
          hint="To log in. It is never shown to anyone."
          problem={problems.email}
        />
        <Field
          id="name"
          label="Display name"
          value={name}
          autocomplete="nickname"
          maxlength={DISPLAY_NAME_MAX_LENGTH}
          hint="Shown as the author of your changes."
          problem={problems.name}
        />
        <Field
          id="password"
          label="Password"
          type="password"
          autocomplete="new-password"
          minlength={PASSWORD_MIN_LENGTH}
          maxlength={PASSWORD_MAX_LENGTH}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          problem={problems.password}
        />
        <button type="submit">Create account</button>
      </form>
      <p>
        Already have an account? <a href="/login">Log in</a>.
      </p>
    </Layout>
  )
}
