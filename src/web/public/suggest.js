// Type-ahead for the search box: while the visitor types, the plants whose names start with the text are
// offered in the box's datalist, from /suggest (the API's suggestion service, without a key). Without
// JavaScript the box is a plain form that submits to /search.
const input = document.querySelector('input[data-suggest]')
const list = input && document.getElementById(input.getAttribute('list') || '')
let timer = 0
let asked = ''

if (input && list) {
  input.addEventListener('input', () => {
    clearTimeout(timer)
    timer = setTimeout(offer, 120)
  })
}

async function offer() {
  const text = input.value.trim()
  if (text === asked) return
  asked = text
  if (!text) return list.replaceChildren()
  try {
    const response = await fetch(`/suggest?q=${encodeURIComponent(text.slice(0, 200))}`)
    if (!response.ok || asked !== text) return
    const { suggestions } = await response.json()
    list.replaceChildren(
      ...suggestions.map((plant) => {
        const option = document.createElement('option')
        option.value = plant.name
        option.label = plant.scientific_name
        return option
      }),
    )
  } catch {
    // Offline or refused: the box still searches when submitted.
  }
}
