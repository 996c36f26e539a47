import { explainer } from './explain.ts'
import { openTestStore } from '../../test/helpers/test-database.ts'
import { createKeyPair } from '../../src/accounts/api-keys.ts'
const url = process.env.DBURL ?? 'sqlite:/tmp/m1.sqlite'
const s0 = await openTestStore(url)
const key = await createKeyPair(s0, `x-${Date.now()}@example.org`)
await s0.close()
const store = await openTestStore(url)
const ex = await explainer(store, url, { 'x-service-key-id': key.key_id, 'x-service-key-secret': key.key_secret })
for (const path of process.argv.slice(2)) {
  console.log('=== ' + path)
  for (const s of await ex.explain([path])) {
    console.log(`${s.ms.toFixed(2)} ms  ${s.sql.replace(/\s+/g, ' ')}`)
    if (process.env.PLAN) console.log('   ' + s.plan.join('\n   '))
  }
}
await ex.close(); await store.close()
