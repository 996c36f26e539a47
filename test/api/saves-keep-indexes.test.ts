// A save writes only the index rows it changes: most saves change one attribute, and the numbers, the
// windows and the full-text entry that come out as they were are left alone (writes/plant-indexes.ts). Left
// alone or written, after saves of every kind each index holds what a rebuild makes from the plants.
import assert from 'node:assert/strict'
import { after, before, it } from 'node:test'
import type { Store } from '../../src/db/store.ts'
import { createPlant, updatePlant, type UpdatePlantInput } from '../../src/writes/plant-writes.ts'
import { PLANT_INDEXES } from '../../src/writes/plant-indexes.ts'
import { databaseContent, firstDifference } from '../helpers/database-content.ts'
import { openTestStore } from '../helpers/test-database.ts'

const AUTHOR = { id: null, name: 'a member' }

let store: Store

before(async () => {
  store = await openTestStore()
})

after(async () => {
  await store.close()
})

async function created(name: string, scientificName: string): Promise<number> {
  const doc = await createPlant(
    store,
    {
      scientific_name: scientificName,
      name,
      note: 'new',
      description: 'A tender annual grown for its fruit.',
      data: [
        { key: 'When to sow (indoors)', value: '6-8 weeks before the last frost' },
        { key: 'Height', value: '1-2' },
        { key: 'Sun requirements', value: 'Full sun' },
        { key: 'Alternate name', value: 'Love apple' },
      ],
    },
    AUTHOR,
  )
  return (JSON.parse(doc) as { id: number }).id
}

let version = new Map<number, number>()
async function saved(id: number, change: Omit<UpdatePlantInput, 'version' | 'note'>): Promise<void> {
  const doc = await updatePlant(
    store,
    id,
    { ...change, version: version.get(id) ?? 1, note: 'a change' },
    AUTHOR,
  )
  version.set(id, (JSON.parse(doc) as { version: number }).version)
}

it('after saves of every kind, every index holds what its rebuild makes', async () => {
  version = new Map()
  const tomato = await created('Tomato', 'Solanum lycopersicum')
  const pepper = await created('Pepper', 'Capsicum annuum')
  // Each kind of save, each leaving other indexes' rows as they were.
  await saved(tomato, { data: [{ key: 'Sun requirements', value: 'Partial shade' }] }) // text: facets only
  await saved(tomato, { data: [{ key: 'Height', value: '2-3' }] }) // a number
  await saved(pepper, { data: [{ key: 'When to sow (indoors)', value: '8-10 weeks before the last frost' }] })
  await saved(pepper, { description: 'A warm-season crop for hot summers.' }) // the full-text entry
  await saved(tomato, { data: [{ key: 'Alternate name', value: 'Pomodoro' }] }) // a name
  await saved(pepper, { name: 'Sweet pepper' })
  await saved(tomato, { remove_data: ['Height'] })
  await saved(pepper, { data: [{ key: 'Spread', value: '0.5' }] }) // a number where there was none

  const afterSaves = await databaseContent(store)
  assert.equal(afterSaves.plant_numbers!.length, 2, 'the pepper has its height and spread, the tomato none')
  assert.ok(afterSaves.text_index!.some((line) => line.includes('summer')))

  await store.transaction(async (tx) => {
    for (const index of PLANT_INDEXES) await index.rebuild(store, tx)
  })
  assert.equal(firstDifference(afterSaves, await databaseContent(store)), null)
})
