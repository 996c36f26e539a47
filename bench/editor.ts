// A member of the community editing plants through the API while the bench reads (issue 38's mixed case and
// the first search after a save): each save changes one attribute of a plant at random, the kinds in turn —
// a number of a numeric key, a text value the registry already holds, a text value new to the registry — so
// that what search derives from the registry (the phrase book behind `q`, the number index, the tally) sees
// its inputs change as they do on a community database. A save sends the version last read and a note; a
// save refused for a stale version (422 "version mismatch", or a 409) reads the plant's version again and is
// sent again; one refused because the plant had that value already is sent with another value.
import { performance } from 'node:perf_hooks'
import type { Workload } from './cases.ts'

export const EDIT_KINDS = ['number', 'known text', 'new text'] as const
export type EditKind = (typeof EDIT_KINDS)[number]

export interface Save {
  kind: EditKind
  /** from sending to the answer, a retry after a stale version included */
  ms: number
  ok: boolean
  /** the version was stale: read again, and the save sent again */
  conflict: boolean
}

export interface EditorFigures {
  /** the saves a second asked for */
  rate: number
  /** saves sent, answered, refused (not 200 after the retry, or no answer), and stale versions met */
  sent: number
  saves: number
  failures: number
  conflicts: number
  /** from the first save sent to the last answered */
  seconds: number
  /** the saves' own time: a save waits in line with the reads */
  p50: number
  p99: number
}

// Numeric keys of the bench's set, each with a plausible range (its unit is the registry's: metres, days).
const NUMBERS = [
  { key: 'Height', min: 0.1, max: 20, decimals: 2 },
  { key: 'Width', min: 0.1, max: 8, decimals: 2 },
  { key: 'Days to maturity', min: 30, max: 150, decimals: 0 },
]
// Keys of few values, the phrase book's (registry-phrases.ts): an edit picks one of their values in use.
const KNOWN_TEXT_KEYS = [
  'Light requirement',
  'Water requirement',
  'Growth',
  'Life cycle',
  'Layer',
  'Soil type',
]
// Keys whose values are read as phrases too ("native to canada", "aphid" of "green peach aphid"): an edit
// gives one a value no plant had, a made-up word (new in every run, so a database reused stays fresh).
const NEW_TEXT = [
  { key: 'Native to', value: (word: string) => `${word[0]!.toUpperCase()}${word.slice(1)} highlands` },
  { key: 'Pests', value: (word: string) => `${word} beetle` },
]
/** A save not answered by then is a failure (and the mixed case does not wait on it for ever). */
const SAVE_TIMEOUT_MS = 30_000
const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'su', 'ta', 'vel', 'dor', 'bri', 'nu', 'pe', 'zan', 'gol', 'fi']

/** A word of syllables for `n`, begun with the run's own syllables. */
function madeUpWord(seed: number, n: number): string {
  let word = ''
  for (let rest = seed * 10_000 + n; rest > 0 || word === ''; rest = Math.floor(rest / SYLLABLES.length))
    word += SYLLABLES[rest % SYLLABLES.length]!
  return word
}

interface RegistryKey {
  key: string
  numeric: boolean
  values: { value: string; plants: number }[]
}

export interface Editor {
  /** one save of the next kind (or of `kind`), its answer awaited */
  save(kind?: EditKind): Promise<Save>
  /** saves at `rate` a second on a fixed schedule until stopped (a slow answer does not lower the rate:
   * the next save is sent on time, beside it), then what they did */
  run(rate: number): { stop(): Promise<EditorFigures> }
}

/** An editor of the plants in `workload` (their versions are kept there) on Hortus at `port`. */
export async function openEditor(
  port: number,
  headers: Record<string, string>,
  workload: Workload,
): Promise<Editor> {
  const base = `http://127.0.0.1:${port}/api`
  const json = { ...headers, 'content-type': 'application/json' }
  const registry = await fetch(`${base}/attributes`, { headers })
  if (!registry.ok) throw new Error(`GET /api/attributes: ${registry.status}`)
  const keys = new Map(
    ((await registry.json()) as { attributes: RegistryKey[] }).attributes.map((key) => [key.key, key]),
  )
  for (const { key } of NUMBERS)
    if (!keys.get(key)?.numeric) throw new Error(`the bench's set has no numeric key ${key}`)
  const known = KNOWN_TEXT_KEYS.map((key) => keys.get(key)).filter(
    (key): key is RegistryKey => key !== undefined && !key.numeric && key.values.length > 0,
  )
  if (known.length === 0) throw new Error(`the bench's set has none of ${KNOWN_TEXT_KEYS.join(', ')}`)
  const seed = Math.floor(Math.random() * 10_000)
  let edits = 0

  const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!
  function attribute(kind: EditKind): { key: string; value: string } {
    if (kind === 'number') {
      const { key, min, max, decimals } = pick(NUMBERS)
      return { key, value: (min + Math.random() * (max - min)).toFixed(decimals) }
    }
    if (kind === 'known text') {
      const key = pick(known)
      return { key: key.key, value: pick(key.values).value }
    }
    const { key, value } = pick(NEW_TEXT)
    return { key, value: value(madeUpWord(seed, edits)) }
  }

  async function put(id: number, data: { key: string; value: string }): Promise<Response> {
    const body = { version: workload.versions.get(id), note: 'bench: a community edit', data: [data] }
    return fetch(`${base}/plants/${id}`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(SAVE_TIMEOUT_MS),
    })
  }

  async function save(kind: EditKind = EDIT_KINDS[edits % EDIT_KINDS.length]!): Promise<Save> {
    edits++
    const id = pick(workload.ids)
    let data = attribute(kind)
    const started = performance.now()
    let conflict = false
    try {
      let answer = await put(id, data)
      for (let attempt = 0; attempt < 3 && (answer.status === 409 || answer.status === 422); attempt++) {
        const refusal = (await answer.json()) as { error?: string; msg?: string }
        if (answer.status === 409 || refusal.error === 'version mismatch') {
          conflict = true
          const plant = await fetch(`${base}/plants/${id}`, {
            headers,
            signal: AbortSignal.timeout(SAVE_TIMEOUT_MS),
          })
          workload.versions.set(id, ((await plant.json()) as { version: number }).version)
        } else if (/nothing changed/.test(refusal.msg ?? '')) {
          // The plant had that value already (a value in use is often this plant's): another one.
          data = attribute(kind)
        } else {
          throw new Error(`PUT /api/plants/${id} ${JSON.stringify(data)}: ${JSON.stringify(refusal)}`)
        }
        answer = await put(id, data)
      }
      const saved = (await answer.json()) as { version?: number }
      if (answer.status === 200 && saved.version !== undefined) workload.versions.set(id, saved.version)
      else console.log(`PUT /api/plants/${id} ${JSON.stringify(data)}: ${JSON.stringify(saved)}`)
      return { kind, ms: performance.now() - started, ok: answer.status === 200, conflict }
    } catch (error) {
      // A refusal for another reason than the version is the bench's own mistake: say so.
      console.log(error instanceof Error ? error.message : String(error))
      return { kind, ms: performance.now() - started, ok: false, conflict }
    }
  }

  function run(rate: number): { stop(): Promise<EditorFigures> } {
    const interval = 1000 / rate
    const began = performance.now()
    const done: Save[] = []
    const pending = new Set<Promise<void>>()
    let sent = 0
    let timer: NodeJS.Timeout | undefined
    let stopped = false
    const tick = () => {
      if (stopped) return
      sent++
      const saving = save().then((result) => void done.push(result))
      pending.add(saving)
      void saving.finally(() => pending.delete(saving))
      timer = setTimeout(tick, Math.max(0, began + sent * interval - performance.now()))
    }
    tick()
    return {
      async stop() {
        stopped = true
        clearTimeout(timer)
        await Promise.all(pending)
        const times = done.map((each) => each.ms).sort((a, b) => a - b)
        const at = (share: number) =>
          times[Math.min(times.length - 1, Math.floor(times.length * share))] ?? NaN
        return {
          rate,
          sent,
          saves: done.filter((each) => each.ok).length,
          failures: done.filter((each) => !each.ok).length,
          conflicts: done.filter((each) => each.conflict).length,
          seconds: (performance.now() - began) / 1000,
          p50: at(0.5),
          p99: at(0.99),
        }
      },
    }
  }

  return { save, run }
}
