// Validators and serializers compiled when a route first needs them instead of at start-up. Fastify
// compiles every route's schemas while it boots: Ajv's validators and fast-json-stringify's serializers
// took about 350 ms of a 970 ms start to the first answer, for routes a process may not serve for minutes.
// The compiled functions are the same; only the moment moves, to the first request of each route (a few
// milliseconds, once; a process's very first Ajv compile about 40). The tests, the generated bad input
// among them, reach every route, so a schema that does not compile still fails there.
import type { ValidateFunction } from 'ajv'
import SerializerSelector from '@fastify/fast-json-stringify-compiler'

/** Ajv's validate function for `compile()`'s schema, compiled on its first call. Like Ajv's, it leaves the
 * last call's problems in `errors` (Fastify reads them there). */
export function validatorOnFirstUse(compile: () => ValidateFunction): ValidateFunction {
  let compiled: ValidateFunction | undefined
  const validate = ((data: unknown) => {
    compiled ??= compile()
    const valid = compiled(data)
    validate.errors = compiled.errors
    return valid
  }) as ValidateFunction
  return validate
}

type SerializerFactory = ReturnType<typeof SerializerSelector>

/** Fastify's own serializer factory (fast-json-stringify, with the shared schemas), each route's
 * serializer compiled on its first answer. For `schemaController.compilersFactory.buildSerializer`. */
export const serializersOnFirstUse: SerializerFactory = (externalSchemas, options) => {
  const compilerFor = SerializerSelector()(externalSchemas, options)
  return (route) => {
    let serialize: ((data: unknown) => string) | undefined
    return (data: unknown) => (serialize ??= compilerFor(route))(data)
  }
}
