// Attribute values as a gardener reads them, for the website only: the stored and served values never
// change. Lengths in metres get feet or inches beside them (or first, for a visitor who chose imperial),
// a hardiness zone says how cold that is, `true` is "Yes", list elements start with a capital, "Poaceae or
// gramineae" is "Poaceae (Gramineae)". A value in another shape than expected is shown as it is.
import type { Attribute } from '../../plants/plant.ts'

export type Units = 'metric' | 'imperial'

const LENGTH_KEYS = new Set(['Height', 'Width', 'Spacing'])
/** Keys whose values are lists of common words ("Full sun, partial sun/shade"), not names. */
const WORD_LIST_KEYS = new Set([
  'Light requirement',
  'Water requirement',
  'Soil type',
  'Life cycle',
  'Edible parts',
  'Propagation method',
  'Growth',
  'Layer',
  'Nitrogen Fixing',
  'Bloom period',
])

const NUMBER = /^\d+(?:\.\d+)?$/
const RANGE = /^(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)$/
const MINUS = '\u2212'
const EN_DASH = '\u2013'

export function plainValue(key: string, value: string, units: Units = 'metric'): string {
  const text = value.trim()
  if (text === 'true') return 'Yes'
  if (LENGTH_KEYS.has(key) && NUMBER.test(text)) return length(Number(text), units)
  if (key === 'USDA Hardiness zone') return hardiness(text, units) ?? text
  if (key === 'Soil pH' && RANGE.test(text)) return `pH ${text.replace(RANGE, `$1${EN_DASH}$2`)}`
  if (key === 'Germination temperature' && NUMBER.test(text)) return temperature(Number(text), units)
  if (key === 'Days to maturity' || key === 'Germination time') return maturity(text) ?? text
  if (key === 'Seed planting depth' && NUMBER.test(text)) return seedDepth(Number(text), units)
  if (key === 'Family') return text.replace(/^(\S+) or (\S+)$/, (_, a, b: string) => `${a} (${capital(b)})`)
  if (WORD_LIST_KEYS.has(key)) return text.split(/,\s*/).map(termCase).join(', ')
  return text
}

/** A length given in metres: "30 m (98 ft)", "45 cm (18 in)"; imperial first when asked. */
function length(metres: number, units: Units = 'metric'): string {
  const metric = metres >= 1 ? `${round(metres, metres >= 10 ? 0 : 1)} m` : `${Math.round(metres * 100)} cm`
  const feet = metres / 0.3048
  const imperial = feet >= 3 ? `${round(feet, feet >= 10 ? 0 : 1)} ft` : `${Math.round(feet * 12)} in`
  return units === 'metric' ? `${metric} (${imperial})` : `${imperial} (${metric})`
}

/** A seed depth given in centimetres: "0.6 cm (¼ in)"; imperial first when asked. */
function seedDepth(centimetres: number, units: Units = 'metric'): string {
  const metric = `${round(centimetres, 1)} cm`
  const inches = centimetres / 2.54
  const imperial = `${INCH_FRACTIONS.get(Math.round(inches * 8)) ?? round(inches, 1)} in`
  return units === 'metric' ? `${metric} (${imperial})` : `${imperial} (${metric})`
}

/** Eighths of an inch as seed packets write them. */
const INCH_FRACTIONS: ReadonlyMap<number, string> = new Map([
  [1, '⅛'],
  [2, '¼'],
  [3, '⅜'],
  [4, '½'],
  [5, '⅝'],
  [6, '¾'],
  [7, '⅞'],
  [8, '1'],
])

/** "16 °C (61 °F)". */
function temperature(celsius: number, units: Units = 'metric'): string {
  const metric = `${signed(Math.round(celsius))} °C`
  const imperial = `${signed(Math.round((celsius * 9) / 5 + 32))} °F`
  return units === 'metric' ? `${metric} (${imperial})` : `${imperial} (${metric})`
}

/** USDA zone N is the 10 °F band of winter lows starting at −60 + 10 (N − 1) °F. "Hardy to zone 4
 * (−34 °C / −30 °F)"; a range "4-9" is read by its coldest zone, the one that says where it survives. */
export function hardiness(value: string, units: Units = 'metric'): string | null {
  const zone = /^(\d{1,2})(?:[ab])?(?:\s*-\s*\d{1,2}[ab]?)?$/.exec(value)
  if (!zone) return null
  const number = Number(zone[1])
  if (number < 1 || number > 13) return null
  const fahrenheit = -60 + 10 * (number - 1)
  const celsius = Math.round(((fahrenheit - 32) * 5) / 9)
  const cold =
    units === 'metric'
      ? `${signed(celsius)} °C / ${signed(fahrenheit)} °F`
      : `${signed(fahrenheit)} °F / ${signed(celsius)} °C`
  return `Hardy to zone ${number} (${cold})`
}

/** "55–90 days"; a span of whole years ("365-730") in years. */
function maturity(value: string): string | null {
  const range = RANGE.exec(value)
  const [low, high] = range
    ? [Number(range[1]), Number(range[2])]
    : NUMBER.test(value)
      ? [+value, +value]
      : []
  if (low === undefined || high === undefined) return null
  if (low >= 365 && low % 365 === 0 && high % 365 === 0) {
    const years = low === high ? `${low / 365}` : `${low / 365}${EN_DASH}${high / 365}`
    return `${years} year${high === 365 ? '' : 's'}`
  }
  return `${low === high ? low : `${low}${EN_DASH}${high}`} days`
}

/** The few lines a gardener checks first, in words: light, hardiness, size, life cycle, soil. */
export function growIt(data: Attribute[], units: Units = 'metric'): { label: string; text: string }[] {
  const value = (key: string) => data.find((attribute) => attribute.key === key)?.value.trim()
  const lines: { label: string; text: string }[] = []
  const light = value('Light requirement')
  if (light) lines.push({ label: 'Light', text: spanOf(light.split(/,\s*/).map(lightWords)) })
  const zone = value('USDA Hardiness zone')
  const hardy = zone ? hardiness(zone, units) : null
  if (hardy) lines.push({ label: 'Hardiness', text: hardy })
  const height = value('Height')
  if (height && NUMBER.test(height)) {
    const width = value('Width')
    const across = width && NUMBER.test(width) ? `, ${length(Number(width), units)} across` : ''
    lines.push({ label: 'Size', text: `Grows to ${length(Number(height), units)}${across}` })
  }
  const cycle = value('Life cycle')
  if (cycle) lines.push({ label: 'Life cycle', text: plainValue('Life cycle', cycle) })
  const soil = [
    value('Water requirement') ? `${spanOf(value('Water requirement')!.split(/,\s*/))} soil` : '',
    value('Soil pH') ? plainValue('Soil pH', value('Soil pH')!) : '',
  ].filter(Boolean)
  if (soil.length) lines.push({ label: 'Soil', text: capital(soil.join(', ')) })
  return lines
}

/** "Full sun, partial sun/shade, full shade" → "Full sun to full shade". */
function spanOf(words: string[]): string {
  const first = words[0] ?? ''
  const last = words[words.length - 1] ?? ''
  return capital(words.length > 1 ? `${first.toLowerCase()} to ${last.toLowerCase()}` : first)
}

const lightWords = (word: string) => (/^partial sun\/shade$/i.test(word) ? 'partial shade' : word)

/** The vocabulary's terms of more than one word; a member's own words ("never waterlogged") stay as typed. */
const TERMS = new Set([
  'full sun',
  'partial sun/shade',
  'full shade',
  'light (sandy)',
  'heavy (clay)',
  'ground cover',
  'tall trees',
])
const termCase = (element: string) =>
  /^\S+$/.test(element) || TERMS.has(element.toLowerCase()) ? capital(element) : element

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)
const signed = (number: number) => (number < 0 ? `${MINUS}${-number}` : `${number}`)
const round = (number: number, digits: number) => {
  const factor = 10 ** digits
  return `${Math.round(number * factor) / factor}`
}
