// A page for every error: not found, bad request, unavailable, anything else.
import { Layout } from '../layout.tsx'

export function MessagePage({ title, message }: { title: string; message: string }): JSX.Element {
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
