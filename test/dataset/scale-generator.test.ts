// The made-up dataset of the scale bench (bench/scale/generate.ts): the same count and seed give the same
// file byte for byte, and the file imports on its own with every line a new plant and no line rejected.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { writeDataset } from '../../bench/scale/generate.ts'
import { importDataset } from '../../src/transfer/import.ts'
import { readLines } from '../../src/transfer/read-lines.ts'
import { freshStores } from '../helpers/fresh-stores.ts'
import { tempDir } from '../helpers/temp-dir.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const COUNT = 2000
const dir = tempDir('hortus-scale-generator-')
const freshStore = freshStores()
const hashOf = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex')

describe('the scale dataset generator', () => {
  const first = join(dir, 'first.jsonl')
  writeDataset(ROOT, first, COUNT)

  it('writes the same file for the same count and seed, another for another seed', () => {
    const second = join(dir, 'second.jsonl')
    writeDataset(ROOT, second, COUNT)
    assert.equal(hashOf(second), hashOf(first))
    const other = join(dir, 'other.jsonl')
    writeDataset(ROOT, other, COUNT, 'another seed')
    assert.notEqual(hashOf(other), hashOf(first))
  })

  it('writes a header and one line per plant, varieties and links among them', () => {
    const lines = readFileSync(first, 'utf8').trimEnd().split('\n')
    assert.equal(lines.length, COUNT + 1)
    assert.equal((JSON.parse(lines[0]!) as { hortus_dataset: number }).hortus_dataset, 1)
    const plants = lines.slice(1).map((line) => JSON.parse(line) as { type: string; links?: unknown[] })
    const varieties = plants.filter(({ type }) => type === 'Variety').length
    // About 14% of the real lines are varieties.
    assert.ok(varieties > COUNT * 0.1 && varieties < COUNT * 0.2, `${varieties} varieties`)
    assert.ok(plants.some(({ links }) => links && links.length > 0))
  })

  it('imports on its own: every line a new plant, none rejected', async () => {
    const store = await freshStore()
    const summary = await importDataset(store, readLines(first), { source: first, baseDir: dir })
    assert.deepEqual(summary.rejected, [])
    assert.equal(summary.created, COUNT)
    assert.ok(summary.links.created > 0)
  })
})
