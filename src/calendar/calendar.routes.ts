// GET /plants/<id>/calendar: a plant's sowing and planting windows as dates, for the frost dates of a place.
import { Type } from 'typebox'
import { IdParams, commonErrors } from '../http/schemas.ts'
import type { Api, ApiOptions } from '../http/api-context.ts'
import { component } from '../http/openapi.ts'
import { plantCalendar } from './calendar.service.ts'

const tags = ['calendar']
const MonthDay = (description: string) =>
  Type.String({ maxLength: 10, description: `${description}, written MM-DD.` })
const IsoDate = Type.String({ format: 'date' })

const CalendarQuery = Type.Object({
  last_frost: MonthDay('The average date of the last spring frost where the plants grow'),
  first_frost: Type.Optional(
    MonthDay('The average date of the first fall frost; without it, windows set from it are left out'),
  ),
  year: Type.Optional(
    Type.Integer({ minimum: 1900, maximum: 2200, description: 'The year of that last frost (this year).' }),
  ),
})

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
      windows: Type.Array(
        Type.Object({
          action: Type.Enum(['sow_indoors', 'sow_outdoors', 'transplant', 'plant']),
          from: IsoDate,
          to: IsoDate,
          note: Type.String({ description: 'The window as the plant\u2019s attribute words it.' }),
          source: Type.Union([Type.String(), Type.Null()]),
        }),
      ),
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
    async (request) => plantCalendar(store, Number(request.params.id), request.query),
  )
}
