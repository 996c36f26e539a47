// Windows on a 12-month strip: one row per window, its name written beside its bar, so colour only adds
// to the words. Pure HTML and inline SVG (no style attributes, which the pages' policy refuses): each bar
// is placed by month and day, a month being a twelfth of the strip whatever its length, like the month
// names above it. The text list beside it says the same, for screen readers and at a glance.
import { MONTHS } from './frost-dates.ts'

export interface StripRow {
  label: string
  /** action or 'harvest': the bar's colour */
  kind: string
  from: string
  to: string
}

const WIDTH = 1200
const MONTH = WIDTH / 12

/** The strip's 12 months start with the month of the earliest row. */
export function SeasonStrip({ rows, today }: { rows: StripRow[]; today: string }): JSX.Element {
  if (rows.length === 0) return <></>
  const first = rows.map((row) => row.from).sort()[0]!
  const start = { year: Number(first.slice(0, 4)), month: Number(first.slice(5, 7)) - 1 }
  const position = (iso: string) => {
    const year = Number(iso.slice(0, 4))
    const month = Number(iso.slice(5, 7)) - 1
    const day = Number(iso.slice(8))
    const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
    const months = (year - start.year) * 12 + month - start.month
    return Math.max(0, Math.min(WIDTH, (months + (day - 1) / days) * MONTH))
  }
  const end = (iso: string) => position(iso) + MONTH / 30
  const names = Array.from({ length: 12 }, (_, index) => MONTHS[(start.month + index) % 12]!)
  const todayAt = position(today)
  const showToday = todayAt > 0 && todayAt < WIDTH
  return (
    <div class="strip" aria-hidden="true">
      <div class="strip-row strip-months">
        <span />
        <div class="months">
          {names.map((name) => (
            <span safe>{name.slice(0, 1)}</span>
          ))}
        </div>
      </div>
      {rows.map((row) => (
        <div class="strip-row">
          <span class="strip-label" safe>
            {row.label}
          </span>
          <svg viewBox={`0 0 ${WIDTH} 10`} preserveAspectRatio="none" focusable="false">
            {names.map((_, index) => (
              <line
                x1={String(index * MONTH)}
                x2={String(index * MONTH)}
                y1="0"
                y2="10"
                class="month-line"
                vector-effect="non-scaling-stroke"
              />
            ))}
            <rect
              x={String(position(row.from))}
              width={String(Math.max(MONTH / 15, end(row.to) - position(row.from)))}
              y="1"
              height="8"
              rx="2"
              class={`bar bar-${row.kind}`}
            />
            {showToday ? (
              <line
                x1={String(todayAt)}
                x2={String(todayAt)}
                y1="0"
                y2="10"
                class="today-line"
                vector-effect="non-scaling-stroke"
              />
            ) : (
              ''
            )}
          </svg>
        </div>
      ))}
      {showToday ? <p class="strip-key">The red line is today.</p> : ''}
    </div>
  )
}
