// "Sow now": what to sow or plant this week and later this month, for the visitor's frost dates.
import { Layout, type Viewer } from '../common/layout.tsx'
import { monthDayWords } from './frost-dates.ts'
import type { SowList, SowNowView } from './sow-now.view.ts'
import { FrostForm, TypicalWindows } from './frost-form.tsx'
import { ACTION_WORDS, span } from './plant-calendar.tsx'
import type { CalendarAction } from '../../plants/frost-windows.ts'

export function SowNowPage({ view, viewer }: { view: SowNowView; viewer: Viewer | null }): JSX.Element {
  const { frost, week, month, action } = view
  return (
    <Layout title="Sow now" viewer={viewer}>
      <h1>Sow now</h1>
      {frost && week && month ? (
        <>
          <p class="lead">
            What to sow and plant for your last spring frost on{' '}
            <strong safe>{monthDayWords(frost.last)}</strong>
            {frost.first ? (
              <>
                {' '}
                and first fall frost on <strong safe>{monthDayWords(frost.first)}</strong>
              </>
            ) : (
              ''
            )}
            .
          </p>
          <TypicalWindows />
          <nav class="sow-actions" aria-label="What to do">
            {[null, ...(Object.keys(ACTION_WORDS) as CalendarAction[])].map((each) =>
              each === action ? (
                <strong aria-current="page" safe>
                  {each === null ? 'All' : ACTION_WORDS[each]}
                </strong>
              ) : (
                <a href={each === null ? '/sow-now' : `/sow-now?action=${each}`} safe>
                  {each === null ? 'All' : ACTION_WORDS[each]}
                </a>
              ),
            )}
          </nav>
          <SowListSection
            id="this-week"
            title={`This week: ${span(week.from, week.to)}`}
            list={week}
            empty="Nothing has a window open this week."
          />
          <SowListSection
            id="this-month"
            title={`Later this month: ${span(month.from, month.to)}`}
            list={month}
            empty="No other window opens in the coming weeks."
          />
          {frost.first ? (
            ''
          ) : (
            <p class="note">
              Windows counted from the first fall frost (autumn sowings, garlic) are left out: give your first
              fall frost to see them.
            </p>
          )}
          <p class="note">
            A variety without windows of its own follows its plant’s: look for the plant. Only plants with
            recorded windows are listed.
          </p>
          <details class="frost-change">
            <summary>Change your frost dates</summary>
            <FrostForm frost={frost} back="/sow-now" />
          </details>
        </>
      ) : (
        <>
          <p class="lead">
            Tell us your average frost dates once, and Hortus lists what to sow and plant this week and this
            month. They are kept in this browser only.
          </p>
          <FrostForm frost={null} back="/sow-now" />
          <TypicalWindows />
        </>
      )}
    </Layout>
  )
}

function SowListSection({
  id,
  title,
  list,
  empty,
}: {
  id: string
  title: string
  list: SowList
  empty: string
}): JSX.Element {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} safe>
        {title}
      </h2>
      {list.items.length ? (
        <ul class="sow-list">
          {list.items.map(({ plant, windows }) => (
            <li>
              <a href={plant.link} safe>
                {plant.name}
              </a>{' '}
              <i class="scientific" safe>
                {plant.scientific_name}
              </i>
              <ul>
                {windows.map((window) => (
                  <li>
                    <strong safe>{ACTION_WORDS[window.action]}</strong>
                    <span safe>{`: ${span(window.from, window.to)}`}</span>{' '}
                    <span class="note" safe>{`(${window.note})`}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      ) : (
        <p safe>{empty}</p>
      )}
      {list.more ? (
        <p class="note">
          More plants have a window open than fit here: choose what to do above to narrow the list.
        </p>
      ) : (
        ''
      )}
    </section>
  )
}
