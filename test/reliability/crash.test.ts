// Crash safety: a real Hortus process takes a concurrent write burst (creates, updates with the right
// version, links) from several clients and is killed with SIGKILL at a random moment, then restarted on
// the same database. After every round: every acknowledged create is there, no plant is behind a version
// a 2xx answer showed, every acknowledged link is there, each plant has exactly the revisions 1..version,
// and SQLite's integrity_check passes. The kill moments come from a printed seed
// (HORTUS_RELIABILITY_SEED replays a run).
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { recordFigure, tierCount } from '../helpers/reliability.ts'
import { createTestDatabaseUrl, TEST_DIALECT } from '../helpers/test-database.ts'
import {
  checkLedger,
  createKeyHeaders,
  Ledger,
  reliabilitySeed,
  seededRandom,
  startHortus,
  underWay,
  writeBurst,
  Writer,
  type HortusProcess,
} from '../helpers/write-burst.ts'

const ROUNDS = tierCount(3, 20)
const WRITERS = 4
const SUITE = 'crash safety'

it(`keeps every acknowledged write through ${ROUNDS} SIGKILLs under write load`, async (t) => {
  const seed = reliabilitySeed()
  t.diagnostic(`seed ${seed} (HORTUS_RELIABILITY_SEED=${seed} replays the kill moments)`)
  const random = seededRandom(seed)
  const databaseUrl = await createTestDatabaseUrl()
  const keyHeaders = await createKeyHeaders(databaseUrl)
  const ledger = new Ledger()
  const writers = Array.from({ length: WRITERS }, (_, i) => new Writer(`w${i}`, seededRandom(seed + i + 1)))
  const totals = { lost: 0, behind: 0, missingLinks: 0, revisionMismatches: 0, integrityFailures: 0 }
  const problems: string[] = []

  let server: HortusProcess = await startHortus(databaseUrl, keyHeaders)
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const linksBefore = new Set(ledger.links)
      // Up to 1.5 s after the burst's first 10 acknowledged writes: requests of every kind are in flight.
      const killAfterMs = Math.round(random() * 1500)
      const burst = writeBurst(server.api, writers, ledger)
      await underWay(server, ledger)
      await new Promise((resolve) => setTimeout(resolve, killAfterMs))
      server.started.child.kill('SIGKILL')
      await server.started.finished
      const sent = await burst

      server = await startHortus(databaseUrl, keyHeaders)
      const newLinks = [...ledger.links].filter((pair) => !linksBefore.has(pair))
      const check = await checkLedger(server.api, databaseUrl, ledger, newLinks)
      const integrityOk = check.integrity === null || check.integrity === 'ok'
      totals.lost += check.lost.length
      totals.behind += check.behind.length
      totals.missingLinks += check.missingLinks.length
      totals.revisionMismatches += check.revisionMismatches.length
      if (!integrityOk) totals.integrityFailures++
      const unexpected = sent.filter((request) => request.status >= 500)
      const found = [
        ...check.lost.map((id) => `acknowledged plant ${id} is missing`),
        ...check.behind,
        ...check.missingLinks.map((pair) => `acknowledged link ${pair} is missing`),
        ...check.revisionMismatches,
        ...(integrityOk ? [] : [`integrity_check: ${check.integrity}`]),
        ...unexpected.map((request) => `a ${request.status} answer: ${JSON.stringify(request.body)}`),
      ]
      problems.push(
        ...found
          .slice(0, 10)
          .map((problem) => `round ${round} (kill ${killAfterMs} ms into the burst): ${problem}`),
      )
      t.diagnostic(
        `round ${round}: killed ${killAfterMs} ms into the burst, ${sent.length} requests, ${ledger.writes} acknowledged writes so far, ${found.length} problems`,
      )
    }
  } finally {
    server.started.child.kill('SIGKILL')
  }

  recordFigure({ suite: SUITE, measure: 'rounds (SIGKILL, restart)', value: ROUNDS })
  recordFigure({
    suite: SUITE,
    measure: 'acknowledged writes (creates / updates / links)',
    value: `${ledger.writes} (${ledger.creates} / ${ledger.updates} / ${ledger.linksMade})`,
  })
  recordFigure({ suite: SUITE, measure: 'acknowledged creates lost', value: totals.lost, target: '0' })
  recordFigure({
    suite: SUITE,
    measure: 'plants behind their acknowledged version',
    value: totals.behind,
    target: '0',
  })
  recordFigure({ suite: SUITE, measure: 'acknowledged links lost', value: totals.missingLinks, target: '0' })
  recordFigure({
    suite: SUITE,
    measure: 'plants whose revisions are not 1..version',
    value: totals.revisionMismatches,
    target: '0',
  })
  if (TEST_DIALECT === 'sqlite') {
    recordFigure({
      suite: SUITE,
      measure: 'rounds failing integrity_check',
      value: totals.integrityFailures,
      target: '0',
    })
  }
  recordFigure({ suite: SUITE, measure: 'seed', value: seed })

  assert.deepEqual(problems, [], `seed ${seed}`)
  assert.ok(ledger.creates > 0 && ledger.updates > 0 && ledger.linksMade > 0, 'the burst wrote every kind')
})
