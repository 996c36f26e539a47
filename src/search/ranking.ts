// The order of search results, the same on both databases. Lower tiers first:
//   0  a common or scientific name is the query (or the query with other word forms);
//   1  a name (also an alternate or other-language name) starts with the query;
//   2  every query word is a whole word of the names;
//   3  every query word starts a word of the names;
//   4  a name is the query with a typo corrected;
//   5  every query word is in the names, some only after correcting a typo;
//   6  the rest: matches in the description.
// Then a species before its varieties, then id. Each dialect supplies the full-text test of tiers 2, 3
// and 5 (`namesMatch`); the whole-name tiers read the portable names table.
import { sql, type RawBuilder } from 'kysely'
import { hasFuzzy, renderGroups, type MatchExpr, type MatchTerm, type QueryPlan } from './query-plan.ts'

export interface TextSyntax {
  term(term: MatchTerm): string
  and: string
  or: string
}

/** The full-text query matching anywhere: every group, fuzzy alternatives and prefixes included. */
export function anywhereQuery(groups: MatchExpr[], syntax: TextSyntax): string | null {
  return renderGroups(groups, { exactOnly: false, wholeWords: false }, syntax)
}

/** The name-weight queries of tiers 2, 3 and 5 (null when a tier cannot match). */
export function nameQueries(groups: MatchExpr[], syntax: TextSyntax) {
  return {
    whole: renderGroups(groups, { exactOnly: true, wholeWords: true }, syntax),
    prefix: renderGroups(groups, { exactOnly: true, wholeWords: false }, syntax),
    fuzzy: hasFuzzy(groups) ? renderGroups(groups, { exactOnly: false, wholeWords: false }, syntax) : null,
  }
}

/** The tier of plant `p` (see the top of this file) as a SQL expression. */
export function tierExpression(
  plan: QueryPlan,
  names: { whole: string | null; prefix: string | null; fuzzy: string | null },
  namesMatch: (query: string) => RawBuilder<unknown>,
): RawBuilder<unknown> {
  const whens: RawBuilder<unknown>[] = []
  const when = (condition: RawBuilder<unknown>, tier: number) =>
    whens.push(sql`WHEN ${condition} THEN ${sql.lit(tier)}`)
  if (plan.phrases.length > 0) {
    when(
      sql`p.id IN (SELECT plant_id FROM search_names WHERE kind = 0 AND name IN (${sql.join(plan.phrases)}))`,
      0,
    )
    const ranges = plan.phrases.map((phrase) => sql`(name >= ${phrase} AND name < ${prefixEnd(phrase)})`)
    when(sql`p.id IN (SELECT plant_id FROM search_names WHERE ${sql.join(ranges, sql` OR `)})`, 1)
  }
  if (names.whole !== null) when(namesMatch(names.whole), 2)
  if (names.prefix !== null) when(namesMatch(names.prefix), 3)
  if (plan.fuzzyPhrases.length > 0) {
    when(sql`p.id IN (SELECT plant_id FROM search_names WHERE name IN (${sql.join(plan.fuzzyPhrases)}))`, 4)
  }
  if (names.fuzzy !== null) when(namesMatch(names.fuzzy), 5)
  return sql`CASE ${sql.join(whens, sql` `)} ELSE 6 END`
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
