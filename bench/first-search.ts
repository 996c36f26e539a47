// The first search after a start and the first after a save (issue 38): each against the warm search's
// p50, the same query words. Whatever search derives and keeps (the phrase book behind `q`) must be ready
// when a start answers its first request, and kept current by the save, not rebuilt by the next read.
// A start is timed STARTS times (each a server of its own, its first search right after /api/health
// answers); a save of each kind (editor.ts) SAVES_PER_KIND times, each followed at once by the search. The
// verdicts take the median of each, so that one hiccup of a shared machine is not the figure.
// The first search goes on a connection that a health check opened just before, as the warm searches go on
// one kept open: a new TCP connection costs about 1 ms on loopback whatever the server (1.0-1.3 ms against
// 0.2 for the next request to a plain node:http server on this machine), which is not what Hortus makes on
// its first search. The health check's own time, connection included, is kept beside it (`connectMs`).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Workload } from './cases.ts'
import { EDIT_KINDS, openEditor, type EditKind } from './editor.ts'
import { oneClient, timedRequest } from './load.ts'
import { startHortus } from './processes.ts'

const QUERY = '/api/search?q=tomato'
const STARTS = 5
const SAVES_PER_KIND = 3
const WARM_ROUNDS = 300
const CLIENT_WARM_ROUNDS = 300

export interface FirstSearchFigures {
  query: string
  /** one client, the same query over and over once the server has answered it */
  warm: { p50: number; p99: number }
  /** the first search of each start */
  afterStartMs: number[]
  /** the health check that opened its connection, just before */
  connectMs: number[]
  /** the search right after each save, by the save's kind */
  afterSaveMs: Record<EditKind, number[]>
}

// Sent as the warm searches are (oneClient's client): fetch asks for a compressed answer, and the warm
// searches' figure would not include compressing it.
async function timed(port: number, headers: Record<string, string>): Promise<number> {
  const { ms, status } = await timedRequest(port, headers, { path: QUERY })
  if (status !== 200) throw new Error(`${QUERY}: ${status}`)
  return ms
}

/** Runs this process's own client code (timedRequest) until V8 has compiled it, against a server of its
 * own: otherwise the first start's first search carried the bench's cold client, 4-7 ms more than the
 * others' (the starts after the first measured 6-9 ms, the first 13-21). */
async function warmTheClient(headers: Record<string, string>): Promise<void> {
  const body = JSON.stringify({
    plants: Array.from({ length: 50 }, (_, id) => ({ id, name: 'x'.repeat(1500) })),
  })
  const server = createServer((_request, response) => response.end(body))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  for (let round = 0; round < CLIENT_WARM_ROUNDS; round++) await timedRequest(port, headers, { path: QUERY })
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Starts Hortus on `url` STARTS times, and the first time measures it warm and after saves. */
export async function measureFirstSearches(
  url: string,
  headers: Record<string, string>,
  workload: Workload,
): Promise<FirstSearchFigures> {
  const figures: FirstSearchFigures = {
    query: QUERY,
    warm: { p50: NaN, p99: NaN },
    afterStartMs: [],
    connectMs: [],
    afterSaveMs: { number: [], 'known text': [], 'new text': [] },
  }
  await warmTheClient(headers)
  for (let start = 0; start < STARTS; start++) {
    const server = await startHortus(url)
    try {
      figures.connectMs.push((await timedRequest(server.port, {}, { path: '/api/health' })).ms)
      figures.afterStartMs.push(await timed(server.port, headers))
      if (start > 0) continue
      figures.warm = await oneClient(server.port, headers, () => ({ path: QUERY }), WARM_ROUNDS)
      const editor = await openEditor(server.port, headers, workload)
      for (let round = 0; round < SAVES_PER_KIND; round++) {
        for (const kind of EDIT_KINDS) {
          const save = await editor.save(kind)
          if (!save.ok) throw new Error(`a save (${kind}) failed`)
          figures.afterSaveMs[kind].push(await timed(server.port, headers))
        }
      }
    } finally {
      await server.stop()
    }
  }
  const ms = (values: number[]) => values.map((value) => value.toFixed(1)).join(', ')
  console.log(
    `first search (${QUERY}): warm p50 ${figures.warm.p50.toFixed(2)} ms; after a start ${ms(figures.afterStartMs)} ms ` +
      `(the health check that opened its connection ${ms(figures.connectMs)} ms); ` +
      EDIT_KINDS.map((kind) => `after a save (${kind}) ${ms(figures.afterSaveMs[kind])} ms`).join('; '),
  )
  return figures
}
