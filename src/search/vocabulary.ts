// The vocabulary: every word of the indexed text, with how many plants have it anywhere and in a name.
// Typo correction, word forms and joined/split words look up words here, so a word is offered only when
// some plant has it. A save counts what its plant gains (+1) and loses (−1) in a WordTally; a single save
// applies it at once, the importer once per batch, as with the attribute registry. A new word gets its
// deletion variants (edit-distance.ts) in the same transaction; a word no plant has any more is removed.
import { sql } from 'kysely'
import type { Db, Tx } from '../db/store.ts'
import { insertMany, insertManyValues, type OnConflict } from '../db/many-rows.ts'
import { prepared } from '../db/prepared.ts'
import { storedVariants } from './edit-distance.ts'
import { nameRows, plantWords, type NameKind, type SearchText } from './search-text.ts'

// Rows per statement: keeps each under SQLite's bound-parameter limit.
const CHUNK = 200
// Words per read of those the vocabulary already has: an import's batch asks about tens of thousands, and
// 200 at a time made 54 statements of a batch of the 92k set (0.5 s of its import on PostgreSQL).
const KNOWN_CHUNK = 4000

const ADD_COUNTS: OnConflict<'search_words'> = {
  name: 'adds its counts',
  add: (insert) =>
    insert.onConflict((conflict) =>
      conflict.column('word').doUpdateSet((eb) => ({
        plants: eb('search_words.plants', '+', eb.ref('excluded.plants')),
        name_plants: eb('search_words.name_plants', '+', eb.ref('excluded.name_plants')),
      })),
    ),
}
// A word's variants come and go with its row (below): one is there only when a concurrent transaction
// added the same new word between the read of the known words and the upsert that waited for it.
const KEEP_VARIANT: OnConflict<'search_word_variants'> = {
  name: 'keeps the one there',
  add: (insert) => insert.onConflict((conflict) => conflict.doNothing()),
  seldom: true,
}

interface WordCount {
  word: string
  plants: number
  namePlants: number
}

export class WordTally {
  readonly #counts = new Map<string, WordCount>()

  /** Counts one save: the plant before (null for a new plant) and after. */
  count(before: SearchText | null, after: SearchText): void {
    if (before) this.#add(before, -1)
    this.#add(after, +1)
  }

  /** The words whose counts changed, in word order (the order their rows are locked in). */
  changes(): WordCount[] {
    return [...this.#counts.values()]
      .filter((count) => count.plants !== 0 || count.namePlants !== 0)
      .sort((a, b) => compare(a.word, b.word))
  }

  #add(plant: SearchText, delta: number) {
    const { all, names } = plantWords(plant)
    for (const word of all) {
      const count = this.#counts.get(word) ?? { word, plants: 0, namePlants: 0 }
      count.plants += delta
      if (names.has(word)) count.namePlants += delta
      this.#counts.set(word, count)
    }
  }
}

/** Adds a transaction's counts to the vocabulary. */
export async function applyWordTally(tx: Tx, tally: WordTally): Promise<void> {
  const changes = tally.changes()
  const gained = changes.filter(({ plants }) => plants > 0).map(({ word }) => word)
  const known = new Set<string>()
  for (const chunk of chunks(gained, KNOWN_CHUNK)) {
    const rows = await tx.selectFrom('search_words').select('word').where('word', 'in', chunk).execute()
    for (const { word } of rows) known.add(word)
  }
  await insertMany(
    tx,
    'search_words',
    changes.map(({ word, plants, namePlants }) => ({ word, plants, name_plants: namePlants })),
    ADD_COUNTS,
  )
  // A variant row's key holds its word, whose search_words row this transaction has locked by now
  // (upserted above), so no two transactions insert the same rows.
  const variants = variantRows(gained.filter((word) => !known.has(word)))
  await insertManyValues(tx, 'search_word_variants', ['variant', 'word'], variants, KEEP_VARIANT)
  const lost = changes.filter(({ plants }) => plants < 0).map(({ word }) => word)
  for (const chunk of chunks(lost)) {
    const removed = await tx
      .deleteFrom('search_words')
      .where('word', 'in', chunk)
      .where('plants', '<=', 0)
      .returning('word')
      .execute()
    for (const { word } of removed) {
      for (const part of chunks(storedVariants(word))) {
        await tx
          .deleteFrom('search_word_variants')
          .where('word', '=', word)
          .where('variant', 'in', part)
          .execute()
      }
    }
  }
}

/** A plant's names as the names table holds them (search-text.ts nameRows). */
export interface PlantNameRows {
  id: number
  names: ReadonlyMap<string, NameKind>
}

/** Rewrites the rows in the names table of the plants whose names changed (`before` null: a plant new to
 * the table), a few statements for any number of plants. */
export async function putNames(
  tx: Tx,
  changes: readonly { before: SearchText | null; after: PlantNameRows }[],
): Promise<void> {
  const replaced: number[] = []
  const rows: { plant_id: number; name: string; kind: number }[] = []
  for (const { before, after } of changes) {
    if (before && sameRows(nameRows(before), after.names)) continue
    if (before) replaced.push(after.id)
    for (const [name, kind] of after.names) rows.push({ plant_id: after.id, name, kind })
  }
  for (const chunk of chunks(replaced))
    await tx.deleteFrom('search_names').where('plant_id', 'in', chunk).execute()
  await insertNames(tx, rows)
}

/** The names of plants that have none in the table yet (the importer's new plants). */
export async function addNames(tx: Tx, plants: readonly PlantNameRows[]): Promise<void> {
  await insertNames(
    tx,
    plants.flatMap(({ id, names }) => [...names].map(([name, kind]) => ({ plant_id: id, name, kind }))),
  )
}

async function insertNames(tx: Tx, rows: { plant_id: number; name: string; kind: number }[]) {
  await insertMany(tx, 'search_names', rows)
}

export interface VocabularyWord {
  word: string
  plants: number
  namePlants: number
}

/** The words of the vocabulary among `words`. */
async function findWords(db: Db, words: string[]): Promise<Map<string, VocabularyWord>> {
  const found = new Map<string, VocabularyWord>()
  for (const chunk of chunks([...new Set(words)])) {
    const rows = await db
      .selectFrom('search_words')
      .select(['word', 'plants', 'name_plants'])
      .where('word', 'in', chunk)
      .execute()
    for (const row of rows) {
      found.set(row.word, { word: row.word, plants: Number(row.plants), namePlants: Number(row.name_plants) })
    }
  }
  return found
}

/** A request's vocabulary: each word is asked of the database once, however many steps look it up (reading
 * `q` and planning its name words ask for mostly the same words), and steps that run together share a read. */
export class WordLookup {
  readonly #words = new Map<string, Promise<VocabularyWord | undefined>>()

  constructor(readonly db: Db) {}

  /** The words of the vocabulary among `words`. */
  async find(words: string[]): Promise<Map<string, VocabularyWord>> {
    const missing = [...new Set(words)].filter((word) => !this.#words.has(word))
    if (missing.length > 0) {
      const read = findWords(this.db, missing)
      for (const word of missing)
        this.#words.set(
          word,
          read.then((found) => found.get(word)),
        )
    }
    // All awaited together: a failed read rejects every one of its words' promises, each handled here.
    const found = await Promise.all(words.map((word) => this.#words.get(word)!))
    return new Map(found.flatMap((entry, index) => (entry ? [[words[index]!, entry] as const] : [])))
  }
}

/** The vocabulary words stored with any of these deletion variants. */
export async function wordsWithVariants(db: Db, variants: string[]): Promise<VocabularyWord[]> {
  const found = new Map<string, VocabularyWord>()
  for (const chunk of chunks([...new Set(variants)], 500)) {
    const rows = await sql<{ word: string; plants: number; name_plants: number }>`
      SELECT DISTINCT w.word, w.plants, w.name_plants
      FROM search_word_variants v JOIN search_words w ON w.word = v.word
      WHERE v.variant IN (${sql.join(chunk)})`.execute(db)
    for (const row of rows.rows) {
      found.set(row.word, { word: row.word, plants: Number(row.plants), namePlants: Number(row.name_plants) })
    }
  }
  return [...found.values()]
}

/** The new words' [variant, word] rows in key order, as the table stores them: each index page is then
 * written once per batch, not once per row (an import adds hundreds of thousands). Sorted a bucket of
 * their first two letters at a time: sorted whole, a batch's rows took a tenth of the 92k import's time in
 * this process (2.5 s); buckets of a few hundred take fewer comparisons, on rows close together. */
function variantRows(words: string[]): [string, string][] {
  const buckets = new Map<number, [string, string][]>()
  for (const word of words) {
    for (const variant of storedVariants(word)) {
      const key = bucketOf(variant)
      const bucket = buckets.get(key)
      if (bucket) bucket.push([variant, word])
      else buckets.set(key, [[variant, word]])
    }
  }
  const rows: [string, string][] = []
  for (const key of [...buckets.keys()].sort((a, b) => a - b)) {
    const bucket = buckets.get(key)!
    bucket.sort((a, b) => compare(a[0], b[0]) || compare(a[1], b[1]))
    for (const row of bucket) rows.push(row)
  }
  return rows
}

/** A number that orders strings as compare() does by their first two UTF-16 units (a missing one first). */
function bucketOf(text: string): number {
  const first = text.length > 0 ? text.charCodeAt(0) + 1 : 0
  const second = text.length > 1 ? text.charCodeAt(1) + 1 : 0
  return first * 65_537 + second
}

function sameRows(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): boolean {
  return a.size === b.size && [...a].every(([name, kind]) => b.get(name) === kind)
}

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const result: T[][] = []
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size))
  return result
}

/** One fixed order for every transaction: rows are upserted in it, so concurrent ones lock them alike. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** Whether some plant has exactly this (folded) name: such a query is read as a name, every word of it. */
export async function isPlantName(db: Db, phrase: string): Promise<boolean> {
  if (!phrase) return false
  return (await plantNamed(db, phrase)).length > 0
}

/** Which of these (folded) phrases are some plant's whole name. */
export async function namesAmong(db: Db, phrases: string[]): Promise<Set<string>> {
  const found = new Set<string>()
  for (const chunk of chunks([...new Set(phrases)])) {
    const rows = await db
      .selectFrom('search_names')
      .select('name')
      .distinct()
      .where('name', 'in', chunk)
      .execute()
    for (const { name } of rows) found.add(name)
  }
  return found
}

// Asked by every search: planned once per connection on PostgreSQL.
const plantNamed = prepared((db, phrase: string) =>
  db.selectFrom('search_names').select('plant_id').where('name', '=', phrase).limit(1),
)
