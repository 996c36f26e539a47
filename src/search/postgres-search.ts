// PostgreSQL full-text search over one tsvector per plant (table plant_search): the words of its names and
// description, its names again as name terms (below), behind a GIN index. The words are made here, in
// JavaScript, the same way for the stored text and for the query (words.ts), and handed to PostgreSQL as
// tsvector and tsquery literals: no text-search parser, dictionary or server locale is involved, no input
// can be a syntax error, and the words match what SQLite's `unicode61 remove_diacritics 2` tokenizer makes.
import { sql, type RawBuilder } from 'kysely'
import type { Db, Tx } from '../db/store.ts'
import { forManyRows } from '../db/many-rows.ts'
import {
  countMatches,
  filtersTestingEach,
  findMatches,
  matchingCondition,
  type FullTextDialect,
} from './full-text-search.ts'
import type { PlantFilter } from './plant-filter.ts'
import type { Total } from '../paging.ts'
import type { QueryPlan } from './query-plan.ts'
import type { TextSyntax, WholeNameTerms } from './ranking.ts'
import type { TextIndex } from './tier-walk.ts'
import {
  sameText,
  type EntryChange,
  type SearchEntry,
  type SearchIndex,
  type SearchQuery,
  type SearchResult,
} from './search-index.ts'
import { foldedWords } from './words.ts'
import { numberTerms, rangeTermChoices } from './number-terms.ts'
import { facetTermChoices, facetTerms } from './facet-terms.ts'

/** A quoted lexeme for tsvector and tsquery input: quotes doubled, backslashes escaped. */
const lexeme = (word: string): string => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`

// A plant's names are terms of its document too, besides their words (`=` and `:` are never part of a word
// or a folded name, so no typed word matches these, whole or as a prefix):
//   `=word`   a word of its names;
//   `==name`  one of its names, whole (as the names table holds it);
//   `=:name`  its common or scientific name, whole.
// The names' tiers ask for these. GIN keeps no weights, so a query asking for weight A rechecked every
// match's whole document on the table's pages; and a later tier that leaves out the plants of a whole-name
// tier read the names table for each of its matches. At a million plants the typo "bazil" walked thousands
// of plants with "basil" anywhere: 10-18 ms for its fifth tier, where the terms take 2-5.
const nameTerm = (word: string) => `=${word}`
const wholeNameTerm = (name: string) => `==${name}`
const commonNameTerm = (name: string) => `=:${name}`

/** The tsvector literal of one plant: the words of its names and description, its name terms (above), its
 * number terms (number-terms.ts) and its facet terms (facet-terms.ts). No positions or weights: there is no
 * phrase search, and the names are told apart by their own terms. */
function documentVector(entry: SearchEntry): string {
  const nameWords = foldedWords(`${entry.name} ${entry.scientific_name} ${entry.alternate_names}`)
  const terms = new Set([...nameWords, ...foldedWords(entry.description)])
  for (const word of nameWords) terms.add(nameTerm(word))
  for (const [name, kind] of entry.names) {
    terms.add(wholeNameTerm(name))
    if (kind === 0) terms.add(commonNameTerm(name))
  }
  for (const term of numberTerms(entry.numbers)) terms.add(term)
  for (const term of facetTerms(entry.facets)) terms.add(term)
  return [...terms].map(lexeme).join(' ')
}

/** Whether two entries give the same document: all it is made of is the same. */
const sameDocumentInputs = (a: SearchEntry, b: SearchEntry): boolean =>
  sameText(a, b) &&
  JSON.stringify(a.numbers) === JSON.stringify(b.numbers) &&
  JSON.stringify(a.facets) === JSON.stringify(b.facets) &&
  JSON.stringify([...a.names]) === JSON.stringify([...b.names])

const WHOLE_NAMES: WholeNameTerms = {
  named: (names, commonOnly) =>
    `(${names.map((name) => lexeme(commonOnly ? commonNameTerm(name) : wholeNameTerm(name))).join(' | ')})`,
  namedStarting: (prefixes) =>
    `(${prefixes.map((prefix) => `${lexeme(wholeNameTerm(prefix))}:*`).join(' | ')})`,
}

/** The words' query and the terms every plant meeting the filters has: number terms of the range filters
 * (number-terms.ts), facet terms of the filters of values (facet-terms.ts). */
function withFilterTerms(anywhere: string, filters: readonly PlantFilter[]): string {
  const choices = [...rangeTermChoices(filters), ...facetTermChoices(filters)]
  if (choices.length === 0) return anywhere
  return [`(${anywhere})`, ...choices.map((terms) => `(${terms.map(lexeme).join(' | ')})`)].join(' & ')
}

const anywhereSyntax: TextSyntax = {
  term: ({ word, prefix }) => `${lexeme(word)}${prefix ? ':*' : ''}`,
  and: ' & ',
  or: ' | ',
}
const namesSyntax: TextSyntax = {
  term: ({ word, prefix }) => `${lexeme(nameTerm(word))}${prefix ? ':*' : ''}`,
  and: ' & ',
  or: ' | ',
}

// Up to this many matches, ranking them all in one statement beats walking the tiers. Lower than on
// SQLite: each ranked match tests its whole tsvector against the name tiers, ~10-40 µs for a plant with a
// long description (`the`, 786 matches, took 31 ms ranked, 8 ms walked).
const FEW_MATCHES = 250
// Words the vocabulary says match at most this many plants (match-bound.ts) are read from the GIN index as
// a set before the filters. Otherwise the planner may walk the matches in id order (a merge join against a
// filter's plants) when its statistics say the filter's plants end early in id order, and it prices a `@@`
// test like a comparison. On the 92k set "tomato" (105 matches) with heights of 1-3 m walked 14,430
// plants to the last of those heights, 9 ms against 2.4 from the index; after members had given heights
// to plants across the ids, 75,631 plants, 34 ms.
const MATCH_SET_UP_TO = 300

export class PostgresSearch implements SearchIndex {
  readonly #dialect: FullTextDialect

  /** `fewMatches`: up to how many matches are ranked in one statement (a test walks every search);
   * `testEachMatchUpTo`: up to how many matches of the words a filter may test each; `namesCostMatches`:
   * 0 ranks every few matches by their names (tests set them). */
  constructor({
    fewMatches = FEW_MATCHES,
    // PostgreSQL plans `p.id IN (…)` and a per-plant EXISTS alike, as a semi-join of its choosing.
    testEachMatchUpTo = 0,
    // The ranking statement tests each match's own tsvector, never a set of the names' matches: it has
    // nothing to save by ranking in JavaScript.
    namesCostMatches = Infinity,
  }: { fewMatches?: number; testEachMatchUpTo?: number; namesCostMatches?: number } = {}) {
    this.#dialect = {
      anywhere: anywhereSyntax,
      names: namesSyntax,
      index: GIN_INDEX,
      namesMatch: (match) => sql`s.document @@ ${match}::tsquery`,
      fewMatches,
      namesCostMatches,
      ranked: sql`plant_search s JOIN plants p ON p.id = s.plant_id`,
      testEachMatchUpTo,
      narrowedBy: withFilterTerms,
      wholeNames: WHOLE_NAMES,
      matchSet: {
        upTo: MATCH_SET_UP_TO,
        // `+ 0`: an id no index orders, so the plan joins the matches a bitmap scan of the index finds.
        matchingAs: (query) =>
          sql`(SELECT plant_id + 0 AS id FROM plant_search WHERE document @@ ${query}::tsquery) p`,
      },
    }
  }

  async put(tx: Tx, changes: readonly EntryChange[]): Promise<void> {
    // The document is made of the text, the number spans, the facet values and the names (documentVector):
    // an entry with all of them as before is not sent (a save of a link, a picture, or an attribute whose
    // value stays the same as a facet). The upsert's condition leaves a row whose document comes out the
    // same anyway alone, and so the GIN index.
    const rows = changes.flatMap(({ before, after }) =>
      before && sameDocumentInputs(before, after) ? [] : [{ id: after.id, document: documentVector(after) }],
    )
    if (rows.length === 0) return
    await insertRows(
      tx,
      rows,
      sql`ON CONFLICT (plant_id) DO UPDATE SET document = EXCLUDED.document
        WHERE plant_search.document IS DISTINCT FROM EXCLUDED.document`,
    )
  }

  async clear(tx: Tx): Promise<void> {
    await sql`DELETE FROM plant_search`.execute(tx)
  }

  async add(tx: Tx, entries: readonly SearchEntry[]): Promise<void> {
    await insertRows(
      tx,
      entries.map((entry) => ({ id: entry.id, document: documentVector(entry) })),
      null,
    )
  }

  find(db: Db, query: SearchQuery): Promise<SearchResult> {
    return findMatches(db, this.#dialect, query)
  }

  count(db: Db, query: SearchQuery, limit: number): Promise<Total> {
    return countMatches(db, this.#dialect, query, limit)
  }

  matching(plan: QueryPlan): RawBuilder<unknown> | null {
    return matchingCondition(this.#dialect, plan)
  }

  filterTests(db: Db, plan: QueryPlan, filters: readonly PlantFilter[]) {
    return filtersTestingEach(db, this.#dialect, plan, filters)
  }
}

/** The entries' rows, a few statements for all; inserted as they are (COPY on an import's connection), or
 * with `onConflict`. */
async function insertRows(
  tx: Tx,
  rows: readonly { id: number; document: string }[],
  onConflict: RawBuilder<unknown> | null,
): Promise<void> {
  const row = sql`(${null}, ${null}::tsvector)`
  await forManyRows(
    tx,
    onConflict ? 'plant_search put' : 'plant_search',
    2,
    (count) =>
      sql`INSERT INTO plant_search (plant_id, document) VALUES ${sql.join(Array.from({ length: count }, () => row))}
        ${onConflict ?? sql``}`.compile(tx),
    rows.map(({ id, document }) => [id, document]),
    onConflict ? undefined : { table: 'plant_search', columns: ['plant_id', 'document'] },
  )
}

/** The GIN index for the tier walk: `&` and `!` make one tsquery of a tier. */
const GIN_INDEX: TextIndex = {
  compose: (anywhere, tier, earlier) =>
    [
      `(${anywhere})`,
      ...(tier === null ? [] : [`(${tier})`]),
      ...earlier.map((before) => `!(${before})`),
    ].join(' & '),
  from: sql`plant_search s JOIN plants p ON p.id = s.plant_id`,
  id: sql`s.plant_id`,
  inIdOrder: false,
  matchingAs: (query) => sql`(SELECT plant_id AS id FROM plant_search WHERE document @@ ${query}::tsquery) p`,
  matches: (query) => sql`s.document @@ ${query}::tsquery`,
  matchesPlant: (query) =>
    sql`EXISTS (SELECT 1 FROM plant_search m WHERE m.plant_id = p.id AND m.document @@ ${query}::tsquery)`,
  idsMatching: (query) => sql`SELECT plant_id AS id FROM plant_search WHERE document @@ ${query}::tsquery`,
}
