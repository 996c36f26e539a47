// The complete USDA PLANTS checklist (usda-plants/checklist/plantlst.txt): every accepted name with its
// synonyms. It gives each species of the dataset the scientific names it was known by ("Lycopersicon
// esculentum" for the tomato), and a plant whose own name is a synonym its accepted name. Names are read
// at the species: a synonym of a variety counts for its species, and a synonym is written as a binomial.
// Synonyms are names, never plants: nothing here adds an entry.
import { join } from 'node:path'
import { parseCsv } from './csv.ts'
import { compareStrings } from './compare-strings.ts'
import { readSourceText } from './source-files.ts'
import { speciesOf } from './scientific-names.ts'
import { withoutAuthors } from './usda-names.ts'

export const CHECKLIST_FILE = join('usda-plants', 'checklist', 'plantlst.txt')
const HEADER = ['Symbol', 'Synonym Symbol', 'Scientific Name with Author', 'Common Name', 'Family']

interface ChecklistRow {
  symbol: string
  synonymSymbol: string
  /** Without authors: "Lycopersicon esculentum var. cerasiforme". */
  name: string
}

/** One accepted species of the checklist, with the binomials of its synonyms and its varieties'. */
export interface ChecklistSpecies {
  /** The accepted binomial as the checklist writes it: "Solanum lycopersicum". */
  name: string
  /** Synonym binomials, each once, in code point order, none of them an accepted species. */
  synonyms: string[]
}

export class Checklist {
  /** By speciesOf key. */
  private readonly species = new Map<string, ChecklistSpecies>()
  /** A synonym binomial's key → the key of the one accepted species it names. */
  private readonly acceptedOfSynonym = new Map<string, string>()
  /** Synonym binomials that name two accepted species, or that are an accepted species themselves. */
  readonly ambiguous: string[] = []

  constructor(text: string) {
    const rows = readRows(text)
    const acceptedBySymbol = new Map<string, string>()
    for (const row of rows) if (!row.synonymSymbol) acceptedBySymbol.set(row.symbol, row.name)
    const binomial = (name: string): { key: string; name: string } | undefined => {
      const key = speciesOf(name)
      return key
        ? {
            key,
            name: name
              .split(/\s+/)
              .slice(0, name.includes('×') ? 3 : 2)
              .join(' '),
          }
        : undefined
    }
    for (const name of acceptedBySymbol.values()) {
      const species = binomial(name)
      if (species && !this.species.has(species.key))
        this.species.set(species.key, { name: species.name, synonyms: [] })
    }
    const synonymsOf = new Map<string, Map<string, string>>()
    const ambiguous = new Set<string>()
    for (const row of rows) {
      if (!row.synonymSymbol) continue
      const accepted = binomial(acceptedBySymbol.get(row.symbol) ?? '')
      const synonym = binomial(row.name)
      if (!accepted || !synonym || synonym.key === accepted.key) continue
      if (this.species.has(synonym.key)) {
        ambiguous.add(synonym.name)
        continue
      }
      const earlier = this.acceptedOfSynonym.get(synonym.key)
      if (earlier !== undefined && earlier !== accepted.key) ambiguous.add(synonym.name)
      this.acceptedOfSynonym.set(synonym.key, accepted.key)
      const names = synonymsOf.get(accepted.key) ?? new Map<string, string>()
      synonymsOf.set(accepted.key, names.set(synonym.key, synonym.name))
    }
    const ambiguousKeys = new Set([...ambiguous].map((name) => speciesOf(name)))
    for (const key of ambiguousKeys) if (key) this.acceptedOfSynonym.delete(key)
    for (const [key, names] of synonymsOf) {
      const species = this.species.get(key)
      if (!species) continue
      species.synonyms = [...names]
        .filter(([synonymKey]) => !ambiguousKeys.has(synonymKey))
        .map(([, name]) => name)
        .sort(compareStrings)
    }
    this.ambiguous = [...ambiguous].sort(compareStrings)
  }

  /**
   * The accepted species of a name: its own species where the checklist accepts it, the species its
   * binomial is a synonym of, or undefined.
   */
  acceptedSpecies(name: string): ChecklistSpecies | undefined {
    const key = speciesOf(name)
    if (!key) return undefined
    return this.species.get(key) ?? this.species.get(this.acceptedOfSynonym.get(key) ?? '')
  }
}

export function readChecklist(sourceDir: string): Checklist {
  return new Checklist(readSourceText(join(sourceDir, CHECKLIST_FILE)))
}

function readRows(text: string): ChecklistRow[] {
  const [header, ...rows] = parseCsv(text)
  if ((header ?? []).join('|') !== HEADER.join('|'))
    throw new Error(`${CHECKLIST_FILE}: unexpected header ${JSON.stringify(header)}`)
  return rows.map(([symbol = '', synonymSymbol = '', name = '']) => ({
    symbol,
    synonymSymbol,
    name: withoutAuthors(name),
  }))
}

/**
 * The taxa of the whole checklist that the build reads for the species `binomials` (speciesOf keys):
 * every taxon one of whose names is of those species, and every taxon one of whose names shares a
 * binomial with those taxa's names, so that a synonym's other meanings are kept and found ambiguous
 * alike in the filtered file and in the whole one. Returns their symbols and the binomials of all
 * their names (the rows of Kew's checklist the build may look up).
 */
function checklistTaxa(
  rows: ChecklistRow[],
  binomials: ReadonlySet<string>,
): { symbols: Set<string>; binomials: Set<string> } {
  const namesOf = new Map<string, Set<string>>()
  for (const row of rows) {
    const key = speciesOf(row.name)
    if (key) namesOf.set(row.symbol, (namesOf.get(row.symbol) ?? new Set()).add(key))
  }
  const touching = (wanted: ReadonlySet<string>): Set<string> =>
    new Set(
      [...namesOf].filter(([, keys]) => [...keys].some((key) => wanted.has(key))).map(([symbol]) => symbol),
    )
  const namesOfAll = (symbols: Set<string>): Set<string> =>
    new Set([...binomials, ...[...symbols].flatMap((symbol) => [...(namesOf.get(symbol) ?? [])])])
  const symbols = touching(namesOfAll(touching(binomials)))
  return { symbols, binomials: namesOfAll(symbols) }
}

/** The binomials (speciesOf keys) of every name of the checklist's taxa that the build reads for `binomials`. */
export function checklistBinomials(text: string, binomials: ReadonlySet<string>): Set<string> {
  return checklistTaxa(readRows(text), binomials).binomials
}

/** The rows of the whole checklist that the build reads for the species `binomials`, as they are, with the header. */
export function filterChecklist(text: string, binomials: ReadonlySet<string>): string {
  const lines = text.split(/(?<=\n)/)
  const rows = readRows(text)
  if (rows.length !== lines.length - 1) throw new Error(`${CHECKLIST_FILE}: a row spans lines`)
  const { symbols } = checklistTaxa(rows, binomials)
  return [
    lines[0] ?? '',
    ...lines.slice(1).filter((_, index) => symbols.has(rows[index]?.symbol ?? '')),
  ].join('')
}
