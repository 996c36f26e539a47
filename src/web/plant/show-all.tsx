// A long list on the plant page: its first few, then the rest behind "Show all 76 companions", which opens
// in place (a <details>, no script). A gardener sees how the list starts and how long it is at a glance,
// and the whole list is one tap away on the same page; the Tomato page was 4,030 px tall with every list open.
import type { Children } from '@kitajs/html'

/** How many of a long list (companions, antagonists, varieties, pests, diseases) show before "Show all". */
const FIRST_SHOWN = 6

/** The first `shown` of the items, and the rest. */
export function firstAndRest<T>(items: T[], shown = FIRST_SHOWN): { first: T[]; rest: T[] } {
  return { first: items.slice(0, shown), rest: items.slice(shown) }
}

/**
 * The rest of a list, behind a summary that says how many there are in all ("Show all 76 companions") and,
 * once open, how to fold them away again. The summary's two wordings swap in CSS (`details.show-all`).
 */
export function ShowAll({
  total,
  noun,
  children,
}: {
  total: number
  /** What the list holds, plural: "companions". */
  noun: string
  children: Children
}): JSX.Element {
  return (
    <details class="show-all">
      <summary>
        <span class="when-closed" safe>{`Show all ${total} ${noun}`}</span>
        <span class="when-open" safe>{`Show fewer ${noun}`}</span>
      </summary>
      {children}
    </details>
  )
}
