// Builds the HTTP application: plugins, routes, the error and 404 handlers. Never listens: server.ts does,
// and tests inject requests or listen on a free port themselves.
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import cors from '@fastify/cors'
import swagger from '@fastify/swagger'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Config } from './config.ts'
import type { Store } from './db/store.ts'
import { AppError, StorageUnavailableError, validationFailed } from './errors.ts'
import { KeyVerifier } from './accounts/api-keys.ts'
import { componentSchemas, openApiOptions } from './http/openapi.ts'
import { fieldProblems, validatorCompiler } from './http/validation.ts'
import type { Api } from './http/api-context.ts'
import { plantRoutes } from './plants/plants.routes.ts'
import { searchRoutes } from './search/search.routes.ts'
import { linkRoutes } from './links/links.routes.ts'

/** Request bodies above this size are refused with 413; the largest real plant is a few kilobytes. */
export const BODY_LIMIT_BYTES = 1024 * 1024

export interface AppOptions {
  config: Pick<Config, 'keyBrand' | 'keyCacheSeconds'>
  store: Store
  logger?: FastifyServerOptions['logger']
}

export async function buildApp({ config, store, logger = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Clients behind a load balancer are identified by the address it forwards.
    trustProxy: true,
  }).withTypeProvider<TypeBoxTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  // Only JSON bodies: anything else is a 415, not a string handed to the JSON schema.
  app.removeContentTypeParser('text/plain')
  app.decorateRequest('account', null)
  for (const schema of componentSchemas()) app.addSchema(schema)
  await app.register(swagger, openApiOptions(config.keyBrand))

  // Before any route plugin: a plugin keeps the handlers in force when it was registered.
  app.setNotFoundHandler(async (request, reply) =>
    reply
      .code(404)
      .send(
        new AppError(
          'notFound',
          `There is no ${request.method} ${request.url.split('?')[0]}. The API is described at /api/openapi.json.`,
        ).toBody(),
      ),
  )

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const appError = toAppError(error, store)
    if (appError.kind === 'unavailable') {
      request.log.warn({ err: error }, 'storage unavailable')
      void reply.header('retry-after', '1')
    } else if (appError.kind === 'internal') {
      request.log.error({ err: error }, 'unexpected error')
    }
    return reply.code(appError.status).send(appError.toBody())
  })

  // Browser apps call the API from their own origins; preflights must pass without a key.
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['content-type', `x-${config.keyBrand}-key-id`, `x-${config.keyBrand}-key-secret`],
    exposedHeaders: ['retry-after'],
    maxAge: 86400,
  })

  const keys = new KeyVerifier(store, config.keyCacheSeconds)
  const keyIdHeader = `x-${config.keyBrand}-key-id`
  const keySecretHeader = `x-${config.keyBrand}-key-secret`

  await app.register(
    async (api: Api) => {
      api.addHook('onRequest', async (request) => {
        if (request.routeOptions.config.public) return
        const header = (name: string) => {
          const value = request.headers[name]
          return typeof value === 'string' ? value : undefined
        }
        request.account = await keys.verify(header(keyIdHeader), header(keySecretHeader))
        if (!request.account) {
          throw new AppError(
            'notAuthenticated',
            `Send a valid key pair in the ${keyIdHeader} and ${keySecretHeader} headers. Keys are created on the website (or with the hortus CLI).`,
          )
        }
      })
      api.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () =>
        app.swagger(),
      )
      await api.register(plantRoutes, { store })
      await api.register(linkRoutes, { store })
      await api.register(searchRoutes, { store })
    },
    { prefix: '/api' },
  )

  return app
}

/** Maps anything thrown while handling a request to one of the errors of errors.ts. */
function toAppError(error: FastifyError, store: Store): AppError {
  if (error instanceof AppError) return error
  if (error instanceof StorageUnavailableError || store.isUnavailable(error)) {
    return new AppError(
      'unavailable',
      'The database is briefly unavailable. Retry after the number of seconds in Retry-After.',
    )
  }
  if (error.validation) {
    const problems = fieldProblems(error.validation)
    switch (error.validationContext) {
      case 'body':
        return validationFailed(problems)
      case 'params':
        return new AppError('notFound', 'No such resource: ids are positive integers.')
      default:
        return new AppError(
          'badRequest',
          `Invalid query parameter${problems.length > 1 ? 's' : ''}: ${problems.map((p) => `${p.field} ${p.problem}`).join('; ')}.`,
        )
    }
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(
        'unsupportedMediaType',
        'Send the body as JSON with content-type: application/json.',
      )
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payloadTooLarge', `Request bodies are limited to ${BODY_LIMIT_BYTES} bytes.`)
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('invalidJson', 'The body is empty; send a JSON object.')
  }
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return new AppError('invalidJson', 'The body is not valid JSON.')
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('badRequest', 'The request could not be understood; check its headers and body.')
  }
  return new AppError('internal', 'Something went wrong on our side; it has been logged.')
}
