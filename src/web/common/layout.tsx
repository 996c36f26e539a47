// The frame of every page: head, navigation, the licence line. Text children are escaped (`safe`); the
// xss-scan step of `npm run check` refuses any that is not.
import type { Children } from '@kitajs/html'

const SITE_NAME = 'Hortus'

export const ATTRIBUTION =
  'Plant data: Hortus contributors and the sources named on each plant, CC BY-SA 4.0. Credit “Hortus” with a link to this site, and share what you build from the data under the same licence.'

/** The logged-in person, as the navigation shows them; null for a visitor. */
export interface Viewer {
  name: string
}

export function Layout({
  title,
  viewer = null,
  children,
}: {
  title: string
  viewer?: Viewer | null
  children: Children
}): JSX.Element {
  return (
    <>
      {'<!doctype html>'}
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title safe>{`${title} · ${SITE_NAME}`}</title>
          <link rel="stylesheet" href="/static/hortus.css" />
        </head>
        <body>
          <header class="site">
            <a class="brand" href="/">
              {SITE_NAME}
            </a>
            <nav aria-label="Main">
              <a href="/search">Search</a>
              <a href="/changes">Recent changes</a>
              <a href="/docs">API docs</a>
              {viewer ? (
                <>
                  <a href="/watchlist">Watchlist</a>
                  <a href="/account/keys">My API keys</a>
                  <a href="/logout">
                    Log out <span class="who" safe>{`(${viewer.name})`}</span>
                  </a>
                </>
              ) : (
                <>
                  <a href="/login">Log in</a>
                  <a href="/signup">Sign up</a>
                </>
              )}
            </nav>
          </header>
          <main>{children}</main>
          <footer class="site">
            <p>
              Data licensed{' '}
              <a rel="license" href="https://creativecommons.org/licenses/by-sa/4.0/">
                CC BY-SA 4.0
              </a>
              . Free for non-commercial use; commercial use by agreement with the operator.
            </p>
          </footer>
        </body>
      </html>
    </>
  )
}
