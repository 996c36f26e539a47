// PostgreSQL full-text search over one weighted tsvector per plant (table plant_search): the names at
// weight A, the description at weight D, behind a GIN index. The words are made here, in JavaScript, the
// same way for the stored text and for the query, and handed to PostgreSQL as tsvector and tsquery
// literals: no text-search parser, dictionary or server locale is involved, no input can be a syntax
// error, and the words match what SQLite's `unicode61 remove_diacritics 2` tokenizer makes.
import { sql } from 'kysely'
import type { Db, Tx } from '../db/store.ts'
import { facetCondition } from './facet-filter.ts'
import {
  textWords,
  type SearchEntry,
  type SearchIndex,
  type SearchQuery,
  type SearchResult,
} from './search-index.ts'

// A tsvector lexeme holds at most 2,047 bytes; 500 characters stay below that in any script.
const MAX_WORD_CHARS = 500

/** Latin letters lose their diacritics ("jalapeño" is "jalapeno"), as with remove_diacritics 2; the marks
 * of other scripts are part of the letter and stay. */
export function foldWord(word: string): string {
  return word
    .normalize('NFD')
    .replace(/(?<=\p{Script=Latin})\p{M}+/gu, '')
    .normalize('NFC')
    .slice(0, MAX_WORD_CHARS)
}

/** The words of stored text, split exactly as searchTerms() splits a query. */
export function indexWords(text: string): string[] {
  return textWords(text).map(foldWord)
}

/** A quoted lexeme for tsvector and tsquery input: quotes doubled, backslashes escaped. */
const lexeme = (word: string): string => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`

/** The tsvector literal of one plant: every name word at position 1, weight A; every description word at
 * position 2, weight D. Positions only carry the weights: there is no phrase search. */
export function documentVector(entry: SearchEntry): string {
  const weights = new Map<string, Set<string>>()
  const add = (text: string, weight: string) => {
    for (const word of indexWords(text)) weights.set(word, (weights.get(word) ?? new Set()).add(weight))
  }
  add(`${entry.name} ${entry.scientific_name} ${entry.alternate_names}`, '1A')
  add(entry.description, '2D')
  return [...weights].map(([word, positions]) => `${lexeme(word)}:${[...positions].join(',')}`).join(' ')
}

/** The three tsqueries of a search: every word as a prefix anywhere; every word whole in the names;
 * every word as a prefix in the names. */
export function queryVectors(terms: string[]) {
  const words = [...new Set(terms.map(foldWord))].map(lexeme)
  return {
    anywherePrefix: words.map((word) => `${word}:*`).join(' & '),
    nameWhole: words.map((word) => `${word}:A`).join(' & '),
    namePrefix: words.map((word) => `${word}:*A`).join(' & '),
  }
}

export class PostgresSearch implements SearchIndex {
  async put(tx: Tx, entry: SearchEntry): Promise<void> {
    // Unchanged text (most edits touch only attributes) leaves the row, and so the GIN index, alone.
    await sql`INSERT INTO plant_search (plant_id, document)
      VALUES (${entry.id}, ${documentVector(entry)}::tsvector)
      ON CONFLICT (plant_id) DO UPDATE SET document = EXCLUDED.document
      WHERE plant_search.document IS DISTINCT FROM EXCLUDED.document`.execute(tx)
  }

  async find(db: Db, query: SearchQuery): Promise<SearchResult> {
    if (query.terms.length === 0) return { total: 0, docs: [] }
    const { anywherePrefix, nameWhole, namePrefix } = queryVectors(query.terms)
    const filters = sql`s.document @@ ${anywherePrefix}::tsquery
      AND ${query.type === null ? sql`TRUE` : sql`p.type = ${query.type}`}
      AND ${facetCondition('p.id', query.facets)}`

    // The page is ranked on ids alone, then only its documents are read. The tiers are SQLite's: an exact
    // name (lower() over COLLATE "C" columns folds ASCII only, like SQLite's lower()), every word whole in
    // the names, every word a name prefix, anything else; then id.
    const page = await sql<{ total: number | string; doc: string }>`
      WITH ranked AS (
        SELECT p.id,
          CASE
            WHEN lower(p.name) = ${query.phrase} OR lower(p.scientific_name) = ${query.phrase} THEN 0
            WHEN s.document @@ ${nameWhole}::tsquery THEN 1
            WHEN s.document @@ ${namePrefix}::tsquery THEN 2
            ELSE 3
          END AS tier,
          count(*) OVER () AS total
        FROM plant_search s JOIN plants p ON p.id = s.plant_id
        WHERE ${filters}
        ORDER BY tier, p.id
        LIMIT ${query.limit} OFFSET ${query.offset}
      )
      SELECT ranked.total, p.doc FROM ranked JOIN plants p ON p.id = ranked.id
      ORDER BY ranked.tier, ranked.id`.execute(db)
    if (page.rows.length > 0) {
      return { total: Number(page.rows[0]!.total), docs: page.rows.map((row) => row.doc) }
    }
    if (query.offset === 0) return { total: 0, docs: [] }
    // Past the last page: the window count came back with no rows, so count on its own.
    const counted = await sql<{ total: number | string }>`
      SELECT count(*) AS total FROM plant_search s JOIN plants p ON p.id = s.plant_id
      WHERE ${filters}`.execute(db)
    return { total: Number(counted.rows[0]?.total ?? 0), docs: [] }
  }
}
