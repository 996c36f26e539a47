// The ceilings the bench measures Hortus against, in a process of their own like Hortus's:
// - /hello: a Fastify route answering a tiny JSON (what one request costs at least);
// - /page: the exact bytes of a 100-plant page, from memory (serving that page without any database or
//   serialisation);
// - /plant: the exact bytes of one plant with the exact response headers Hortus sent with them (security,
//   CORS, rate limit, ETag, caching), from memory: what `GET /plants/<id>` costs with the headers Hortus must
//   send, the ceiling its target is set against.
// Usage: node --import tsx bench/baseline-server.ts <page file> <plant file> <plant headers JSON file>;
// prints the port it listens on.
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'

const [pageFile, plantFile, plantHeadersFile] = process.argv.slice(2) as [string, string, string]
const page = readFileSync(pageFile)
const plant = readFileSync(plantFile)
const plantHeaders = JSON.parse(readFileSync(plantHeadersFile, 'utf8')) as Record<string, string>
const app = Fastify({ logger: false })
app.get('/hello', async () => ({ hello: 'world' }))
app.get('/page', async (_request, reply) => reply.type('application/json; charset=utf-8').send(page))
app.get('/plant', async (_request, reply) => reply.headers(plantHeaders).send(plant))
await app.listen({ port: 0, host: '127.0.0.1' })
console.log((app.server.address() as { port: number }).port)
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)))
