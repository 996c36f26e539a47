// Races over real HTTP: concurrent writers of one plant, as the API promises them. Optimistic locking
// lets exactly one of many updates of one version through; read-modify-write clients that retry on a
// mismatch lose no change; links of the same pair made at once give one link.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createPlant } from '../helpers/factories.ts'
import { recordFigure, tierCount } from '../helpers/reliability.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'

const SUITE = 'races'
const PUT_TRIALS = tierCount(20, 200)
const PUTS_PER_TRIAL = 50
const CLIENTS = 8
const ROUNDS_PER_CLIENT = tierCount(25, 250)
const LINK_TRIALS = tierCount(5, 50)
const LINKS_PER_TRIAL = 20

let t: TestApp
before(async () => {
  t = await buildTestApp()
})
after(() => t.close())

/** Every revision of a plant (newest first), all pages. */
async function revisionsOf(id: number): Promise<{ version: number; note: string }[]> {
  const revisions: { version: number; note: string }[] = []
  for (let page = 1; ; page++) {
    const answer = await t.request('GET', `/api/plants/${id}/revisions?per_page=100&page=${page}`)
    assert.equal(answer.status, 200, answer.text)
    revisions.push(...answer.body.revisions)
    if (page >= answer.body.pagination.total_pages) return revisions
  }
}

const isError = (body: any, error: string) =>
  body && Object.keys(body).sort().join() === 'error,msg' && body.error === error

describe('races', () => {
  it(`${PUT_TRIALS} trials of ${PUTS_PER_TRIAL} concurrent PUTs on one version: one 200, the rest "version mismatch"`, async () => {
    const outcomes = new Map<string, number>()
    let exact = 0
    for (let trial = 1; trial <= PUT_TRIALS; trial++) {
      const plant = await createPlant(t)
      const answers = await Promise.all(
        Array.from({ length: PUTS_PER_TRIAL }, (_, i) =>
          t.request('PUT', `/api/plants/${plant.id}`, {
            version: plant.version,
            note: `writer ${i}`,
            description: `written by writer ${i}`,
          }),
        ),
      )
      const winners = answers.filter((answer) => answer.status === 200)
      const mismatches = answers.filter(
        (answer) => answer.status === 422 && isError(answer.body, 'version mismatch'),
      )
      const outcome = `${winners.length} × 200, ${mismatches.length} × 422 version mismatch, ${answers.length - winners.length - mismatches.length} other`
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1)
      const stored = await t.request('GET', `/api/plants/${plant.id}`)
      const revisions = await revisionsOf(plant.id)
      if (
        winners.length === 1 &&
        mismatches.length === PUTS_PER_TRIAL - 1 &&
        stored.body.version === 2 &&
        stored.body.description === winners[0]!.body.description &&
        revisions.length === 2
      )
        exact++
    }
    recordFigure({
      suite: SUITE,
      measure: `trials of ${PUTS_PER_TRIAL} concurrent PUTs with exactly 1 × 200 and ${PUTS_PER_TRIAL - 1} × 422 version mismatch (the winner stored, 2 revisions)`,
      value: `${exact} of ${PUT_TRIALS}`,
      target: `${PUT_TRIALS} of ${PUT_TRIALS}`,
    })
    assert.deepEqual(Object.fromEntries(outcomes), {
      [`1 × 200, ${PUTS_PER_TRIAL - 1} × 422 version mismatch, 0 other`]: PUT_TRIALS,
    })
    assert.equal(exact, PUT_TRIALS)
  })

  it(`${CLIENTS} clients × ${ROUNDS_PER_CLIENT} read-modify-write rounds with retry record every change`, async () => {
    const plant = await createPlant(t)
    let mismatches = 0
    const unexpected: string[] = []
    const client = async (c: number) => {
      for (let round = 1; round <= ROUNDS_PER_CLIENT; round++) {
        for (let attempt = 1; ; attempt++) {
          const current = await t.request('GET', `/api/plants/${plant.id}`)
          const answer = await t.request('PUT', `/api/plants/${plant.id}`, {
            version: current.body.version,
            note: `client ${c} round ${round}`,
            description: `client ${c} round ${round}`,
          })
          if (answer.status === 200) break
          if (answer.status === 422 && isError(answer.body, 'version mismatch')) mismatches++
          else unexpected.push(`${answer.status} ${answer.text}`)
          if (attempt >= 1000) throw new Error(`client ${c} round ${round}: no success in 1000 attempts`)
          // Back off a random while, as a client should: without it the same client can lose every
          // time (optimistic locking promises no winner order, only that no change is lost).
          await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 5 * 2 ** attempt)))
        }
      }
    }
    await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)))

    const expected = CLIENTS * ROUNDS_PER_CLIENT
    const stored = await t.request('GET', `/api/plants/${plant.id}`)
    const revisions = await revisionsOf(plant.id)
    const changes = revisions.filter((revision) => revision.version > 1)
    const notes = new Set(changes.map((revision) => revision.note))
    recordFigure({
      suite: SUITE,
      measure: `changes recorded by ${CLIENTS} clients × ${ROUNDS_PER_CLIENT} read-modify-write rounds (version − 1, revisions, distinct notes)`,
      value: `${stored.body.version - 1}, ${changes.length}, ${notes.size}`,
      target: `${expected} each`,
    })
    recordFigure({ suite: SUITE, measure: 'version mismatches retried in those rounds', value: mismatches })
    assert.deepEqual(unexpected, [])
    assert.equal(stored.body.version, 1 + expected)
    assert.equal(changes.length, expected)
    assert.equal(notes.size, expected, 'each change recorded once')
    assert.deepEqual(
      revisions.map((revision) => revision.version),
      Array.from({ length: expected + 1 }, (_, i) => expected + 1 - i),
    )
  })

  it(`${LINK_TRIALS} trials of ${LINKS_PER_TRIAL} concurrent links of the same two plants make one link`, async () => {
    let exact = 0
    const outcomes = new Map<string, number>()
    for (let trial = 1; trial <= LINK_TRIALS; trial++) {
      const [a, b] = [await createPlant(t), await createPlant(t)]
      // Both directions and both types: links are symmetric, one per pair whatever its type.
      const answers = await Promise.all(
        Array.from({ length: LINKS_PER_TRIAL }, (_, i) => {
          const [from, to] = i % 2 === 0 ? [a, b] : [b, a]
          return t.request('POST', `/api/plants/${from.id}/links`, {
            plant_id: to.id,
            type: i % 4 < 2 ? 'companion-to' : 'antagonist-to',
            note: `link ${i}`,
          })
        }),
      )
      const made = answers.filter((answer) => answer.status === 201)
      const refused = answers.filter(
        (answer) =>
          answer.status === 422 &&
          isError(answer.body, 'validation failed') &&
          /linked already/.test(answer.body.msg),
      )
      const outcome = `${made.length} × 201, ${refused.length} × 422 linked already, ${answers.length - made.length - refused.length} other`
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1)
      const [linksA, linksB] = await Promise.all([
        t.request('GET', `/api/plants/${a.id}/links`),
        t.request('GET', `/api/plants/${b.id}/links`),
      ])
      const [plantA, plantB] = await Promise.all([
        t.request('GET', `/api/plants/${a.id}`),
        t.request('GET', `/api/plants/${b.id}`),
      ])
      if (
        made.length === 1 &&
        refused.length === LINKS_PER_TRIAL - 1 &&
        linksA.body.pagination.total === 1 &&
        linksB.body.pagination.total === 1 &&
        linksA.body.links[0].id === made[0]!.body.id &&
        // One link is one save of each plant; a refused one leaves no revision behind.
        plantA.body.version === 2 &&
        plantB.body.version === 2
      )
        exact++
    }
    recordFigure({
      suite: SUITE,
      measure: `trials of ${LINKS_PER_TRIAL} concurrent links of one pair with exactly 1 link (1 × 201, ${LINKS_PER_TRIAL - 1} × 422 linked already, version +1 each)`,
      value: `${exact} of ${LINK_TRIALS}`,
      target: `${LINK_TRIALS} of ${LINK_TRIALS}`,
    })
    assert.deepEqual(Object.fromEntries(outcomes), {
      [`1 × 201, ${LINKS_PER_TRIAL - 1} × 422 linked already, 0 other`]: LINK_TRIALS,
    })
    assert.equal(exact, LINK_TRIALS)
  })
})
