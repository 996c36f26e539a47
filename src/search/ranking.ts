// The order of search results, the same on both databases. Lower tiers first:
//   0  a common or scientific name is the query (or the query with other word forms);
//   1  a name (also an alternate or other-language name) starts with the query;
//   2  every query word is a whole word of the names;
//   3  every query word starts a word of the names;
//   4  a name is the query with a typo corrected;
//   5  every query word is in the names, some only after correcting a typo;
//   6  the rest: matches in the description.
// Then a species before its varieties, then id. The tier walk asks each tier of the databases: the whole-
// name tiers of the portable names table, tiers 2, 3 and 5 of each dialect's full-text index. A few
// matches are given their tier by the database at once (`tierExpression`), or here from their names
// (`nameTiers`).
import { sql, type RawBuilder } from 'kysely'
import {
  groupsMatch,
  hasFuzzy,
  renderGroups,
  type MatchExpr,
  type MatchTerm,
  type QueryPlan,
  type RenderOptions,
} from './query-plan.ts'

export interface TextSyntax {
  term(term: MatchTerm): string
  and: string
  or: string
}

/** The full-text query matching anywhere: every group, fuzzy alternatives and prefixes included. */
export function anywhereQuery(groups: MatchExpr[], syntax: TextSyntax): string | null {
  return renderGroups(groups, { exactOnly: false, wholeWords: false }, syntax)
}

/** The full-text queries of tiers 2, 3 and 5, on the names alone (null when a tier cannot match). */
export function nameQueries(groups: MatchExpr[], syntax: TextSyntax) {
  return {
    whole: renderGroups(groups, { exactOnly: true, wholeWords: true }, syntax),
    prefix: renderGroups(groups, { exactOnly: true, wholeWords: false }, syntax),
    fuzzy: hasFuzzy(groups) ? renderGroups(groups, { exactOnly: false, wholeWords: false }, syntax) : null,
  }
}

/** One tier's test: conditions on the rows of search_names (whole names), or a full-text query of the
 * names. The tiers come in order; a plant is in the first whose test it passes, else in tier 6. A whole-
 * name test may also be a full-text query (`asText`, where the index holds whole names: WholeNameTerms),
 * which later tiers leave out inside the index rather than by reading the names table for each match. */
export type TierTest = { tier: number } & ({ names: NameRanges; asText?: string } | { text: string })

/** Full-text queries of whole names, for an index that holds each plant's names as terms. */
export interface WholeNameTerms {
  /** A plant has one of these names (only its common and scientific name: `commonOnly`). */
  named(names: readonly string[], commonOnly: boolean): string
  /** A plant has a name starting with one of these. */
  namedStarting(prefixes: readonly string[]): string
}

/** Conditions on the rows of search_names, each one range (or list) of its names index: a name meets one of
 * them. Kept apart, not ORed, so that the rows are read range by range from the index alone: PostgreSQL
 * reads an OR of ranges as a bitmap and visits the table's pages (at a million plants, the 3,418 "solanum"
 * names counted in 7-10 ms, against under 1 from the index). */
export type NameRanges = RawBuilder<unknown>[]

/** Plant `p` has a name in the ranges. */
export function hasNameIn(ranges: NameRanges): RawBuilder<unknown> {
  return sql`EXISTS (SELECT 1 FROM search_names n WHERE n.plant_id = p.id AND (${sql.join(ranges, sql` OR `)}))`
}

/** The names' rows in the ranges, with the column `plant_id` (a plant once per name it has there). */
export function namesIn(ranges: NameRanges): RawBuilder<unknown> {
  return sql.join(
    ranges.map((range) => sql`SELECT plant_id FROM search_names WHERE ${range}`),
    sql` UNION ALL `,
  )
}

const LAST_TIER = 6

export function tierTests(
  plan: QueryPlan,
  names: { whole: string | null; prefix: string | null; fuzzy: string | null },
  wholeNames?: WholeNameTerms,
): TierTest[] {
  const tests: TierTest[] = []
  if (plan.phrases.length > 0) {
    tests.push({
      tier: 0,
      names: [sql`kind = 0 AND name IN (${sql.join(plan.phrases)})`],
      asText: wholeNames?.named(plan.phrases, true),
    })
    const ranges = plan.phrases.map((phrase) => sql`(name >= ${phrase} AND name < ${prefixEnd(phrase)})`)
    tests.push({ tier: 1, names: ranges, asText: wholeNames?.namedStarting(plan.phrases) })
  }
  if (names.whole !== null) tests.push({ tier: 2, text: names.whole })
  if (names.prefix !== null) tests.push({ tier: 3, text: names.prefix })
  if (plan.fuzzyPhrases.length > 0) {
    tests.push({
      tier: 4,
      names: [sql`name IN (${sql.join(plan.fuzzyPhrases)})`],
      asText: wholeNames?.named(plan.fuzzyPhrases, false),
    })
  }
  if (names.fuzzy !== null) tests.push({ tier: 5, text: names.fuzzy })
  return tests
}

/** The tier of plant `p` (see the top of this file) as a SQL expression. */
export function tierExpression(
  tests: TierTest[],
  namesMatch: (query: string) => RawBuilder<unknown>,
): RawBuilder<unknown> {
  const whens = tests.map((test) => {
    const condition =
      'text' in test
        ? namesMatch(test.text)
        : test.asText !== undefined
          ? namesMatch(test.asText)
          : hasNameIn(test.names)
    return sql`WHEN ${condition} THEN ${sql.lit(test.tier)}`
  })
  return sql`CASE ${sql.join(whens, sql` `)} ELSE ${sql.lit(LAST_TIER)} END`
}

/** A plant's names as the names table holds them (folded, with their kind), and the words of its names. */
export interface PlantNames {
  names: readonly { name: string; kind: number }[]
  words: readonly string[]
}

const WHOLE: RenderOptions = { exactOnly: true, wholeWords: true }
const PREFIX: RenderOptions = { exactOnly: true, wholeWords: false }
const FUZZY: RenderOptions = { exactOnly: false, wholeWords: false }

/** The tier of a plant from its names (see the top of this file): the tests `tierTests` gives the
 * databases, made in JavaScript. */
export function nameTiers(plan: QueryPlan): (plant: PlantNames) => number {
  const phrases = new Set(plan.phrases)
  const fuzzyPhrases = new Set(plan.fuzzyPhrases)
  const fuzzy = hasFuzzy(plan.groups)
  return ({ names, words }) => {
    if (plan.groups.length === 0) return LAST_TIER
    if (names.some(({ name, kind }) => kind === 0 && phrases.has(name))) return 0
    if (names.some(({ name }) => plan.phrases.some((phrase) => name.startsWith(phrase)))) return 1
    const has = (word: string, prefix: boolean) =>
      prefix ? words.some((each) => each.startsWith(word)) : words.includes(word)
    if (groupsMatch(plan.groups, WHOLE, has)) return 2
    if (groupsMatch(plan.groups, PREFIX, has)) return 3
    if (names.some(({ name }) => fuzzyPhrases.has(name))) return 4
    if (fuzzy && groupsMatch(plan.groups, FUZZY, has)) return 5
    return LAST_TIER
  }
}

/** Species (type Plant) before varieties. */
export const speciesFirst = sql`CASE WHEN p.type = 'Plant' THEN 0 ELSE 1 END`

/** The least string greater than every string starting with `prefix` (byte-wise, as both databases compare
 * these columns): its last character plus one. */
export function prefixEnd(prefix: string): string {
  const characters = [...prefix]
  const last = characters.pop()!
  return characters.join('') + String.fromCodePoint(last.codePointAt(0)! + 1)
}
