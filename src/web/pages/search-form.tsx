// The search box, on the home and search pages.
export function SearchForm({ query }: { query: string }): JSX.Element {
  return (
    <form class="search" action="/search" method="get" role="search">
      <label for="q">Search plants</label>
      <input id="q" name="q" type="search" value={query} maxlength="200" />
      <button type="submit">Search</button>
    </form>
  )
}
