// Type-ahead: up to 10 plants with a name (common, scientific or another name) that starts with the typed
// words. Each lookup is one range of the names table's index, so an answer takes about a millisecond. From
// the fourth letter, when no name starts with the text as typed, a word no name has is corrected as in
// search (query-plan.ts) and the names starting with the corrected text are offered.
import { sql } from 'kysely'
import type { Store } from '../db/store.ts'
import { allowedEdits } from './edit-distance.ts'
import { planQuery } from './query-plan.ts'
import { prefixEnd } from './ranking.ts'
import { foldedPhrase } from './words.ts'

const SUGGESTION_LIMIT = 10
// Names read per prefix: enough for 10 plants when several names of one plant start alike.
const NAMES_PER_PREFIX = 40
const MAX_CORRECTED_PREFIXES = 3

export interface Suggestion {
  id: number
  name: string
  scientific_name: string
  type: 'Plant' | 'Variety'
}

interface NameRow {
  plant_id: number
  name: string
  kind: number
  type: 'Plant' | 'Variety'
  plant_name: string
  scientific_name: string
}

export async function suggestPlants(store: Store, q: string): Promise<{ suggestions: Suggestion[] }> {
  const typed = foldedPhrase(q).slice(0, 200).trim()
  if (!typed) return { suggestions: [] }
  const found = new Map<number, Suggestion>()
  const take = (rows: NameRow[]) => {
    for (const row of rank(rows, typed)) {
      if (found.size >= SUGGESTION_LIMIT) return
      if (!found.has(row.plant_id)) {
        found.set(row.plant_id, {
          id: Number(row.plant_id),
          name: row.plant_name,
          scientific_name: row.scientific_name,
          type: row.type,
        })
      }
    }
  }
  take(await namesStartingWith(store, typed))
  // A typo is corrected only where no name starts with the text as typed.
  if (found.size === 0 && typed.split(' ').some((word) => allowedEdits(word) > 0)) {
    const plan = await planQuery(store.reader, typed)
    for (const prefix of plan.fuzzyPhrases.slice(0, MAX_CORRECTED_PREFIXES)) {
      if (found.size >= SUGGESTION_LIMIT) break
      take(await namesStartingWith(store, prefix))
    }
  }
  return { suggestions: [...found.values()] }
}

async function namesStartingWith(store: Store, prefix: string): Promise<NameRow[]> {
  const rows = await sql<NameRow>`
    SELECT n.plant_id, n.name, n.kind, p.type, p.name AS plant_name, p.scientific_name
    FROM search_names n JOIN plants p ON p.id = n.plant_id
    WHERE n.name >= ${prefix} AND n.name < ${prefixEnd(prefix)}
    ORDER BY n.name, n.plant_id
    LIMIT ${NAMES_PER_PREFIX}`.execute(store.reader)
  return rows.rows
}

/** The name that is the typed text first, then common and scientific names before other names, species
 * before varieties, shorter names first (the rows come in name order), then id. */
function rank(rows: NameRow[], typed: string): NameRow[] {
  const score = (row: NameRow) => [row.name === typed ? 0 : 1, row.kind, row.type === 'Plant' ? 0 : 1]
  return [...rows].sort((a, b) => {
    const [x, y] = [score(a), score(b)]
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!
    return (
      a.name.length - b.name.length ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
      a.plant_id - b.plant_id
    )
  })
}
