// Builds the HTTP application: plugins, routes, the error and 404 handlers. Never listens: server.ts does,
// and tests inject requests or listen on a free port themselves.
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify'
import compress from '@fastify/compress'
import cors from '@fastify/cors'
import swagger from '@fastify/swagger'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { loadConfig, type Config } from './config.ts'
import type { Store } from './db/store.ts'
import { warmUp } from './warm-up.ts'
import { Readiness } from './health/readiness.ts'
import { AppError, accountBlocked } from './errors.ts'
import { TOTAL_ESTIMATED_HEADER } from './paging.ts'
import { KeyVerifier } from './accounts/api-keys.ts'
import { componentSchemas, openApiOptions } from './http/openapi.ts'
import { validatorCompiler } from './http/validation.ts'
import { compileTheRestWhenQuiet, serializersOnFirstUse } from './http/compiled-on-first-use.ts'
import { parseQueryString } from './http/query-string.ts'
import {
  JSON_TYPE,
  clientErrorHandler,
  frameworkErrorReply,
  refuseConnect,
  toAppError,
} from './http/error-replies.ts'
import { acceptJsonBodies } from './http/request-shape.ts'
import {
  IGNORED_PARAMETERS_HEADER,
  acknowledgeHandlingPreference,
  handleQueryParameterNames,
} from './http/parameter-names.ts'
import { RouteTable } from './http/route-table.ts'
import { assertIntegersBounded, integerInputs } from './http/integers.ts'
import { isApiWrite, registerApiLimits } from './http/api-limits.ts'
import { assertNewAccountMayWrite } from './moderation/new-accounts.ts'
import { logOneLinePerRequest, requestId } from './http/request-log.ts'
import { answerConditionalGets } from './http/conditional-get.ts'
import { sharedLimitStore } from './http/shared-limit-store.ts'
import { limitConnections } from './http/connections.ts'
import { refuseWrites } from './http/read-only.ts'
import type { Api } from './http/api-context.ts'
import { plantRoutes } from './writes/plants.routes.ts'
import { searchRoutes } from './search/search.routes.ts'
import { linkRoutes } from './links/links.routes.ts'
import { webhookRoutes } from './webhooks/webhook.routes.ts'
import { WebhookDeliverer } from './webhooks/webhook-deliverer.ts'
import { revisionRoutes } from './revisions/revisions.routes.ts'
import { healthRoutes } from './health/health.routes.ts'
import { attributeRoutes } from './attributes/attributes.routes.ts'
import { HTML_TYPE } from './web/common/page-replies.ts'
import { errorPage } from './web/common/message.tsx'
import { isPagePath } from './http/page-paths.ts'
import { imageRoutes } from './images/images.routes.ts'
import { calendarRoutes } from './calendar/calendar.routes.ts'
import { problemRoutes } from './problems/problems.routes.ts'
import { provenanceRoutes } from './provenance/provenance.routes.ts'
import { imageServingRoutes } from './images/image-serving.routes.ts'
import { CURSOR_HEADER, exportRoutes } from './transfer/export.routes.ts'
import { website } from './web/website.ts'
import { MailSender, type SenderTiming } from './mail/mail-sender.ts'
import { assertMayEdit } from './accounts/email-confirmations.ts'
import { WatchNotifier, type NotifierTiming } from './watchlists/watch-notifier.ts'
import { API_HEADERS, PAGE_HEADERS } from './http/security-headers.ts'
import { countRequests as countRequestsBy } from './monitoring/request-metrics.ts'

/** Request bodies above this size are refused with 413; the largest real plant is a few kilobytes. */
export const BODY_LIMIT_BYTES = 1024 * 1024

export interface AppOptions {
  /** What is not given is the default configuration's. */
  config: Partial<Config>
  store: Store
  logger?: FastifyServerOptions['logger']
  /** Overrides `config.requestTimeoutSeconds` (tests want less than a second). */
  requestTimeoutMs?: number
  /** Overrides how often the mail outbox is read and how refusals are retried (tests want it quick). */
  mailTiming?: Partial<SenderTiming>
  /** Overrides how often the watchlist notifier reads the change feed and how often digests go (tests). */
  watchTiming?: Partial<NotifierTiming>
  /** Overrides how often webhooks are delivered and how long they are retried (tests). */
  webhookTiming?: { pollMs?: number; giveUpSeconds?: number }
  /** Every answer counted in the request histogram (HORTUS_METRICS_PORT; monitoring/request-metrics.ts). */
  countRequests?: boolean
}

export async function buildApp({
  config: given,
  store,
  logger = false,
  requestTimeoutMs,
  mailTiming,
  watchTiming,
  webhookTiming,
  countRequests = false,
}: AppOptions): Promise<FastifyInstance> {
  const config = { ...loadConfig({}), ...given }
  // A request must arrive whole within the request timeout (408 otherwise), its headers within a third of
  // it and at most 10 s: a client trickling either cannot hold a connection.
  const requestTimeout = requestTimeoutMs ?? config.requestTimeoutSeconds * 1000
  const headersTimeout = Math.min(10_000, Math.ceil(requestTimeout / 3))
  const readiness = new Readiness()
  const app = Fastify({
    logger,
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestId,
    schemaController: { compilersFactory: { buildSerializer: serializersOnFirstUse } },
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout,
    // Fastify's default (72 s) would keep idle connections, which count against the cap, open for long.
    keepAliveTimeout: config.keepAliveSeconds * 1000,
    http: {
      headersTimeout,
      // How often Node looks for requests past their time; its default (30 s) would let them linger.
      connectionsCheckingInterval: Math.min(1000, Math.ceil(headersTimeout / 2)),
    },
    routerOptions: {
      ignoreTrailingSlash: true,
      maxParamLength: 200,
      querystringParser: parseQueryString,
    },
    // Behind a load balancer, clients are identified by the address it forwards, but only when it is
    // one of the configured proxies: anyone else could write any X-Forwarded-For.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    clientErrorHandler,
    // A request read while the server shuts down is served like any other, with `Connection: close`
    // (Fastify's default would answer a 503 outside the {error, msg} shape, without Retry-After). Each
    // open connection carries at most that one more request, and HORTUS_SHUTDOWN_SECONDS bounds them all.
    return503OnClosing: false,
    frameworkErrors: (error, request, reply) => {
      // No hook runs for these: the answer states the handling preference here.
      acknowledgeHandlingPreference(request, reply)
      if (!isPagePath(request.url)) return frameworkErrorReply(store, BODY_LIMIT_BYTES)(error, request, reply)
      const appError = toAppError(error, request, store, BODY_LIMIT_BYTES)
      void Promise.resolve(errorPage(appError)).then((html) =>
        (reply as FastifyReply).code(appError.status).type(HTML_TYPE).send(html),
      )
    },
  }).withTypeProvider<TypeBoxTypeProvider>()

  const mailSent = config.smtpUrl !== null && config.mailFrom !== null
  limitConnections(app, config.maxConnections)
  // On PostgreSQL the limits are counted across every process on the database; SQLite is one process.
  const limitStore = store.dialect === 'postgres' ? sharedLimitStore(app, store.db) : undefined

  app.server.on('connect', (_request, socket) => refuseConnect(socket))
  app.setValidatorCompiler(validatorCompiler)
  logOneLinePerRequest(app)
  if (countRequests) countRequestsBy(app)
  answerConditionalGets(app)
  acceptJsonBodies(app)
  const routes = new RouteTable()
  app.decorate('routeTable', routes)
  app.addHook('onRoute', (route) => {
    // A route that takes an integer without bounds is refused here, before it could reach a column.
    const integers = integerInputs(route.schema)
    assertIntegersBounded(route.method, route.url, integers)
    routes.add(route.method, route.url, integers)
    handleQueryParameterNames(route)
  })
  app.decorate('publicUrl', config.publicUrl)
  app.decorateRequest('account', null)
  app.decorateRequest('commercialKey', false)
  for (const schema of componentSchemas()) app.addSchema(schema)
  await app.register(swagger, openApiOptions(config.keyBrand))

  // Before any route plugin: a plugin keeps the handlers in force when it was registered.
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0]!
    const allowed = routes.methodsFor(path)
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      const error = new AppError(
        'methodNotAllowed',
        `${clipPath(path)} does not take ${request.method}; it takes ${allowed.join(', ')}.`,
      )
      void reply.code(405).header('allow', allowed.join(', '))
      return isPagePath(path)
        ? reply.type(HTML_TYPE).send(await errorPage(error))
        : reply.send(error.toBody())
    }
    if (isPagePath(path)) {
      const error = new AppError('notFound', `There is no page at ${clipPath(path)}.`)
      return reply.code(404).type(HTML_TYPE).send(errorPage(error))
    }
    const error = new AppError(
      'notFound',
      `There is no ${request.method} ${clipPath(path)}. The API is described at /api/openapi.json.`,
    )
    return reply.code(404).send(error.toBody())
  })

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const appError = toAppError(error, request, store, BODY_LIMIT_BYTES)
    if (appError.retryAfterSeconds !== null) void reply.header('retry-after', appError.retryAfterSeconds)
    if (appError.kind === 'unavailable' && !(error instanceof AppError)) {
      request.log.warn({ err: error }, 'storage unavailable')
      void reply.header('retry-after', '1')
    } else if (appError.kind === 'internal') {
      request.log.error({ err: error }, 'unexpected error')
    }
    void reply.code(appError.status)
    if (isPagePath(request.url)) return reply.type(HTML_TYPE).send(await errorPage(appError))
    return reply.type(JSON_TYPE).send(appError.toBody())
  })

  // Security headers on every answer, worked out once (security-headers.ts); and, to a request that asks
  // for strict or lenient handling, that it was applied (parameter-names.ts).
  app.addHook('onRequest', async (request, reply) => {
    void reply.headers(isPagePath(request.url) ? PAGE_HEADERS : API_HEADERS)
    acknowledgeHandlingPreference(request, reply)
  })

  // A read-only copy refuses every write before anything else looks at it (http/read-only.ts).
  if (config.readOnly) refuseWrites(app, config.mirrorOf)

  // A preflight without Origin or Access-Control-Request-Method is not one: say so in the error shape
  // (the CORS plugin would answer in plain text).
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'OPTIONS') return
    if (!request.headers.origin || !request.headers['access-control-request-method']) {
      throw new AppError(
        'badRequest',
        'A CORS preflight (OPTIONS) needs the Origin and Access-Control-Request-Method headers.',
      )
    }
  })

  // Answers of 1 KB and more are compressed for clients that ask (a 100-plant page: 56 KB, about 9 KB
  // with either). Brotli at quality 4 (the plugin's default, as 11 costs far more CPU); zlib streams run on
  // libuv's thread pool, so compressing never blocks other requests. Request bodies are not decompressed:
  // the API takes plain JSON within its body limit.
  // The plugin's own list of compressible types (mime-db's) lacks the export's JSON Lines.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
    customTypes: (type) => COMPRESSIBLE.test(type),
  })

  // Browser apps call the API from their own origins; preflights must pass without a key.
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: [
      'content-type',
      'prefer',
      `x-${config.keyBrand}-key-id`,
      `x-${config.keyBrand}-key-secret`,
    ],
    exposedHeaders: [
      'retry-after',
      'ratelimit-limit',
      'ratelimit-remaining',
      'ratelimit-reset',
      'x-request-id',
      'etag',
      IGNORED_PARAMETERS_HEADER,
      TOTAL_ESTIMATED_HEADER,
      'preference-applied',
      CURSOR_HEADER,
    ],
    maxAge: 86400,
  })

  const keys = new KeyVerifier(store, config.keyCacheSeconds)
  app.addHook('onClose', () => keys.writeUses())
  const keyIdHeader = `x-${config.keyBrand}-key-id`
  const keySecretHeader = `x-${config.keyBrand}-key-secret`

  await app.register(
    async (api: Api) => {
      const header = (request: FastifyRequest, name: string) => {
        const value = request.headers[name]
        return typeof value === 'string' ? value : undefined
      }
      api.addHook('onRequest', async (request, reply) => {
        if (request.routeOptions.config.public) return
        limits.refuseBlockedAddress(request, reply)
        const verified = await keys.verify(header(request, keyIdHeader), header(request, keySecretHeader))
        if (!verified) {
          await limits.countFailure(request, reply)
          throw new AppError(
            'notAuthenticated',
            `Send a valid key pair in the ${keyIdHeader} and ${keySecretHeader} headers. Keys are created on the website (or with the hortus CLI).`,
          )
        }
        // A blocked account's key is known and right, and refused: 403, not 401.
        if (verified.blocked) throw accountBlocked(null)
        request.account = verified.account
        request.commercialKey = verified.commercial
      })
      // After the authentication hook (added above), so the limits know the verified key.
      const limits = await registerApiLimits(
        api,
        {
          requestsPerMinute: config.rateLimitPerMinute,
          writesPerMinute: config.writeLimitPerMinute,
          commercialRequestsPerMinute: config.commercialRateLimitPerMinute,
          commercialWritesPerMinute: config.commercialWriteLimitPerMinute,
          authFailuresPerMinute: config.authFailureLimitPerMinute,
          store: limitStore,
        },
        (request) => (request.account ? (header(request, keyIdHeader) ?? null) : null),
        (request) => request.commercialKey,
      )
      // A new account's writes per day, counted with the website's (moderation/new-accounts.ts).
      // And, where mail is sent, an address confirmed first (accounts/email-confirmations.ts).
      api.addHook('preHandler', async (request) => {
        if (!request.account || !isApiWrite(request)) return
        assertMayEdit(request.account, mailSent)
        await assertNewAccountMayWrite(store, request.account, config.newAccountWritesPerDay)
      })
      api.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () =>
        app.swagger(),
      )
      await api.register(plantRoutes, { store })
      await api.register(revisionRoutes, { store })
      await api.register(linkRoutes, { store })
      await api.register(webhookRoutes, { store, allowPrivate: config.webhookAllowPrivate })
      await api.register(searchRoutes, { store })
      await api.register(attributeRoutes, { store })
      await api.register(healthRoutes, { store, readiness })
      await api.register(imageRoutes, { store })
      await api.register(calendarRoutes, { store })
      await api.register(problemRoutes, { store })
      await api.register(provenanceRoutes, { store })
      await api.register(exportRoutes, {
        store,
        exportsPerHour: config.exportsPerHour,
        keyIdHeader,
      })
    },
    { prefix: '/api' },
  )
  await app.register(imageServingRoutes, { store })
  // What requests need, made once the server listens instead of by the first request of each kind
  // (warm-up.ts), the health check saying 503 meanwhile; then the other routes' validators and serializers.
  app.decorate('readiness', readiness)
  app.addHook('onListen', () => {
    readiness.begin()
    void warmUp(app, store, { verifier: keys, headers: { id: keyIdHeader, secret: keySecretHeader } })
      .catch((error: unknown) => app.log.error(error))
      .finally(() => readiness.ready())
      .then(() => compileTheRestWhenQuiet(app.server))
  })
  // Mail goes out from every process that has it configured, off the request path (mail/mail-sender.ts).
  if (mailSent && config.smtpUrl && config.mailFrom) {
    const sender = new MailSender(
      store,
      { smtpUrl: config.smtpUrl, from: config.mailFrom },
      app.log,
      mailTiming,
    )
    app.addHook('onReady', async () => sender.start())
    app.addHook('onClose', () => sender.stop())
  }
  // Watchlist mail and webhooks from the change feed; a read-only copy writes nothing, so it has neither.
  if (!config.readOnly) {
    const notifier = new WatchNotifier(store, mailSent, config.publicUrl, app.log, watchTiming)
    const deliverer = new WebhookDeliverer(
      store,
      {
        retrySeconds: config.webhookRetrySeconds,
        allowPrivate: config.webhookAllowPrivate,
        mail: mailSent,
        publicUrl: config.publicUrl,
        ...webhookTiming,
      },
      app.log,
    )
    app.addHook('onReady', async () => {
      notifier.start()
      deliverer.start()
    })
    app.addHook('onClose', () => Promise.all([notifier.stop(), deliverer.stop()]).then(() => undefined))
  }
  await app.register(website, {
    store,
    keys,
    keyBrand: config.keyBrand,
    contact: config.contact,
    mail: mailSent,
    authAttemptsPerMinute: config.authFailureLimitPerMinute,
    newAccountWritesPerDay: config.newAccountWritesPerDay,
    limitStore,
    openApiDocument: () => app.swagger(),
  })

  return app
}

/** @fastify/compress's default compressible types, and the export's JSON Lines. */
const COMPRESSIBLE =
  /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)|octet-stream(?:;|$)|^application\/x-ndjson(?:;|$)/u

const clipPath = (path: string): string => (path.length > 120 ? `${path.slice(0, 120)}…` : path)
