// SQLite FTS5 search. Every word is quoted, so `NEAR(` or `AND` are just words; a typed word is also a
// prefix (`quenz` finds "Quenzelberry"), its forms and corrections are whole words.
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
import type { TextSyntax } from './ranking.ts'
import type { TextIndex } from './tier-walk.ts'
import {
  sameText,
  type EntryChange,
  type SearchEntry,
  type SearchIndex,
  type SearchQuery,
  type SearchResult,
} from './search-index.ts'

const NAME_COLUMNS = '{name scientific_name alternate_names}'
// Rows per DELETE of a put: well under SQLite's bound-parameter limit.
const DELETED_PER_STATEMENT = 500
// Up to this many matches, ranking them all in one statement (~1.3 µs each) beats walking the tiers.
const FEW_MATCHES = 2000
// Ranking a match by its names in JavaScript (full-text-search.ts rankByNames) costs about as much as
// FTS5 finding this many plants of a names query (the ranking statement's tiers 2, 3 and 5 find every plant
// whose names match): where the vocabulary says the words may be in this many times more plants' names
// than there are matches, they are ranked by their names. At a million plants, matches and the
// vocabulary's bound, p50 ranked in the statement → by names: "grass" with two ranges, 77 of 9,189, 21 →
// 14 ms (its ranking 5.0 → 0.6); "apple" with a pH range, 73 of 2,166, 10.4 → 6.4 ms; but "bean" that is
// edible, 184 of 2,128, 6.8-7.5 → 8.0-9.6 ms; and "seed" alone, 1,171 matches, 10 → 24 ms.
const NAMES_COST_MATCHES = 25
// Up to this many matches of the words, a filter tests each match (full-text-search.ts withFilterForm).
const TEST_EACH_MATCH_UP_TO = 20_000

const FTS5: TextSyntax = {
  term: ({ word, prefix }) => `"${word}"${prefix ? '*' : ''}`,
  and: ' AND ',
  or: ' OR ',
}

/** FTS5 for the tier walk: a column filter keeps a query to the names, `NOT` leaves out a tier. */
const FTS5_INDEX: TextIndex = {
  compose(anywhere, tier, earlier) {
    let query = `(${anywhere})`
    if (tier !== null) query = `(${query} AND (${NAME_COLUMNS} : (${tier})))`
    for (const before of earlier) query = `(${query} NOT (${NAME_COLUMNS} : (${before})))`
    return query
  },
  from: sql`plants_fts JOIN plants p ON p.id = plants_fts.rowid`,
  id: sql`plants_fts.rowid`,
  inIdOrder: true,
  // `+`: the filters' `p.id IN (…)` stay filters; on the bare rowid FTS5 would take each as a rowid
  // lookup into the match (seconds at a million plants).
  matchingAs: (query) => sql`(SELECT +rowid AS id FROM plants_fts WHERE plants_fts MATCH ${query}) p`,
  matches: (query) => sql`plants_fts MATCH ${query}`,
  matchesPlant: (query) =>
    sql`EXISTS (SELECT 1 FROM plants_fts f WHERE plants_fts MATCH ${query} AND f.rowid = p.id)`,
  idsMatching: (query) => sql`SELECT rowid AS id FROM plants_fts WHERE plants_fts MATCH ${query}`,
}

export class SqliteSearch implements SearchIndex {
  readonly #dialect: FullTextDialect

  /** `fewMatches`: up to how many matches are ranked in one statement (a test walks every search);
   * `testEachMatchUpTo`: up to how many matches of the words a filter may test each; `namesCostMatches`:
   * see NAMES_COST_MATCHES (tests set them). */
  constructor({
    fewMatches = FEW_MATCHES,
    testEachMatchUpTo = TEST_EACH_MATCH_UP_TO,
    namesCostMatches = NAMES_COST_MATCHES,
  }: { fewMatches?: number; testEachMatchUpTo?: number; namesCostMatches?: number } = {}) {
    this.#dialect = {
      anywhere: FTS5,
      names: FTS5,
      index: FTS5_INDEX,
      namesMatch: (match) =>
        sql`p.id IN (SELECT rowid FROM plants_fts WHERE plants_fts MATCH ${`${NAME_COLUMNS} : (${match})`})`,
      fewMatches,
      namesCostMatches,
      ranked: sql`plants p`,
      testEachMatchUpTo,
    }
  }

  async put(tx: Tx, changes: readonly EntryChange[]): Promise<void> {
    // The FTS5 table holds the four text columns alone.
    const entries = changes.flatMap(({ before, after }) => (before && sameText(before, after) ? [] : [after]))
    for (let start = 0; start < entries.length; start += DELETED_PER_STATEMENT) {
      const ids = entries.slice(start, start + DELETED_PER_STATEMENT).map((entry) => entry.id)
      await sql`DELETE FROM plants_fts WHERE rowid IN (${sql.join(ids)})`.execute(tx)
    }
    await this.add(tx, entries)
  }

  async clear(tx: Tx): Promise<void> {
    await sql`DELETE FROM plants_fts`.execute(tx)
  }

  async add(tx: Tx, entries: readonly SearchEntry[]): Promise<void> {
    const row = sql`(${null}, ${null}, ${null}, ${null}, ${null})`
    await forManyRows(
      tx,
      'plants_fts',
      5,
      (count) =>
        sql`INSERT INTO plants_fts (rowid, name, scientific_name, alternate_names, description)
        VALUES ${sql.join(Array.from({ length: count }, () => row))}`.compile(tx),
      entries.map((entry) => [
        entry.id,
        entry.name,
        entry.scientific_name,
        entry.alternate_names,
        entry.description,
      ]),
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
