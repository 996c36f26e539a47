// The website as one plugin: the parts pages need and the API does not (cookies, form bodies, CSRF tokens,
// per-address limits on sign-up and login), then the pages themselves. The API never sees these plugins.
import type { TypedFastify } from '../http/typed-fastify.ts'
import cookie from '@fastify/cookie'
import formbody from '@fastify/formbody'
import csrf from '@fastify/csrf-protection'
import rateLimit, { normalizeIP, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { KeyVerifier } from '../accounts/api-keys.ts'
import type { Store } from '../db/store.ts'
import { AppError } from '../errors.ts'
import { accountRoutes } from './account/account.routes.ts'
import { passwordResetRoutes } from './account/password-reset.routes.ts'
import { confirmEmailRoutes } from './account/confirm-email.routes.ts'
import { assertMayEdit } from '../accounts/email-confirmations.ts'
import { keyRoutes } from './account/keys.routes.ts'
import { assetRoutes } from './common/assets.routes.ts'
import { homeRoutes } from './home/home.routes.ts'
import { searchRoutes } from './search/search.routes.ts'
import { viewerOf } from './common/viewer.ts'
import { assertNewAccountMayWrite } from '../moderation/new-accounts.ts'
import { docsRoutes, type DocsOptions } from './docs/docs.routes.ts'
import { editRoutes } from './editing/edit.routes.ts'
import { historyRoutes } from './history/history.routes.ts'
import { changesRoutes } from './history/changes.routes.ts'
import { peopleRoutes } from './moderation/people.routes.ts'
import { pictureRoutes } from './pictures/pictures.routes.ts'
import { sowingRoutes } from './sowing/sowing.routes.ts'
import { plantRoutes } from './plant/plant.routes.ts'
import { watchlistRoutes } from './watchlist/watchlist.routes.ts'
import { rateLimitRefusals } from '../metrics/instruments.ts'

export interface WebsiteOptions {
  store: Store
  keys: KeyVerifier
  keyBrand: string
  contact: string | null
  /** Mail is configured: the forms that send it are shown. */
  mail: boolean
  authAttemptsPerMinute: number
  /** A new account's creates, updates and link changes per day (moderation/new-accounts.ts). */
  newAccountWritesPerDay: number
  /** Where the sign-up/login counts are kept (the API's shared store on PostgreSQL); memory if none. */
  limitStore?: FastifyRateLimitStoreCtor
  /** The API's OpenAPI document, which /docs renders. */
  openApiDocument: DocsOptions['openApiDocument']
}

/** Forms are small: the largest is sign-up, three fields. */
const FORM_BODY_LIMIT = 16 * 1024

export async function website(web: TypedFastify, options: WebsiteOptions): Promise<void> {
  const { store, contact } = options
  await web.register(cookie)
  await web.register(formbody, { bodyLimit: FORM_BODY_LIMIT })
  // The token's secret lives in its own cookie, so a visitor's forms need no session row.
  await web.register(csrf, { cookieOpts: { path: '/', sameSite: 'strict', httpOnly: true, secure: 'auto' } })
  await web.register(rateLimit, {
    global: false,
    // Named, as the API's limits are: a shared store holds them all.
    keyGenerator: (request) => `site-auth:address:${normalizeIP(request.ip)}`,
    ...(options.limitStore ? { store: options.limitStore } : {}),
    errorResponseBuilder: (_request, context) => {
      rateLimitRefusals.inc({ limit: 'site_auth' })
      return new AppError(
        'tooManyRequests',
        `Too many attempts from your address. Try again in ${context.after}.`,
      )
    },
  })
  // Forms that change plants (routes with `config: { write: true }`) count against a new account's limit,
  // together with its API writes.
  web.addHook('preHandler', async (request) => {
    if (request.method !== 'POST' || !request.routeOptions.config.write) return
    const viewer = await viewerOf(request, store)
    if (!viewer) return
    assertMayEdit(viewer, options.mail)
    await assertNewAccountMayWrite(store, viewer, options.newAccountWritesPerDay)
  })
  await web.register(assetRoutes)
  await web.register(homeRoutes, { store, contact })
  await web.register(searchRoutes, { store })
  await web.register(plantRoutes, { store })
  await web.register(accountRoutes, {
    store,
    mail: options.mail,
    attemptsPerMinute: options.authAttemptsPerMinute,
  })
  await web.register(confirmEmailRoutes, { store })
  await web.register(passwordResetRoutes, {
    store,
    mail: options.mail,
    contact,
    attemptsPerMinute: options.authAttemptsPerMinute,
  })
  await web.register(keyRoutes, {
    store,
    keys: options.keys,
    keyBrand: options.keyBrand,
    contact,
    mail: options.mail,
  })
  await web.register(docsRoutes, { store, openApiDocument: options.openApiDocument })
  await web.register(editRoutes, { store })
  await web.register(historyRoutes, { store })
  await web.register(changesRoutes, { store })
  await web.register(peopleRoutes, { store, keys: options.keys })
  await web.register(pictureRoutes, { store })
  await web.register(sowingRoutes, { store })
  await web.register(watchlistRoutes, { store, mail: options.mail })
}
