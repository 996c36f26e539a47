import { buildTestApp } from '../helpers/test-app.ts'
import { importDataset } from '../../src/transfer/import.ts'
import { readLines } from '../../src/transfer/read-lines.ts'
const t = await buildTestApp()
await importDataset(t.store, readLines('data/plants.jsonl'), { source: 'data/plants.jsonl', images: false })
for (const q of process.argv.slice(2)) {
  const r = await t.request('GET', `/api/search?q=${encodeURIComponent(q)}&per_page=10`)
  console.log(
    q,
    '=>',
    r.status,
    JSON.stringify(r.body.interpretation?.constraints),
    r.body.interpretation?.name_words,
    (r.body.plants ?? []).map((p: any) => p.name).join(', '),
  )
}
await t.close()
