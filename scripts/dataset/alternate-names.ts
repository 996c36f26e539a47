// Alternate names: from Growstuff's seed files and alternate-names file, the companion table's name
// where it differs, USDA's common name and FarmBot's common names. An alternate name that is the name
// of another Growstuff or companion-table entry would send a search for that crop to this one
// ("spearmint" as an old alternate of mint), so it is left out. USDA's and FarmBot's plant names do not
// remove alternates: across sources two plants may share a common name (groundnut is Arachis hypogaea
// and Apios americana), and search lists the plant named so first.
import type { SourceId } from './attribution.ts'
import type { Entry } from './entry.ts'
import { nameForms, nameKey, samePlantName } from './names.ts'
import type { BuildReport } from './report.ts'

/** Adds the alternate-names file's names for each entry, found by the entry's Growstuff or table name. */
export function attachAlternateNameFile(entries: Entry[], byCrop: Map<string, string[]>): void {
  for (const entry of entries) {
    const ownNames = [entry.growstuff?.name, entry.companion?.name].filter((name) => name !== undefined)
    for (const [cropName, alternates] of byCrop) {
      if (ownNames.some((name) => samePlantName(name, cropName)))
        addAlternates(entry, alternates, 'growstuff')
    }
  }
}

export function addAlternates(entry: Entry, alternates: string[], source: SourceId): void {
  for (const alternate of alternates) {
    if (!entry.alternateNames.some((known) => nameKey(known) === nameKey(alternate))) {
      entry.alternateNames.push(alternate)
      entry.alternateSources = (entry.alternateSources ?? new Map()).set(nameKey(alternate), source)
    }
  }
}

/**
 * The source of an entry's Alternate name value: that of most of its names (the first name's where
 * two sources give as many), since one value names one source.
 */
export function alternateNamesSource(entry: Entry): SourceId {
  const counts = new Map<SourceId, number>()
  for (const name of entry.alternateNames) {
    const source = entry.alternateSources?.get(nameKey(name)) ?? 'growstuff'
    counts.set(source, (counts.get(source) ?? 0) + 1)
  }
  let best: SourceId = 'growstuff'
  let bestCount = 0
  for (const [source, count] of counts) {
    if (count > bestCount) [best, bestCount] = [source, count]
  }
  return best
}

/** Once names are final: no alternate that is the entry's own name, or another entry's name. */
export function finishAlternateNames(entries: Entry[], report: BuildReport): void {
  const owners = new Map<string, Entry[]>()
  for (const entry of entries) {
    if (!entry.growstuff && !entry.companion) continue
    for (const form of nameForms(entry.name)) owners.set(form, [...(owners.get(form) ?? []), entry])
  }
  const leftOut: string[] = []
  for (const entry of entries) {
    entry.alternateNames = entry.alternateNames.filter((alternate) => {
      if (samePlantName(alternate, entry.name)) return false
      const others = nameForms(alternate).flatMap((form) => owners.get(form) ?? [])
      const other = others.find((owner) => owner !== entry)
      if (other) leftOut.push(`"${alternate}" on ${entry.name} (the name of ${other.name})`)
      return !other
    })
  }
  if (leftOut.length > 0) {
    report.decisions.push(
      `Growstuff alternate names left out because another entry has that name (${leftOut.length}): ${leftOut.sort().join('; ')}.`,
    )
  }
}
