// The website's sowing calendar: the frost dates form (/frost-dates, a GET that keeps them in a cookie and
// goes back), "Sow now", and a plant's windows as an iCalendar file (no key: it is the page's data).
import type { TypedFastify } from '../../http/typed-fastify.ts'
import { Type } from 'typebox'
import { YearInteger } from '../../http/integers.ts'
import type { Store } from '../../db/store.ts'
import { AppError } from '../../errors.ts'
import { getPlantBySlug } from '../../plants/plant-reads.ts'
import { plantCalendar } from '../../calendar/calendar.service.ts'
import { checkMonthDay } from '../../calendar/season.ts'
import { upcomingCalendar, type FrostDates } from '../../calendar/upcoming.ts'
import { eventSummary, icalendar } from '../../calendar/icalendar.ts'
import {
  clearFrostDates,
  frostDatesFromForm,
  frostDatesOf,
  monthDayWords,
  setFrostDates,
} from './frost-dates.ts'
import { safeReturnPath } from '../common/return-to.ts'
import { sendPage } from '../common/page-replies.ts'
import { viewerOf } from '../common/viewer.ts'
import { sowNowView } from './sow-now.view.ts'
import { SowNowPage } from './sow-now.tsx'
import { ACTION_WORDS } from './plant-calendar.tsx'
import type { CalendarAction } from '../../plants/frost-windows.ts'

const Field = Type.Optional(Type.String({ maxLength: 20 }))
const FrostFormQuery = Type.Object({
  last_month: Field,
  last_day: Field,
  first_month: Field,
  first_day: Field,
  back: Type.Optional(Type.String({ maxLength: 500 })),
  clear: Field,
})
const IcsQuery = Type.Object({
  last_frost: Type.Optional(Type.String({ maxLength: 10 })),
  first_frost: Type.Optional(Type.String({ maxLength: 10 })),
  year: Type.Optional(YearInteger()),
})
const SowNowQuery = Type.Object({ action: Type.Optional(Type.String({ maxLength: 30 })) })
const SlugParams = Type.Object({ slug: Type.String({ format: 'single-line', maxLength: 200 }) })

const TYPICAL = 'These are typical windows: your local frost dates matter more than any zone.'

export async function sowingRoutes(web: TypedFastify, { store }: { store: Store }): Promise<void> {
  web.get('/frost-dates', { schema: { hide: true, querystring: FrostFormQuery } }, async (request, reply) => {
    const query = request.query
    const back = safeReturnPath(query.back) ?? '/sow-now'
    if (query.clear !== undefined) clearFrostDates(reply)
    else setFrostDates(reply, frostDatesFromForm(query))
    return reply.header('cache-control', 'no-store').redirect(back, 303)
  })

  web.get('/sow-now', { schema: { hide: true, querystring: SowNowQuery } }, async (request, reply) => {
    const { action } = request.query
    if (action !== undefined && !(action in ACTION_WORDS)) {
      throw new AppError(
        'badRequest',
        `There is no “${action.slice(0, 30)}” list: choose All, Sow indoors, Sow outdoors, Plant out or Plant.`,
      )
    }
    const view = await sowNowView(
      store,
      frostDatesOf(request),
      (action as CalendarAction | undefined) ?? null,
    )
    void reply.header('cache-control', 'no-store')
    return sendPage(reply, SowNowPage({ view, viewer: await viewerOf(request, store) }))
  })

  web.get(
    '/plants/:slug/calendar.ics',
    { schema: { hide: true, params: SlugParams, querystring: IcsQuery } },
    async (request, reply) => {
      const { slug } = request.params
      const query = request.query
      const frost = frostOf(query) ?? frostDatesOf(request)
      if (frost === null) {
        throw new AppError(
          'badRequest',
          'Parameter last_frost: give your last spring frost as MM-DD (and first_frost, the first fall frost), or enter them on the plant page.',
        )
      }
      const plant = await getPlantBySlug(store, slug)
      const calendar =
        query.year === undefined
          ? await upcomingCalendar(store, plant.id, frost, new Date().toISOString().slice(0, 10))
          : await plantCalendar(store, plant.id, {
              last_frost: frost.last,
              first_frost: frost.first ?? undefined,
              year: query.year,
            })
      const page = `${request.server.publicUrl ?? `${request.protocol}://${request.host}`}${plant.link}`
      const frostWords =
        `Your last spring frost: ${monthDayWords(frost.last)}` +
        (frost.first ? `; first fall frost: ${monthDayWords(frost.first)}.` : '.')
      const events = calendar.windows.map((window, index) => ({
        uid: `plant-${plant.id}-${index}-${window.action}-${window.from}@hortus`,
        from: window.from,
        to: window.to,
        summary: eventSummary(window.action, plant.name),
        description: `${window.note}.\n${frostWords}\n${TYPICAL}\n${page}`,
      }))
      return reply
        .type('text/calendar; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${slug.replace(/[^a-z0-9-]/gi, '')}-sowing.ics"`,
        )
        .header('cache-control', 'no-store')
        .send(icalendar(events, new Date(), `${plant.name}: when to sow and plant`))
    },
  )
}

/** The frost dates of the file's query, when it names them (each checked, a 400 naming a bad one). */
function frostOf(query: { last_frost?: string; first_frost?: string }): FrostDates | null {
  if (query.last_frost === undefined) {
    if (query.first_frost !== undefined) checkMonthDay('first_frost', query.first_frost)
    return null
  }
  checkMonthDay('last_frost', query.last_frost)
  if (query.first_frost !== undefined) checkMonthDay('first_frost', query.first_frost)
  return { last: query.last_frost, first: query.first_frost ?? null }
}
