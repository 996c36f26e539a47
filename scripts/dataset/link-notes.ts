// A link's note as sentences a gardener reads ("Okra helps tomato.", "Celery and tomato help each
// other."), made from the statements of its sources about the pair. Who said it is the link's `source`
// (and the header's); a statement of another source than the link's says so in a word ("(FarmBot)").
import type { SourceId } from './attribution.ts'
import { compareStrings } from './compare-strings.ts'
import type { Entry } from './entry.ts'

/** What a statement says of its subject and object. */
export type Claim =
  | { kind: 'helps'; groups: string[] }
  | { kind: 'avoids'; groups: string[] }
  /** FarmBot: the subject's crop record lists the object among its companions. */
  | { kind: 'lists' }
  /** A reason in the source's own words, already a sentence ("Basil repels thrips; moderate evidence."). */
  | { kind: 'reason'; sentence: string }

export interface NoteStatement {
  subject: Entry
  object: Entry
  claim: Claim
  sourceId: SourceId
}

/** Short names of the sources, for a statement of another source than its link's. */
const SHORT_NAMES: Record<SourceId, string> = {
  growstuff: 'Growstuff',
  'wikipedia-companions': 'Wikipedia',
  'usda-plants': 'USDA PLANTS',
  farmbot: 'FarmBot',
  cropgraph: 'CropGraph',
  openfarm: 'OpenFarm',
  'open-plant-names': 'open_plant_names',
  'kew-useful-plants': 'Kew',
  'open-garden-planner': 'Open Garden Planner',
  permapeople: 'Permapeople',
  'hortus-build': 'Hortus',
}

/** First words that are proper names ("Swiss chard", "Brussels sprout") and keep their capital. */
const PROPER_FIRST_WORDS = new Set([
  'African',
  'American',
  'Asian',
  'Bing',
  'Brussels',
  'Chinese',
  'English',
  'European',
  'French',
  'German',
  'Hungarian',
  'Italian',
  'Japanese',
  'Kentucky',
  'Malabar',
  'Mexican',
  'Russian',
  'Santa',
  'Sudan',
  'Swiss',
  'Thai',
])

/** The name as it stands inside a sentence: lower case, but for proper names and scientific names. */
export function nameInSentence(entry: Entry): string {
  const [first = '', ...rest] = entry.name.split(' ')
  const proper =
    PROPER_FIRST_WORDS.has(first) ||
    rest.some((word) => /^[A-Z]/.test(word)) ||
    entry.name === entry.scientificName
  return proper ? entry.name : entry.name.charAt(0).toLowerCase() + entry.name.slice(1)
}

/** Names that are plural ("Chives", "Oats", "Collard greens") take a plural verb. */
function isPlural(entry: Entry): boolean {
  return /\b(chives|oats|greens)$/i.test(entry.name)
}

export function sentence(text: string): string {
  const capitalised = text.charAt(0).toUpperCase() + text.slice(1)
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`
}

function groupPhrase(groups: string[]): string {
  const quoted = groups.map((group) => `"${group}"`)
  if (quoted.length === 1) return `the group ${quoted[0]}`
  return `the groups ${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`
}

/** Sentences of one source's statements about a pair. */
function sourceSentences(statements: NoteStatement[]): string[] {
  const sentences: string[] = []
  for (const kind of ['helps', 'avoids', 'lists'] as const) {
    const of = statements.filter((statement) => statement.claim.kind === kind)
    // One direction per subject, with whether any statement says it of the plants themselves.
    const directions = new Map<Entry, { object: Entry; direct: boolean; groups: Set<string> }>()
    for (const { subject, object, claim } of of) {
      const known = directions.get(subject) ?? { object, direct: false, groups: new Set<string>() }
      const groups = 'groups' in claim ? claim.groups : []
      if (groups.length === 0) known.direct = true
      for (const group of groups) known.groups.add(group)
      directions.set(subject, known)
    }
    const list = [...directions].sort(([x], [y]) => compareStrings(x.name, y.name))
    const both = list.length === 2 && list.every(([, direction]) => direction.direct)
    const [first] = list
    if (both && first) {
      const [a, b] = [first[0], first[1].object]
      const verb = {
        helps: 'help each other',
        avoids: 'should avoid each other',
        lists: 'grow well together',
      }
      sentences.push(sentence(`${nameInSentence(a)} and ${nameInSentence(b)} ${verb[kind]}`))
      continue
    }
    for (const [subject, { object, direct, groups }] of list) {
      const verb = isPlural(subject)
        ? { helps: 'help', avoids: 'should avoid', lists: 'grow well with' }
        : { helps: 'helps', avoids: 'should avoid', lists: 'grows well with' }
      const said = direct ? '' : ` (said of ${groupPhrase([...groups])})`
      sentences.push(sentence(`${nameInSentence(subject)} ${verb[kind]} ${nameInSentence(object)}${said}`))
    }
  }
  for (const { claim } of statements) {
    if (claim.kind === 'reason' && !sentences.includes(claim.sentence)) sentences.push(claim.sentence)
  }
  return sentences
}

/** The note of a link from its statements, the link's own source's first; and that source. */
export function linkNote(
  statements: NoteStatement[],
  sourceOrder: readonly SourceId[],
): { note: string; source: SourceId } {
  const sources = [...new Set(statements.map((statement) => statement.sourceId))].sort(
    (x, y) => sourceOrder.indexOf(x) - sourceOrder.indexOf(y),
  )
  const [own] = sources
  if (!own) throw new Error('a link without statements')
  const parts = sources.flatMap((source) => {
    const said = sourceSentences(statements.filter((statement) => statement.sourceId === source))
    return source === own ? said : said.map((text) => `${text.slice(0, -1)} (${SHORT_NAMES[source]}).`)
  })
  return { note: parts.join(' '), source: own }
}
