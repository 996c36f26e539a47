// A page for every error: not found, bad request, unavailable, anything else.
import type { AppError } from '../../errors.ts'
import { Layout } from './layout.tsx'

function MessagePage({ title, message }: { title: string; message: string }): JSX.Element {
  return (
    <Layout title={title}>
      <h1 safe>{title}</h1>
      <p safe>{message}</p>
      <p>
        <a href="/">Home</a> · <a href="/search">Search plants</a>
      </p>
    </Layout>
  )
}

/** The page for an error on a page (the API answers the same errors as JSON). */
export function errorPage(error: AppError): JSX.Element {
  const titles: Record<number, string> = {
    400: 'That request is not right',
    403: 'Not allowed',
    404: 'Page not found',
    405: 'Page not found',
    429: 'Too many at once',
    503: 'Briefly unavailable',
  }
  // Some kinds share a status but not what a person should read first.
  const byKind: Partial<Record<AppError['kind'], string>> = {
    formExpired: 'That form has expired',
    accountBlocked: 'This account is blocked',
  }
  const title =
    byKind[error.kind] ??
    titles[error.status] ??
    (error.status >= 500 ? 'Something went wrong' : 'That did not work')
  return MessagePage({ title, message: error.status === 405 ? 'There is no such page.' : error.msg })
}
