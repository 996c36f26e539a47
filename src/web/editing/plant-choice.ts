// The plant a person typed into a form (a parent, a companion): with JavaScript they pick a name from the
// suggestion box; without, they type a name, a scientific name or an id. A name counts only when it is a
// plant's whole common or scientific name (any case, accents aside); when none or several plants have it,
// the form says so and lists the near or the several ones, so the person can type the id instead.
import type { Store } from '../../db/store.ts'
import type { PlantType } from '../../plants/plant.ts'
import { getPlants } from '../../plants/plant-reads.ts'
import { suggestPlants } from '../../search/suggest.service.ts'
import { foldedPhrase } from '../../search/words.ts'

interface ChosenPlant {
  id: number
  name: string
  scientific_name: string
  type: PlantType
}

export type Choice = { plant: ChosenPlant } | { problem: string }

const describe = (plant: ChosenPlant) => `${plant.name} (${plant.scientific_name}, id ${plant.id})`
const MAX_LISTED = 5

/** The plant `typed` names. `known` is the id the text stood for when the form was shown: a name that
 * several plants share still means that one. */
export async function choosePlant(store: Store, typed: string, known: number | null = null): Promise<Choice> {
  const text = typed.trim()
  if (/^#?\d{1,15}$/.test(text)) {
    const id = Number(text.replace('#', ''))
    const [found] = Number.isSafeInteger(id) ? await getPlants(store, [id]) : []
    if (!found) return { problem: `No plant has the id ${id}.` }
    const { name, scientific_name, type } = found
    return { plant: { id, name, scientific_name, type } }
  }
  const folded = foldedPhrase(text)
  if (!folded) return { problem: 'Type the name of a plant, or its id.' }
  const { suggestions } = await suggestPlants(store, text)
  const named = suggestions.filter(
    (plant) => foldedPhrase(plant.name) === folded || foldedPhrase(plant.scientific_name) === folded,
  )
  const meant = named.find((plant) => plant.id === known)
  if (meant) return { plant: meant }
  if (named.length === 1) return { plant: named[0]! }
  if (named.length > 1) {
    const listed = named.slice(0, MAX_LISTED).map(describe).join('; ')
    return {
      problem: `Several plants are called “${text}”: ${listed}. Type the id of the one you mean.`,
    }
  }
  const near = suggestions.slice(0, MAX_LISTED).map(describe).join('; ')
  return {
    problem: near
      ? `No plant is called “${text}”. Did you mean ${near}? Type its full name or its id.`
      : `No plant is called “${text}”. Check the spelling, or search for it first.`,
  }
}
