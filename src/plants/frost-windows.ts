// The sowing and planting windows a plant's attributes give, relative to its place's frost dates, in the
// words the dataset writes them (and a member can edit): "6-8 weeks before the last frost", "2 weeks
// after the last frost", "1 week before to 2 weeks after the last frost", "at the last frost", "10-20 days
// after the first frost"; several windows of one action separated by "; ". Pure: no dates, no database.

export type CalendarAction = 'sow_indoors' | 'sow_outdoors' | 'transplant' | 'plant'
export type FrostAnchor = 'last' | 'first'

export interface FrostWindow {
  action: CalendarAction
  /** The attribute it is written in. */
  key: string
  anchor: FrostAnchor
  /** Days from the frost date: negative before it. */
  fromDays: number
  toDays: number
  /** The attribute's words for this window. */
  note: string
}

/** The attribute keys that hold windows, and the action each stands for. */
export const WINDOW_KEYS: Readonly<Record<string, CalendarAction>> = {
  'When to sow (indoors)': 'sow_indoors',
  'When to sow (outdoors)': 'sow_outdoors',
  'When to plant (transplant)': 'transplant',
  'When to plant (division)': 'plant',
  'When to plant (cuttings)': 'plant',
}

const UNIT = String.raw`(weeks?|days?)`
const ANCHOR = String.raw`the (last|first) frost`
const SPAN = new RegExp(String.raw`^(\d{1,3})(?:\s*[-–]\s*(\d{1,3}))? ${UNIT} (before|after) ${ANCHOR}$`)
const STRADDLE = new RegExp(String.raw`^(\d{1,3}) ${UNIT} before to (\d{1,3}) ${UNIT} after ${ANCHOR}$`)
const AT = new RegExp(String.raw`^at ${ANCHOR}$`)

const days = (count: number, unit: string) => (unit.startsWith('week') ? count * 7 : count)

/** One window's words as day offsets from its frost, or null when they are not in the grammar. */
export function parseWindow(text: string): Omit<FrostWindow, 'action' | 'key'> | null {
  const note = text.trim().replace(/\s+/g, ' ')
  const words = note.toLowerCase()
  const at = AT.exec(words)
  if (at) return { anchor: at[1] as FrostAnchor, fromDays: 0, toDays: 0, note }
  const straddle = STRADDLE.exec(words)
  if (straddle) {
    return {
      anchor: straddle[5] as FrostAnchor,
      fromDays: -days(Number(straddle[1]), straddle[2]!),
      toDays: days(Number(straddle[3]), straddle[4]!),
      note,
    }
  }
  const span = SPAN.exec(words)
  if (!span) return null
  const near = days(Number(span[1]), span[3]!)
  const far = days(Number(span[2] ?? span[1]), span[3]!)
  const [low, high] = near <= far ? [near, far] : [far, near]
  const before = span[4] === 'before'
  return {
    anchor: span[5] as FrostAnchor,
    fromDays: before ? -high : low,
    toDays: before ? -low : high,
    note,
  }
}

/** The attribute of a plant's that holds its windows of `action` (the first, where two keys share one). */
export function windowKey(action: CalendarAction, data: readonly { key: string }[]): string {
  const found = data.find(({ key }) => WINDOW_KEYS[key] === action)
  return found?.key ?? Object.keys(WINDOW_KEYS).find((key) => WINDOW_KEYS[key] === action)!
}

/** Every window of a plant's attributes, in the order of its data; words outside the grammar are left out. */
export function frostWindows(data: readonly { key: string; value: string }[]): FrostWindow[] {
  const windows: FrostWindow[] = []
  for (const { key, value } of data) {
    const action = WINDOW_KEYS[key]
    if (!action) continue
    for (const part of value.split(';')) {
      const window = parseWindow(part)
      if (window) windows.push({ action, key, ...window })
    }
  }
  return windows
}

/** "55-90" or "60" days to maturity: [least, most], or null. */
export function daysToMaturity(data: readonly { key: string; value: string }[]): [number, number] | null {
  const value = data.find(({ key }) => key === 'Days to maturity')?.value.trim() ?? ''
  const match = /^(\d{1,4})(?:\s*[-–]\s*(\d{1,4}))?$/.exec(value)
  if (!match) return null
  const least = Number(match[1])
  const most = Number(match[2] ?? match[1])
  return least <= most ? [least, most] : [most, least]
}
