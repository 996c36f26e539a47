// The search box, on the home and search pages. /static/suggest.js offers names as the visitor types;
// without it the box is a plain form.
export function SearchForm({ query }: { query: string }): JSX.Element {
  return (
    <form class="search" action="/search" method="get" role="search">
      <label for="q">Search plants</label>
      <input
        id="q"
        name="q"
        type="search"
        value={query}
        maxlength="200"
        list="q-suggestions"
        autocomplete="off"
        data-suggest
      />
      <datalist id="q-suggestions"></datalist>
      <button type="submit">Search</button>
      <script src="/static/suggest.js" defer></script>
    </form>
  )
}
