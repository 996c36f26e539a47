// The page the address-confirmation link opens.
import { Notice } from '../common/form.tsx'
import { Layout, type Viewer } from '../common/layout.tsx'

export function ConfirmedPage({
  viewer,
  confirmed,
}: {
  viewer: Viewer | null
  confirmed: boolean
}): JSX.Element {
  return (
    <Layout title={confirmed ? 'Address confirmed' : 'This link no longer works'} viewer={viewer}>
      <h1>{confirmed ? 'Address confirmed' : 'This link no longer works'}</h1>
      {confirmed ? (
        <>
          <Notice text="Thank you: your address is confirmed, and you can now edit plants." />
          <p>
            <a href="/">Find a plant to improve</a>
          </p>
        </>
      ) : (
        <p>
          It is more than a week old, or the address is confirmed already. Log in and look at{' '}
          <a href="/account/keys">your account page</a>: it says whether the address still needs confirming,
          and sends a new link.
        </p>
      )}
    </Layout>
  )
}
