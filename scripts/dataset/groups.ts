// Group names of the companion table ("brassicas", "fruit trees", "beans"): none is a plant. A group
// maps to several plants only where that is unambiguous, which here means the source lists the members.
import type { CompanionRow } from './companion.ts'
import { nameForms, nameKey } from './names.ts'

export interface GroupDefinition {
  /** The group's name as the table writes it. */
  name: string
  /** Member names as the source lists them; empty when the group is not mapped to plants. */
  members: string[]
  /** Why it maps to these members, or why it maps to nothing. */
  reason: string
}

/**
 * Rows of the companion table that are groups, not plants. Four define their members in their own
 * comment ("alliums are a family of plants which include onions, garlic, …"), which the build reads.
 */
const GROUP_ROWS: ReadonlyMap<string, string> = new Map([
  ['allium', ''],
  ['brassica', ''],
  ['cucurbit', ''],
  ['nightshade', ''],
  [
    'legume',
    'scientific name "Phaseolus and Vicia" and no member list, while the article also writes "legumes (beans, peas, soybeans etc.)" and lists legumes as helping peas: the members are not clear',
  ],
  ['fruit tree', 'scientific name "Various": any fruit tree'],
  ['gourd', 'scientific name "Cucurbitaceae": a family with many genera, no member list'],
])

/** Group names that appear only as relation targets. */
const TARGET_GROUPS: GroupDefinition[] = [
  {
    name: 'beans',
    members: ['bean', 'bush bean', 'pole bean', 'snap bean'],
    reason:
      'reading "beans" as the common bean, Phaseolus vulgaris: the table names the other beans it means (fava beans, soybeans, cowpea) and gives bush, pole and snap beans that species; so the entries of that species, Bean (Growstuff), Bush bean, Pole bean and Snap bean',
  },
  {
    name: 'mints',
    members: [],
    reason:
      'ambiguous: the article uses "mints" for the whole mint family ("mints (basil, oregano, etc.)", "mints (including hyssop, sage, and various balms)"), not only Mentha',
  },
  {
    name: 'mustards',
    members: [],
    reason:
      'ambiguous: the table has mustard (Sinapis alba), field mustard and hedge mustard, and Growstuff has mustard (Brassica juncea) and more',
  },
]

const MEMBER_LIST = /(\w+ are a family of plants (?:which|that) includes? (.*?))(?:\.|\*|$)/

/** Members a group row lists in its comment: "…include onions, garlic, leeks, shallots, chives, and others." */
function membersFromComment(comment: string): string[] {
  const list = MEMBER_LIST.exec(comment)?.[2]
  if (!list) return []
  const members: string[] = []
  // "chili peppers (including bell peppers)": the parenthesis names a member too.
  const withParentheses = list.replace(/\(including ([^)]*)\)/g, ', $1')
  for (const part of withParentheses.split(/,|\band\b/)) {
    const member = part.trim()
    if (member && member !== 'others') members.push(member)
  }
  return members
}

export function companionGroups(rows: CompanionRow[]): GroupDefinition[] {
  const groups: GroupDefinition[] = []
  for (const row of rows) {
    const notMappedReason = GROUP_ROWS.get(row.name)
    if (notMappedReason === undefined) continue
    const members = notMappedReason ? [] : membersFromComment(row.comment)
    if (!notMappedReason && members.length === 0) throw new Error(`group row "${row.name}" lists no members`)
    groups.push({
      name: row.name,
      members,
      reason: notMappedReason || `its own comment: "${MEMBER_LIST.exec(row.comment)?.[1] ?? ''}"`,
    })
  }
  return [...groups, ...TARGET_GROUPS]
}

export function isGroupRow(row: CompanionRow): boolean {
  return GROUP_ROWS.has(row.name)
}

/** The group a target names, allowing its plural ("fruit trees" is the "fruit tree" group). */
export function findGroup(groups: GroupDefinition[], target: string): GroupDefinition | undefined {
  const forms = nameForms(target)
  return groups.find((group) => forms.includes(nameKey(group.name)))
}
