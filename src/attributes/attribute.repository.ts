// All SQL about the attribute registry: the counters kept by every save, and the reads of GET /attributes.
import { sql } from 'kysely'
import type { Db, Tx } from '../db/store.ts'
import { prepared } from '../db/prepared.ts'
import type { AttributeTally } from './attribute-tally.ts'
import { isNumericKey } from './numeric-keys.ts'
import { ALL_KEYS, MAX_KEYS_RECORDED, registryChangedIn, VERSIONS_KEPT } from './registry-changes.ts'

// Rows per statement: keeps each under SQLite's bound-parameter limit.
const CHUNK = 200

export interface KeyRow {
  key_norm: string
  key: string
  plants: number
  /** Of them, the plants whose value is a number or a range. */
  number_plants: number
}

export interface ValueRow {
  key_norm: string
  value: string
  plants: number
}

/** Adds a transaction's counts to the registry; a key or value no plant has any more is removed. A key
 * or value keeps the spelling it was first written with while any plant has it. When a key appears or
 * goes, a key becomes numeric or stops being, or a value of a text key appears or goes, the registry's
 * version moves: what processes derive from it (the phrase book) is out of date. A save that only moves
 * counts leaves it, and so does a new number of a numeric key (a height of 1.37 m): the phrase book reads
 * no numeric key's values, and most saves of a number bring one no plant had. The keys that moved it are
 * recorded with the new version (registry_changes), so that a process catching up reads only those. */
export async function applyTally(tx: Tx, tally: AttributeTally): Promise<void> {
  const keys = tally.keys()
  let changed = false
  /** The keys that appeared, went, became numeric or stopped being, or of which a value appeared or went. */
  const moved = new Set<string>()
  /** Keys of which a value appeared or went: they move the version if they are text keys. */
  const valuesMoved = new Set<string>()
  for (const chunk of chunks(keys)) {
    const rows = await tx
      .insertInto('attribute_keys')
      .values(
        chunk.map(({ keyNorm, key, delta, numberDelta }) => ({
          key_norm: keyNorm,
          key,
          plants: delta,
          number_plants: numberDelta,
        })),
      )
      .onConflict((conflict) =>
        conflict.column('key_norm').doUpdateSet((eb) => ({
          plants: eb('attribute_keys.plants', '+', eb.ref('excluded.plants')),
          number_plants: eb('attribute_keys.number_plants', '+', eb.ref('excluded.number_plants')),
        })),
      )
      .returning(['key_norm', 'plants', 'number_plants'])
      .execute()
    const deltas = new Map(chunk.map((key) => [key.keyNorm, key]))
    for (const row of rows) if (keyChanged(row, deltas.get(row.key_norm)!)) moved.add(row.key_norm)
    changed ||= moved.size > 0
  }
  for (const chunk of chunks(tally.values())) {
    const rows = await tx
      .insertInto('attribute_values')
      .values(
        chunk.map(({ keyNorm, valueNorm, value, delta }) => ({
          key_norm: keyNorm,
          value_norm: valueNorm,
          value,
          plants: delta,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['key_norm', 'value_norm']).doUpdateSet((eb) => ({
          plants: eb('attribute_values.plants', '+', eb.ref('excluded.plants')),
        })),
      )
      .returning(['key_norm', 'value_norm', 'plants'])
      .execute()
    const deltas = new Map(chunk.map((value) => [`${value.keyNorm}\u0000${value.valueNorm}`, value.delta]))
    // A value with no plant before this save is new (a removed one is deleted below).
    for (const row of rows) {
      if (Number(row.plants) - deltas.get(`${row.key_norm}\u0000${row.value_norm}`)! <= 0) {
        valuesMoved.add(row.key_norm)
      }
    }
  }
  const emptied = keys.filter(({ delta }) => delta < 0).map(({ keyNorm }) => keyNorm)
  const touched = [
    ...new Set(
      tally
        .values()
        .filter(({ delta }) => delta < 0)
        .map(({ keyNorm }) => keyNorm),
    ),
  ]
  for (const chunk of chunks(touched)) {
    const deleted = await tx
      .deleteFrom('attribute_values')
      .where('key_norm', 'in', chunk)
      .where('plants', '<=', 0)
      .returning('key_norm')
      .execute()
    for (const row of deleted) valuesMoved.add(row.key_norm)
  }
  if (!changed) changed = await anyTextKey(tx, [...valuesMoved])
  for (const chunk of chunks(emptied)) {
    const deleted = await tx
      .deleteFrom('attribute_keys')
      .where('key_norm', 'in', chunk)
      .where('plants', '<=', 0)
      .returning('key_norm')
      .execute()
    for (const row of deleted) moved.add(row.key_norm)
    changed ||= deleted.length > 0
  }
  if (changed) {
    const [row] = await tx
      .updateTable('derived_versions')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('name', '=', REGISTRY_VERSION)
      .returning('version')
      .execute()
    await recordChangedKeys(tx, Number(row!.version), [...moved, ...valuesMoved])
    registryChangedIn(tx)
  }
}

/** The derived_versions row of the attribute registry's keys and values. */
const REGISTRY_VERSION = 'attribute_registry'

/** A key that is new, or that became numeric or stopped being with this save. */
function keyChanged(
  after: { plants: number | string; number_plants: number | string },
  { delta, numberDelta }: { delta: number; numberDelta: number },
): boolean {
  const now = { plants: Number(after.plants), number_plants: Number(after.number_plants) }
  const before = { plants: now.plants - delta, number_plants: now.number_plants - numberDelta }
  return before.plants <= 0 || isNumericKey(before) !== isNumericKey(now)
}

/** Whether any of these keys is a text key (as this transaction leaves it); a key gone is not. */
async function anyTextKey(tx: Tx, keyNorms: string[]): Promise<boolean> {
  for (const chunk of chunks(keyNorms)) {
    const rows = await tx
      .selectFrom('attribute_keys')
      .select(['plants', 'number_plants'])
      .where('key_norm', 'in', chunk)
      .execute()
    const counts = rows.map((row) => ({
      plants: Number(row.plants),
      number_plants: Number(row.number_plants),
    }))
    if (counts.some((row) => row.plants > 0 && !isNumericKey(row))) return true
  }
  return false
}

/** The version of the registry's keys and values (applyTally moves it): one indexed read. */
export async function registryVersion(db: Db): Promise<number> {
  const [row] = await readRegistryVersion(db)
  return Number(row?.version ?? 0)
}

// Read by every search: planned once per connection on PostgreSQL.
const readRegistryVersion = prepared((db) =>
  db.selectFrom('derived_versions').select('version').where('name', '=', REGISTRY_VERSION),
)

/** Records which keys moved the registry to `version` (all of them past MAX_KEYS_RECORDED: an import), and
 * forgets the versions a process catching up no longer asks for. */
async function recordChangedKeys(tx: Tx, version: number, keyNorms: string[]): Promise<void> {
  const recorded = new Set(keyNorms.length > MAX_KEYS_RECORDED ? [ALL_KEYS] : keyNorms)
  for (const chunk of chunks([...recorded])) {
    await tx
      .insertInto('registry_changes')
      .values(chunk.map((keyNorm) => ({ version, key_norm: keyNorm })))
      .execute()
  }
  await tx
    .deleteFrom('registry_changes')
    .where('version', '<=', version - VERSIONS_KEPT)
    .execute()
}

/** The keys that moved the registry after version `from` up to `to`, or null when they are not all
 * recorded (versions forgotten, or an import that moved them all): then the whole registry is read. */
export async function changedKeysSince(db: Db, from: number, to: number): Promise<string[] | null> {
  if (to - from >= VERSIONS_KEPT) return null
  const rows = await db
    .selectFrom('registry_changes')
    .select(['version', 'key_norm'])
    .where('version', '>', from)
    .where('version', '<=', to)
    .execute()
  const versions = new Set(rows.map((row) => Number(row.version)))
  if (versions.size !== to - from || rows.some((row) => row.key_norm === ALL_KEYS)) return null
  return [...new Set(rows.map((row) => row.key_norm))]
}

/** Every key in use, the most used first. */
export async function listKeys(db: Db): Promise<KeyRow[]> {
  const rows = await db
    .selectFrom('attribute_keys')
    .select(['key_norm', 'key', 'plants', 'number_plants'])
    .orderBy('plants', 'desc')
    .orderBy('key_norm')
    .execute()
  return rows.map((row) => ({ ...row, plants: Number(row.plants), number_plants: Number(row.number_plants) }))
}

export async function findKey(db: Db, keyNorm: string): Promise<KeyRow | undefined> {
  const row = await db
    .selectFrom('attribute_keys')
    .select(['key_norm', 'key', 'plants', 'number_plants'])
    .where('key_norm', '=', keyNorm)
    .executeTakeFirst()
  return row && { ...row, plants: Number(row.plants), number_plants: Number(row.number_plants) }
}

/** These keys, those in use. */
export async function findKeys(db: Db, keyNorms: string[]): Promise<KeyRow[]> {
  const found: KeyRow[] = []
  for (const chunk of chunks(keyNorms)) {
    const rows = await db
      .selectFrom('attribute_keys')
      .select(['key_norm', 'key', 'plants', 'number_plants'])
      .where('key_norm', 'in', chunk)
      .execute()
    for (const row of rows) {
      found.push({ ...row, plants: Number(row.plants), number_plants: Number(row.number_plants) })
    }
  }
  return found
}

/** Which of these normalized names are keys in use. */
export async function findKeyNorms(db: Db, keyNorms: string[]): Promise<string[]> {
  const found: string[] = []
  for (const chunk of chunks(keyNorms)) {
    const rows = await db
      .selectFrom('attribute_keys')
      .select('key_norm')
      .where('key_norm', 'in', chunk)
      .execute()
    found.push(...rows.map((row) => row.key_norm))
  }
  return found
}

/** The `limit` most frequent values of each key: one index range per key, one statement per chunk of keys. */
export async function topValues(db: Db, keyNorms: string[], limit: number): Promise<ValueRow[]> {
  const rows: ValueRow[] = []
  for (const chunk of chunks(keyNorms)) {
    const ranges = chunk.map(
      (keyNorm) =>
        sql<ValueRow>`SELECT * FROM (SELECT key_norm, value, plants FROM attribute_values
          WHERE key_norm = ${keyNorm} ORDER BY plants DESC, value_norm LIMIT ${limit}) AS top`,
    )
    const result = await sql<ValueRow>`${sql.join(ranges, sql` UNION ALL `)}`.execute(db)
    rows.push(...result.rows.map((row) => ({ ...row, plants: Number(row.plants) })))
  }
  return rows
}

/** One page of a key's values, the most frequent first, and how many values it has. */
export async function pageValues(
  db: Db,
  keyNorm: string,
  limit: number,
  offset: number,
): Promise<{ rows: ValueRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('attribute_values')
      .select(['key_norm', 'value', 'plants'])
      .where('key_norm', '=', keyNorm)
      .orderBy('plants', 'desc')
      .orderBy('value_norm')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('attribute_values')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('key_norm', '=', keyNorm)
      .executeTakeFirstOrThrow(),
  ])
  return { rows: rows.map((row) => ({ ...row, plants: Number(row.plants) })), total: Number(count.total) }
}

function chunks<T>(items: T[]): T[][] {
  const result: T[][] = []
  for (let start = 0; start < items.length; start += CHUNK) result.push(items.slice(start, start + CHUNK))
  return result
}

/** The smallest and largest number of a key (index ends of plant_numbers). */
export async function numberBounds(db: Db, keyNorm: string): Promise<{ min: number; max: number } | null> {
  const [low, high] = await Promise.all([
    db
      .selectFrom('plant_numbers')
      .select('low')
      .where('key', '=', keyNorm)
      .orderBy('low')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('plant_numbers')
      .select('high')
      .where('key', '=', keyNorm)
      .orderBy('high', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ])
  return low && high ? { min: Number(low.low), max: Number(high.high) } : null
}
