// Validators and serializers compiled when a route first needs them instead of at start-up. Fastify
// compiles every route's schemas while it boots: Ajv's validators and fast-json-stringify's serializers
// took about 350 ms of a 970 ms start to the first answer, for routes a process may not serve for minutes.
// The compiled functions are the same; only the moment moves, to the first request of each route (a few
// milliseconds, once; a process's very first Ajv compile about 40). Once the server listens, those not yet
// compiled are compiled in the background, one at a time in quiet moments (compileTheRestWhenQuiet), so
// that the first request of a route finds its functions made without the start waiting for them. The
// tests, the generated bad input among them, reach every route, so a schema that does not compile still
// fails there.
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { ValidateFunction } from 'ajv'
import SerializerSelector from '@fastify/fast-json-stringify-compiler'

/** Ajv's validate function for `compile()`'s schema, compiled on its first call. Like Ajv's, it leaves the
 * last call's problems in `errors` (Fastify reads them there). `url`: the route's, when it is one. */
export function validatorOnFirstUse(compile: () => ValidateFunction, url?: string): ValidateFunction {
  let compiled: ValidateFunction | undefined
  const validate = ((data: unknown) => {
    compiled ??= compile()
    const valid = compiled(data)
    validate.errors = compiled.errors
    return valid
  }) as ValidateFunction
  notYetCompiled.add({ url, compile: () => void (compiled ??= compile()) })
  return validate
}

/** What is still to compile: each entry compiles one function if its route has not done it already. */
const notYetCompiled = new Set<{ url: string | undefined; compile: () => void }>()

/** Compiles the validators and serializers no request has needed yet (only those of the routes `urls`,
 * when given), one per turn of the event loop, so that a request arriving meanwhile waits for one compile
 * at most. `before` is awaited before each compile. */
export async function compileTheRest(urls?: ReadonlySet<string>, before = nextTurn): Promise<void> {
  for (const entry of notYetCompiled) {
    if (urls && (entry.url === undefined || !urls.has(entry.url))) continue
    await before()
    notYetCompiled.delete(entry)
    entry.compile()
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** A compile goes ahead once no request has come or gone for QUIET_MS, or after WAIT_AT_MOST_MS anyway. */
const QUIET_MS = 50
const WAIT_AT_MOST_MS = 1000

/** compileTheRest for the routes a start left, in the background while `server` serves, each compile in
 * a quiet moment: none of the requests it answers in hand, none come or gone for QUIET_MS (a busy server
 * gets one compile every WAIT_AT_MOST_MS). A compile takes up to 30 ms (389 of them, 400 ms in all): run
 * as soon as the health check said ready, they made the first search after a start wait for them. */
export async function compileTheRestWhenQuiet(server: Server): Promise<void> {
  let answering = 0
  let lastSeen = performance.now()
  const count = (_request: IncomingMessage, response: ServerResponse) => {
    answering++
    lastSeen = performance.now()
    response.once('close', () => {
      answering--
      lastSeen = performance.now()
    })
  }
  const quiet = async () => {
    const since = performance.now()
    for (;;) {
      const now = performance.now()
      if (now - since >= WAIT_AT_MOST_MS) return
      const quietFor = answering === 0 ? now - lastSeen : 0
      if (quietFor >= QUIET_MS) return
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS - quietFor))
    }
  }
  server.on('request', count)
  try {
    await compileTheRest(undefined, quiet)
  } finally {
    server.off('request', count)
  }
}

type SerializerFactory = ReturnType<typeof SerializerSelector>

/** Fastify's own serializer factory (fast-json-stringify, with the shared schemas), each route's
 * serializer compiled on its first answer. For `schemaController.compilersFactory.buildSerializer`. */
export const serializersOnFirstUse: SerializerFactory = (externalSchemas, options) => {
  const compilerFor = SerializerSelector()(externalSchemas, options)
  return (route) => {
    let serialize: ((data: unknown) => string) | undefined
    notYetCompiled.add({ url: route.url, compile: () => void (serialize ??= compilerFor(route)) })
    return (data: unknown) => (serialize ??= compilerFor(route))(data)
  }
}
