// Validators and serializers compiled when a route first needs them instead of at start-up. Fastify
// compiles every route's schemas while it boots: Ajv's validators and fast-json-stringify's serializers
// took about 350 ms of a 970 ms start to the first answer, for routes a process may not serve for minutes.
// The compiled functions are the same; only the moment moves, to the first request of each route (a few
// milliseconds, once; a process's very first Ajv compile about 40). Once the server listens, those not yet
// compiled are compiled in the background, one per turn of the event loop (compileTheRest), so that the
// first request of a route finds its functions made without the start waiting for them. The tests, the
// generated bad input among them, reach every route, so a schema that does not compile still fails there.
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
 * at most. */
export async function compileTheRest(urls?: ReadonlySet<string>): Promise<void> {
  for (const entry of notYetCompiled) {
    if (urls && (entry.url === undefined || !urls.has(entry.url))) continue
    notYetCompiled.delete(entry)
    entry.compile()
    await new Promise((resolve) => setImmediate(resolve))
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
