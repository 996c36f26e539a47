// GET /plants/<id>/calendar: a plant's sowing and planting windows as dates, for the frost dates of a place;
// GET /calendar: the plants with a window open on a date.
import { Type } from 'typebox'
import { IdParams, OffsetPaginationSchema, PageQuery, commonErrors } from '../http/schemas.ts'
import { sendJson, type Api, type ApiOptions } from '../http/api-context.ts'
import { isStrict, reportIgnored } from '../http/parameter-names.ts'
import { component } from '../http/openapi.ts'
import { YearInteger } from '../http/integers.ts'
import { TOTAL_ESTIMATED_HEADER } from '../paging.ts'
import { PlantSchema } from '../plants/plant.schemas.ts'
import { FacetValue, TypeFilter } from '../search/search.routes.ts'
import { plantCalendar } from './calendar.service.ts'
import { sowNow } from './sow-now.service.ts'

const tags = ['calendar']
const MonthDay = (description: string) =>
  Type.String({ maxLength: 10, description: `${description}, written MM-DD.` })
const IsoDate = Type.String({ format: 'date' })

const LastFrost = MonthDay('The average date of the last spring frost where the plants grow')
const FirstFrost = Type.Optional(
  MonthDay('The average date of the first fall frost; without it, windows set from it are left out'),
)

const CalendarQuery = Type.Object({
  last_frost: LastFrost,
  first_frost: FirstFrost,
  year: Type.Optional(YearInteger('The year of that last frost (this year).')),
})

const DatedWindow = Type.Object({
  action: Type.Enum(['sow_indoors', 'sow_outdoors', 'transplant', 'plant']),
  from: IsoDate,
  to: IsoDate,
  note: Type.String({ description: 'The window as the plant\u2019s attribute words it.' }),
  source: Type.Union([Type.String(), Type.Null()]),
})

const SowNowQuery = Type.Object(
  {
    last_frost: LastFrost,
    first_frost: FirstFrost,
    date: Type.Optional(
      Type.String({ maxLength: 10, description: 'The day to sow or plant on, YYYY-MM-DD (today, UTC).' }),
    ),
    action: Type.Optional(
      Type.String({
        maxLength: 100,
        description:
          'Only windows of these actions: sow_indoors, sow_outdoors, transplant, plant; several separated by commas.',
      }),
    ),
    type: Type.Optional(TypeFilter),
    ...PageQuery.properties,
  },
  { additionalProperties: FacetValue, maxProperties: 24 },
)

const SowNowListSchema = component(
  'SowNowList',
  Type.Object(
    {
      plants: Type.Array(PlantSchema),
      pagination: OffsetPaginationSchema,
      date: IsoDate,
      windows: Type.Record(Type.String({ pattern: '^[0-9]+$' }), Type.Array(DatedWindow), {
        description:
          'By plant id, for each plant of the page: its windows open on date, dated in the season that holds it.',
      }),
      notes: Type.Array(Type.String(), { description: 'What was left out, and why.' }),
    },
    {
      description:
        'The plants with a sowing or planting window of their own open on date, in id order. A variety ' +
        'without windows of its own follows its plant\u2019s and is not listed beside it. The windows are ' +
        'typical ones: local frost dates matter more than any zone.',
    },
  ),
)

const PlantCalendarSchema = component(
  'PlantCalendar',
  Type.Object(
    {
      plant_id: Type.Integer(),
      year: Type.Integer(),
      last_frost: IsoDate,
      first_frost: Type.Union([IsoDate, Type.Null()], {
        description: 'The first frost after the last one: in the next year when its date comes earlier.',
      }),
      windows: Type.Array(DatedWindow),
      harvest: Type.Union([Type.Object({ from: IsoDate, to: IsoDate }), Type.Null()], {
        description:
          'The earliest sowing or planting (outdoors, or transplanting) plus the fewest days to maturity, ' +
          'through the latest plus the most; null without Days to maturity or windows.',
      }),
      from_parent: Type.Boolean({
        description: 'A variety without windows of its own has its parent\u2019s.',
      }),
      notes: Type.Array(Type.String(), { description: 'What was left out, and why.' }),
    },
    {
      description:
        'Typical windows, turned into dates for your frost dates: local frost dates matter more than any zone.',
    },
  ),
)

export async function calendarRoutes(api: Api, { store }: ApiOptions): Promise<void> {
  api.get(
    '/plants/:id/calendar',
    {
      schema: {
        tags,
        operationId: 'plantCalendar',
        summary: 'When to sow, plant and harvest a plant, as dates for your last and first frost',
        params: IdParams,
        querystring: CalendarQuery,
        response: { 200: PlantCalendarSchema, ...commonErrors },
      },
    },
    async (request) => plantCalendar(store, request.params.id, request.query),
  )

  api.get(
    '/calendar',
    {
      schema: {
        tags,
        operationId: 'sowNow',
        summary: 'What to sow or plant on a date, for your last and first frost; facets narrow it',
        querystring: SowNowQuery,
        response: { 200: SowNowListSchema, ...commonErrors },
      },
    },
    async (request, reply) => {
      const { json, ignored, estimated } = await sowNow(store, request.query, { strict: isStrict(request) })
      reportIgnored(reply, ignored)
      if (estimated) void reply.header(TOTAL_ESTIMATED_HEADER, 'true')
      return sendJson(reply, json)
    },
  )
}
