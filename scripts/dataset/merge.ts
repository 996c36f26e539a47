// Merging the companion table's plants into the Growstuff crops: the same crop where both sources give
// the same common name (allowing plurals and Growstuff's alternate names) and the genus agrees.
import { addAlternates } from './alternate-names.ts'
import type { CompanionRow } from './companion.ts'
import type { Entry } from './entry.ts'
import { nameForms, samePlantName } from './names.ts'
import type { BuildReport } from './report.ts'
import { sameGenus, speciesOf, tidyScientificName } from './scientific-names.ts'

/**
 * Companion rows whose scientific-name column cannot be used as it is: one gives none, one gives the
 * common name again. Both replacements are the accepted names of these plants.
 */
const COMPANION_SCIENTIFIC_NAMES: ReadonlyMap<string, { name: string; why: string }> = new Map([
  [
    'snap bean',
    {
      name: 'Phaseolus vulgaris',
      why: 'the source leaves it empty; snap (green) beans are Phaseolus vulgaris',
    },
  ],
  [
    'Sericea lespedeza',
    {
      name: 'Lespedeza cuneata',
      why: 'the source repeats the common name "Sericea lespedeza"; the species is Lespedeza cuneata',
    },
  ],
])

export function mergeCompanionRows(entries: Entry[], rows: CompanionRow[], report: BuildReport): Entry[] {
  const growstuffEntries = entries.filter((entry) => entry.growstuff)
  const added: Entry[] = []
  for (const row of rows) {
    const scientificName = companionScientificName(row, report)
    const match = findGrowstuffMatch(growstuffEntries, row, scientificName, report)
    if (match) {
      mergeInto(match.entry, row, scientificName, match.via, report)
      continue
    }
    added.push({
      name: row.name,
      scientificName,
      type: 'Plant',
      sameSpeciesAsParent: false,
      companion: row,
      alternateNames: [],
      data: [],
    })
  }
  report.counts.push(
    `Companion-table plants: ${rows.length} (${rows.length - added.length} merged into Growstuff crops, ${added.length} added)`,
  )
  return [...entries, ...added]
}

/**
 * The row's scientific name. Lists are read as the table means them: "Lavandula angustifolia,
 * L. dentata, L. stoechas" is several species of a genus (so the genus), "Solanaceae, Capsicum" puts
 * the family first (dropped), "A / B" and "A, B" of two genera give synonyms (the first is kept).
 */
function companionScientificName(row: CompanionRow, report: BuildReport): string {
  const replacement = COMPANION_SCIENTIFIC_NAMES.get(row.name)
  if (replacement) {
    report.corrections.push(
      `Companion table "${row.name}": scientific name "${row.scientificName}" → "${replacement.name}" (${replacement.why}).`,
    )
    return replacement.name
  }
  const alternatives = row.scientificName.split('/')
  const parts = (alternatives[0] ?? '')
    .split(/,|\band\b/)
    .map((part) => part.trim())
    .filter((part) => part && !/aceae$/.test(part))
  const names: string[] = []
  for (const part of parts) {
    // "L. dentata" abbreviates the genus of the name before it.
    const previous = names[names.length - 1]
    const abbreviated = /^[A-Z]\.\s/.exec(part)
    names.push(abbreviated && previous ? `${previous.split(' ')[0]} ${part.slice(3)}` : part)
  }
  const first = names[0] ?? ''
  const severalSpeciesOfOneGenus =
    names.length > 1 &&
    names.every((name) => sameGenus(name, first)) &&
    new Set(names.map((name) => speciesOf(name))).size > 1
  const chosen = severalSpeciesOfOneGenus ? (first.split(' ')[0] ?? first) : first
  return tidyScientificName(chosen)
}

interface Match {
  entry: Entry
  via: string
}

function findGrowstuffMatch(
  entries: Entry[],
  row: CompanionRow,
  scientificName: string,
  report: BuildReport,
): Match | undefined {
  const genusAgrees = (entry: Entry): boolean => {
    const entryName = entry.scientificName || entry.parent?.scientificName || ''
    return !entryName || !scientificName || sameGenus(entryName, scientificName)
  }
  const byName = entries.filter((entry) => entry.growstuff && samePlantName(entry.growstuff.name, row.name))
  for (const entry of byName) {
    if (genusAgrees(entry)) return { entry, via: 'same common name' }
    report.notMerged.push(
      `Companion table "${row.name}" (${scientificName}) and Growstuff "${entry.name}" (${entry.scientificName}) share a common name but not the genus: two plants.`,
    )
  }
  if (byName.length > 0) return undefined

  // An alternate name identifies a crop only if no other crop has it, as alternate or as name.
  const forms = nameForms(row.name)
  const byAlternate = entries.filter((entry) =>
    entry.alternateNames.some((alternate) => nameForms(alternate).some((form) => forms.includes(form))),
  )
  const [candidate] = byAlternate
  if (byAlternate.length > 1) {
    report.notMerged.push(
      `Companion table "${row.name}": an alternate name of several Growstuff crops (${byAlternate.map((entry) => `"${entry.name}"`).join(', ')}), so none is chosen.`,
    )
    return undefined
  }
  if (!candidate) return undefined
  const entryName = candidate.scientificName || candidate.parent?.scientificName || ''
  if (!entryName || !scientificName || !sameGenus(entryName, scientificName)) {
    report.notMerged.push(
      `Companion table "${row.name}" (${scientificName}) is an alternate name of Growstuff "${candidate.name}" (${entryName || 'no scientific name'}), but the genus differs: two plants.`,
    )
    return undefined
  }
  return { entry: candidate, via: `Growstuff alternate name of "${candidate.name}"` }
}

function mergeInto(
  entry: Entry,
  row: CompanionRow,
  scientificName: string,
  via: string,
  report: BuildReport,
): void {
  if (entry.companion)
    throw new Error(`two companion rows for "${entry.name}": ${entry.companion.name}, ${row.name}`)
  entry.companion = row
  // The table's name is kept as an alternate name where it differs from the crop's ("bay laurel" on bay).
  const knownNames = [entry.growstuff?.name ?? entry.name, ...entry.alternateNames]
  if (!knownNames.some((known) => samePlantName(known, row.name)))
    addAlternates(entry, [row.name], 'wikipedia-companions')
  const names =
    scientificName && scientificName !== entry.scientificName
      ? `; scientific name kept from Growstuff: "${entry.scientificName}" (the table has "${row.scientificName}")`
      : ''
  report.merges.push(
    `Companion table "${row.name}" = Growstuff "${entry.growstuff?.name ?? entry.name}" (${via})${names}.`,
  )
}
