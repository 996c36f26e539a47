// "Did you mean …?" for a parameter or key a client misspelt: `last` → `last_id`, `lastid` → `last_id`,
// `famly` → `Family`.

/** Case, spaces, hyphens and underscores aside: `Last-ID`, `last_id` and `lastid` are the same name. */
const squash = (name: string): string => name.toLowerCase().replace(/[\s_-]+/g, '')

/** Names other plant and paging APIs use for ours. */
const ALIASES: Record<string, string> = {
  limit: 'per_page',
  pagesize: 'per_page',
  size: 'per_page',
  count: 'per_page',
  query: 'q',
  search: 'q',
  term: 'q',
  cursor: 'last_id',
  after: 'last_id',
  since: 'updated_since',
  modifiedsince: 'updated_since',
}

/** The candidate the client most likely meant, or null when none is close. */
export function closestName(name: string, candidates: readonly string[]): string | null {
  const wanted = squash(name.slice(0, 100))
  if (!wanted) return null
  const alias = ALIASES[wanted]
  if (alias && candidates.includes(alias)) return alias
  let best: { candidate: string; score: number } | null = null
  for (const candidate of candidates) {
    const score = closeness(wanted, squash(candidate))
    if (score !== null && (best === null || score < best.score)) best = { candidate, score }
  }
  return best?.candidate ?? null
}

/** Lower is closer; null is too far to suggest. A prefix either way (`last` of `last_id`) counts as close. */
function closeness(wanted: string, candidate: string): number | null {
  if (wanted === candidate) return 0
  if (wanted.length >= 3 && (candidate.startsWith(wanted) || wanted.startsWith(candidate))) return 1
  const distance = editDistance(wanted, candidate)
  return distance <= Math.max(1, Math.floor(wanted.length / 4)) ? 1 + distance : null
}

/** Levenshtein distance, two rows; both names are short (at most a few dozen characters). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution)
    }
    previous = current
  }
  return previous[b.length]!
}

/** A parameter name a request sent that the endpoint does not take, with the name it most likely meant. */
export interface IgnoredParameter {
  name: string
  did_you_mean: string | null
}

export const ignoredParameter = (name: string, candidates: readonly string[]): IgnoredParameter => ({
  name,
  did_you_mean: closestName(name, candidates),
})
