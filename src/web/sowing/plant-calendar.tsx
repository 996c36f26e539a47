// The plant page's sowing calendar: the windows in words; with the visitor's frost dates, the same as dates
// of the season to come, on a 12-month strip with a text list beside it, and as a file for a calendar app.
import type { CalendarAction } from '../../plants/frost-windows.ts'
import type { PlantCalendarView } from './plant-calendar.view.ts'
import { dayWords, monthDayWords } from './frost-dates.ts'
import { FrostForm, TypicalWindows } from './frost-form.tsx'
import { SeasonStrip, type StripRow } from './season-strip.tsx'
import { ValueSource, type ValueOrigin } from '../common/value-source.tsx'

export const ACTION_WORDS: Record<CalendarAction, string> = {
  sow_indoors: 'Sow indoors',
  sow_outdoors: 'Sow outdoors',
  transplant: 'Plant out',
  plant: 'Plant',
}

export function PlantCalendarSection({
  view,
  origins = new Map(),
}: {
  view: PlantCalendarView
  /** Where each of the plant's attributes came from, for the mark by each window of its own. */
  origins?: Map<string, ValueOrigin>
}): JSX.Element {
  const { plant, words, parent, frost, calendar } = view
  // The plant page lists these attributes here only, so their marks are here; a parent's have none.
  const mark = (window: { action: CalendarAction; note: string }) => {
    const key = words.find((word) => word.action === window.action && word.note === window.note)?.key
    return key && !parent ? <ValueSource origin={origins.get(key)} about={key} plantLink={plant.link} /> : ''
  }
  if (words.length === 0) {
    return (
      <section aria-labelledby="sowing">
        <h2 id="sowing">When to sow and plant</h2>
        <p>
          No sowing or planting windows are recorded for this plant. <a href="/sow-now">What to sow now</a>
        </p>
      </section>
    )
  }
  const back = plant.link.replace(/^https?:\/\/[^/]+/, '')
  return (
    <section aria-labelledby="sowing" class="sowing">
      <h2 id="sowing">When to sow and plant</h2>
      {parent ? (
        <p>
          This variety follows the windows of{' '}
          <a href={parent.link} safe>
            {parent.name}
          </a>
          .
        </p>
      ) : (
        ''
      )}
      {calendar && frost ? (
        <>
          <p class="frost-used">
            For your last spring frost on <strong safe>{monthDayWords(frost.last)}</strong>
            {frost.first ? (
              <>
                {' '}
                and first fall frost on <strong safe>{monthDayWords(frost.first)}</strong>
              </>
            ) : (
              ''
            )}
            :
          </p>
          <Dated view={view} mark={mark} />
          <p class="buttons">
            <a
              class="button"
              href={`${back}/calendar.ics?last_frost=${frost.last}${frost.first ? `&first_frost=${frost.first}` : ''}`}
              download={`${back.split('/').pop() ?? 'plant'}-sowing.ics`}
            >
              Add to my calendar (.ics)
            </a>
            <a href="/sow-now">What else to sow now</a>
          </p>
          <details class="frost-change">
            <summary>Change your frost dates</summary>
            <FrostForm frost={frost} back={back} />
          </details>
        </>
      ) : (
        <>
          <ul class="windows">
            {words.map((window) => (
              <li>
                <strong safe>{ACTION_WORDS[window.action]}</strong>
                <span safe>{`: ${window.note}`}</span>
                {mark(window)}
              </li>
            ))}
          </ul>
          <p>
            <strong>See these as dates:</strong> tell us your average frost dates once (they are kept in this
            browser only).
          </p>
          <FrostForm frost={null} back={back} />
          <p>
            <a href="/sow-now">What to sow now</a>
          </p>
        </>
      )}
      <TypicalWindows />
    </section>
  )
}

function Dated({
  view,
  mark,
}: {
  view: PlantCalendarView
  mark: (window: { action: CalendarAction; note: string }) => JSX.Element | string
}): JSX.Element {
  const calendar = view.calendar!
  const rows: StripRow[] = calendar.windows.map((window) => ({
    label: ACTION_WORDS[window.action],
    kind: window.action,
    from: window.from,
    to: window.to,
  }))
  if (calendar.harvest) rows.push({ label: 'Harvest', kind: 'harvest', ...calendar.harvest })
  const isOpen = (window: { from: string; to: string }) =>
    window.from <= view.today && view.today <= window.to
  return (
    <div class="calendar">
      <ul class="windows dated">
        {calendar.windows.map((window) => (
          <li>
            <strong safe>{ACTION_WORDS[window.action]}</strong>
            <span safe>{`: ${span(window.from, window.to)}`}</span>{' '}
            <span class="note" safe>{`(${window.note})`}</span>
            {mark(window)}
            {isOpen(window) ? (
              <>
                {' '}
                <span class="badge">open now</span>
              </>
            ) : (
              ''
            )}
          </li>
        ))}
        {calendar.harvest ? (
          <li>
            <strong>Harvest</strong>
            <span safe>{`: about ${span(calendar.harvest.from, calendar.harvest.to)}`}</span>{' '}
            <span class="note">(from the days to maturity)</span>
          </li>
        ) : (
          ''
        )}
      </ul>
      <SeasonStrip rows={rows} today={view.today} />
      {calendar.notes.length ? (
        <p class="note">
          Windows counted from the first fall frost are left out: give your first fall frost to see them.
        </p>
      ) : (
        ''
      )}
    </div>
  )
}

/** "18 Feb – 4 Mar 2026", "28 Dec 2026 – 10 Jan 2027", "15 Oct 2026" */
export function span(from: string, to: string): string {
  if (from === to) return dayWords(from)
  const sameYear = from.slice(0, 4) === to.slice(0, 4)
  return `${dayWords(from, !sameYear)} – ${dayWords(to)}`
}
