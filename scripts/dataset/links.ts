// Companion and antagonist links from the companion table: "helps" and "helped by" → companion-to,
// "avoid" → antagonist-to, where both ends are plants of the dataset. A pair the table puts on both
// sides is a contradiction: neither link is written, and the report lists it.
import type { SourceId } from './attribution.ts'
import { linkNote, type NoteStatement } from './link-notes.ts'
import { relationPhrase, splitTarget, type CompanionTable, type Relation } from './companion.ts'
import { compareStrings } from './compare-strings.ts'
import { identity, type Entry } from './entry.ts'
import { findGroup, type GroupDefinition } from './groups.ts'
import { nameForms } from './names.ts'
import type { BuildReport } from './report.ts'

export type LinkType = 'companion-to' | 'antagonist-to'

export interface Link {
  type: LinkType
  a: Entry
  b: Entry
  note: string
  /** The source of the link: that of its first statement's source (the companion table's first). */
  source: SourceId
}

/** A cell listing at least this many targets is the copy's expansion of "most plants", not a list. */
const MOST_PLANTS_THRESHOLD = 80
const NOTE_LIMIT = 2000

/** Finds the plant a name in the table means: the table's own rows first, then Growstuff names, then alternates. */
class NameIndex {
  private readonly tiers = [0, 1, 2].map(() => new Map<string, Set<Entry>>())

  constructor(entries: Entry[]) {
    for (const entry of entries) {
      if (entry.companion) this.add(0, entry.companion.name, entry)
      this.add(1, entry.name, entry)
      if (entry.growstuff) this.add(1, entry.growstuff.name, entry)
      for (const alternate of entry.alternateNames) this.add(2, alternate, entry)
    }
  }

  private add(tier: number, name: string, entry: Entry): void {
    const map = this.tiers[tier]
    if (!map) return
    for (const form of nameForms(name)) map.set(form, (map.get(form) ?? new Set()).add(entry))
  }

  /** One entry, or undefined when no tier knows the name or the first that does names several. */
  find(name: string): Entry | undefined {
    const forms = nameForms(name)
    for (const map of this.tiers) {
      for (const form of forms) {
        const found = map.get(form)
        if (found) return found.size === 1 ? [...found][0] : undefined
      }
    }
    return undefined
  }
}

/** One source's saying that two plants go together (or not): `text` in the source's words, for the report. */
export interface Statement extends NoteStatement {
  a: Entry
  b: Entry
  type: LinkType
  text: string
}

/** Whose statements a link is first: the companion table's, then CropGraph's, then FarmBot's. */
const SOURCE_ORDER: readonly SourceId[] = ['wikipedia-companions', 'cropgraph', 'farmbot']

export function buildLinks(
  entries: Entry[],
  table: CompanionTable,
  groups: GroupDefinition[],
  otherStatements: Statement[],
  report: BuildReport,
): Link[] {
  const index = new NameIndex(entries)
  const unresolved = new Map<string, Set<string>>()
  const groupUse = new Map<GroupDefinition, number>()
  const noteUnresolved = (text: string, why: string): void => {
    unresolved.set(text, (unresolved.get(text) ?? new Set()).add(why))
  }

  /** The plants a name means: one plant, the members of a mapped group, or none. */
  const resolve = (text: string): { entries: Entry[]; group?: GroupDefinition } => {
    const found: Entry[] = []
    let usedGroup: GroupDefinition | undefined
    for (const part of splitTarget(text)) {
      const group = findGroup(groups, part)
      if (group) {
        if (group.members.length === 0) {
          noteUnresolved(part, `group, not mapped: ${group.reason}`)
          continue
        }
        usedGroup = group
        groupUse.set(group, (groupUse.get(group) ?? 0) + 1)
        for (const member of group.members) {
          const memberEntry = findGroup(groups, member) ? undefined : index.find(member)
          if (memberEntry) found.push(memberEntry)
          else
            noteUnresolved(
              member,
              `member of the "${group.name}" group that is not a single plant of the dataset`,
            )
        }
        continue
      }
      const entry = index.find(part)
      if (entry) found.push(entry)
      else noteUnresolved(part, 'not a plant of the dataset')
    }
    return { entries: [...new Set(found)], group: usedGroup }
  }

  const relations = withoutMostPlantsLists(table.relations, report)
  const statements: Statement[] = []
  for (const relation of relations) {
    const source = resolve(relation.source)
    const target = resolve(relation.target)
    const type: LinkType = relation.kind === 'avoid' ? 'antagonist-to' : 'companion-to'
    const groups = [
      ...new Set([source.group, target.group].filter((group) => group !== undefined).map((g) => g.name)),
    ]
    const groupNote = groups.map((group) => ` (group "${group}")`)
    const text = `${relation.source} ${relationPhrase(relation.kind)} ${relation.target}${groupNote.join('')}`
    const claim = { kind: relation.kind === 'avoid' ? ('avoids' as const) : ('helps' as const), groups }
    for (const a of source.entries) {
      for (const b of target.entries) {
        if (a === b) continue
        // "a is helped by b": b is the one that helps.
        const [subject, object] = relation.kind === 'helped_by' ? [b, a] : [a, b]
        statements.push({ a, b, type, text, subject, object, claim, sourceId: 'wikipedia-companions' })
      }
    }
  }

  const links = pairUp([...statements, ...otherStatements], report)
  reportGroups(groups, groupUse, index, report)
  for (const [text, whys] of [...unresolved].sort(([x], [y]) => compareStrings(x, y))) {
    report.unresolved.push(`"${text}": ${[...whys].sort().join('; ')}.`)
  }
  return links
}

/** Fennel "avoid" and lovage "helps" list every row of the table: the article says "most plants". */
function withoutMostPlantsLists(relations: Relation[], report: BuildReport): Relation[] {
  const sizes = new Map<string, number>()
  for (const { source, kind } of relations)
    sizes.set(`${source}|${kind}`, (sizes.get(`${source}|${kind}`) ?? 0) + 1)
  const skipped = [...sizes].filter(([, size]) => size >= MOST_PLANTS_THRESHOLD)
  for (const [key, size] of skipped) {
    const [source = '', kind = 'helps'] = key.split('|')
    report.dropped.push(
      `Companion table: "${source} ${relationPhrase(kind as Relation['kind'])}" lists ${size} targets, every plant of the table: the article's "most plants", which names no plant. Not written as links.`,
    )
  }
  const skippedKeys = new Set(skipped.map(([key]) => key))
  return relations.filter(({ source, kind }) => !skippedKeys.has(`${source}|${kind}`))
}

/** One link per pair of plants, with every statement about the pair in its note; contradictions skipped. */
function pairUp(statements: Statement[], report: BuildReport): Link[] {
  const pairs = new Map<string, Statement[]>()
  for (const statement of statements) {
    const key = [identity(statement.a), identity(statement.b)].sort(compareStrings).join('\u0001')
    pairs.set(key, [...(pairs.get(key) ?? []), statement])
  }
  const links: Link[] = []
  for (const key of [...pairs.keys()].sort(compareStrings)) {
    const pairStatements = pairs.get(key) ?? []
    const [first] = pairStatements
    if (!first) continue
    const types = new Set(pairStatements.map((statement) => statement.type))
    const texts = (type: LinkType): string[] =>
      [
        ...new Set(
          pairStatements.filter((statement) => statement.type === type).map((statement) => statement.text),
        ),
      ].sort(compareStrings)
    const quoted = (type: LinkType): string =>
      texts(type)
        .map((text) => `“${text}”`)
        .join(', ')
    if (types.size > 1) {
      report.contradictions.push(
        `${first.a.name} – ${first.b.name}: companions per ${quoted('companion-to')}; to avoid per ${quoted('antagonist-to')}.`,
      )
      continue
    }
    const { note, source } = linkNote(pairStatements, SOURCE_ORDER)
    if (note.length > NOTE_LIMIT) throw new Error(`link note over ${NOTE_LIMIT} characters: ${note}`)
    links.push({ type: first.type, a: first.a, b: first.b, note, source })
  }
  return links
}

function reportGroups(
  groups: GroupDefinition[],
  groupUse: Map<GroupDefinition, number>,
  index: NameIndex,
  report: BuildReport,
): void {
  for (const group of groups) {
    if (group.members.length === 0) {
      report.groups.push(`"${group.name}": not mapped to plants: ${group.reason}.`)
      continue
    }
    const members = group.members
      .map((member) => (findGroup(groups, member) ? undefined : index.find(member)))
      .filter((entry) => entry !== undefined)
      .map((entry) => entry.name)
    report.groups.push(
      `"${group.name}" → ${members.join(', ')} (used in ${groupUse.get(group) ?? 0} relations). Members from ${group.reason}.`,
    )
  }
}
