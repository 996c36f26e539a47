// The ceilings the bench measures Hortus against, in a process of their own like Hortus's: a Fastify route
// answering a tiny JSON (what one request costs at least), and a route answering, from memory, the exact
// bytes of a 100-plant page (what serving that page costs without any database or serialisation).
// Usage: node --import tsx bench/baseline-server.ts <file with the page's bytes>; prints the port it listens on.
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'

const page = readFileSync(process.argv[2]!)
const app = Fastify({ logger: false })
app.get('/hello', async () => ({ hello: 'world' }))
app.get('/page', async (_request, reply) => reply.type('application/json; charset=utf-8').send(page))
await app.listen({ port: 0, host: '127.0.0.1' })
console.log((app.server.address() as { port: number }).port)
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)))
