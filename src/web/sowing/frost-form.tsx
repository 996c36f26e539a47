// The frost dates form: month and day of the last spring frost and (optionally) the first fall frost. A GET
// to /frost-dates, which keeps them in a cookie and comes back to `back`: no script, no form token.
import { MONTHS } from './frost-dates.ts'
import type { FrostDates } from '../../calendar/upcoming.ts'

const DAYS = Array.from({ length: 31 }, (_, index) => String(index + 1))

export function FrostForm({ frost, back }: { frost: FrostDates | null; back: string }): JSX.Element {
  return (
    <form class="frost" method="get" action="/frost-dates">
      <input type="hidden" name="back" value={back} />
      <FrostDate id="last" legend="Last spring frost" value={frost?.last ?? null} required />
      <FrostDate id="first" legend="First fall frost (optional)" value={frost?.first ?? null} />
      <p class="buttons">
        <button type="submit">Show the dates</button>
      </p>
    </form>
  )
}

function FrostDate({
  id,
  legend,
  value,
  required = false,
}: {
  id: 'last' | 'first'
  legend: string
  value: string | null
  required?: boolean
}): JSX.Element {
  const month = value ? Number(value.slice(0, 2)) : 0
  const day = value ? Number(value.slice(3)) : 0
  return (
    <fieldset>
      <legend safe>{legend}</legend>
      <label>
        Month{' '}
        <select name={`${id}_month`} required={required}>
          <option value="">{required ? 'Choose' : 'Not known'}</option>
          {MONTHS.map((name, index) => (
            <option value={String(index + 1)} selected={month === index + 1} safe>
              {name}
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        Day{' '}
        <select name={`${id}_day`} required={required}>
          <option value="">{required ? 'Choose' : '–'}</option>
          {DAYS.map((each) => (
            <option value={each} selected={day === Number(each)} safe>
              {each}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  )
}

/** What every calendar view says: the windows are typical, local frost dates matter most. */
export function TypicalWindows(): JSX.Element {
  return (
    <p class="typical">
      These are typical windows, counted from your average frost dates. Your local frost dates matter more
      than any hardiness zone: a local extension service, a nursery or a gardening neighbour knows them.
      Weather varies, so watch the forecast too.
    </p>
  )
}
