// The attribute vocabulary of the live database (Permapeople's data keys and facet counts): every key the
// build writes is one of its keys or listed as outside it, and every value it writes for a faceted key
// is checked against it and spelled the way it spells it.
import { join } from 'node:path'
import { readSourceText } from './source-files.ts'

interface FacetValue {
  value: string
  count: number
}

/** Attribute keys, and the facet of facet-counts.json that holds their values. */
const FACET_OF_KEY = {
  Family: 'family',
  'Edible parts': 'edibleParts',
  'Life cycle': 'lifeCycle',
  'Light requirement': 'light',
  'Water requirement': 'water',
  'Soil type': 'soil',
  Layer: 'layer',
  Growth: 'growth',
  Utility: 'functions',
} as const

export type VocabularyKey = keyof typeof FACET_OF_KEY

export class Vocabulary {
  private readonly facets: Map<string, FacetValue[]>
  private readonly dataKeys: Set<string>

  constructor(sourceDir: string) {
    const path = join(sourceDir, 'permapeople-vocabulary', 'facet-counts.json')
    const parsed = JSON.parse(readSourceText(path)) as Record<string, unknown>
    this.facets = new Map()
    for (const [facet, values] of Object.entries(parsed)) {
      if (Array.isArray(values)) this.facets.set(facet, values as FacetValue[])
    }
    const keysPath = join(sourceDir, 'permapeople-vocabulary', 'data-keys.json')
    const keys = JSON.parse(readSourceText(keysPath)) as { data_keys_seen: string[] }
    this.dataKeys = new Set(keys.data_keys_seen)
  }

  /** Whether the vocabulary has the attribute key, spelled exactly so ("Spacing", "Nitrogen Fixing"). */
  hasKey(key: string): boolean {
    return this.dataKeys.has(key)
  }

  /** Whether the vocabulary has the value (for a family, in any of its spellings). */
  has(key: VocabularyKey, value: string): boolean {
    try {
      this.spell(key, value)
      return true
    } catch {
      return false
    }
  }

  /**
   * The vocabulary's spelling of a value: the exact value, or for a family the most used of its
   * spellings ("Lamiaceae" → "Lamiaceae or labiatae"). Throws for a value the vocabulary lacks, so a
   * typo in the build's tables cannot reach the data.
   */
  spell(key: VocabularyKey, value: string): string {
    const values = this.facets.get(FACET_OF_KEY[key]) ?? []
    const candidates =
      key === 'Family'
        ? values.filter((entry) => entry.value === value || entry.value.startsWith(`${value} or `))
        : values.filter((entry) => entry.value === value)
    const best = [...candidates].sort((a, b) => b.count - a.count)[0]
    if (!best) throw new Error(`"${value}" is not in the vocabulary of ${key}`)
    return best.value
  }

  /** The family names the vocabulary knows, each in its first spelling ("Lamiaceae", not "… or labiatae"). */
  familyNames(): string[] {
    return (this.facets.get(FACET_OF_KEY.Family) ?? [])
      .map((entry) => entry.value.split(' or ')[0] ?? '')
      .filter((name) => /^[A-Z][a-z]+$/.test(name))
  }

  /** Several values in one attribute, as the live database writes them: "Fruit, leaves". */
  spellList(key: VocabularyKey, values: readonly string[]): string {
    return values
      .map((value, index) => {
        const spelled = this.spell(key, value)
        return index === 0 ? spelled : spelled.toLowerCase()
      })
      .join(', ')
  }
}
