// The World Checklist of Useful Plant Species (Royal Botanic Gardens, Kew; useful-plants/): for each
// species, which of ten use categories the world's literature records. A flag says that a use is
// recorded somewhere, not how, how safely or where: it becomes words that say so, never advice.
import { join } from 'node:path'
import type { Attribute } from './entry.ts'
import { parseCsv } from './csv.ts'
import { readSourceText } from './source-files.ts'
import { speciesOf } from './scientific-names.ts'
import type { Vocabulary } from './vocabulary.ts'

export const USEFUL_PLANTS_FILE = join('useful-plants', 'utilised_plants_species_list.csv')

/** The checklist's categories (the Economic Botany Data Collection Standard's), in the order it gives them. */
const CATEGORIES = [
  'AnimalFood',
  'EnvironmentalUses',
  'Fuels',
  'GeneSources',
  'HumanFood',
  'InvertebrateFood',
  'Materials',
  'Medicines',
  'Poisons',
  'SocialUses',
] as const
type Category = (typeof CATEGORIES)[number]

/**
 * Each category in a gardener's words, in the order the value lists them (food and medicine first), as
 * elements of `Recorded uses`. No element holds a comma: a value's elements are comma-separated.
 */
export const USE_WORDS: readonly { category: Category; words: string }[] = [
  { category: 'HumanFood', words: 'Food' },
  { category: 'Medicines', words: 'Medicine' },
  { category: 'AnimalFood', words: 'Animal fodder' },
  { category: 'InvertebrateFood', words: 'Bee and insect food' },
  { category: 'Materials', words: 'Materials (fibre/wood/dye)' },
  { category: 'Fuels', words: 'Fuel' },
  { category: 'EnvironmentalUses', words: 'Hedging and soil care' },
  { category: 'SocialUses', words: 'Ritual and social use' },
  { category: 'GeneSources', words: 'Gene source for crops' },
  { category: 'Poisons', words: 'Poison' },
]

export const RECORDED_USES_KEY = 'Recorded uses'
/** The value of `Medicinal` where a medicinal use is recorded: what is known, and no more. */
export const MEDICINAL_RECORDED = 'Medicinal use recorded'

export const USEFUL_PLANTS_DECISIONS: readonly string[] = [
  `World Checklist of Useful Plant Species (Kew): a species of the dataset takes the checklist's row of its binomial; failing one, the row of its accepted name in the USDA PLANTS checklist, then of one of its synonyms there. A flag is a use the world's literature records somewhere (a 0 is "not recorded", never "not useful"), so each becomes words that say that and no more. \`${RECORDED_USES_KEY}\` (a key the vocabulary lacks) lists every recorded category: ${USE_WORDS.map(({ category, words }) => `${category} "${words}"`).join(', ')}. Where the vocabulary has a key for a category it is written there too: Medicines → \`Medicinal\` "${MEDICINAL_RECORDED}" (the vocabulary's key holds text; this says a use is recorded, not that the plant cures anything); HumanFood → \`Edible\` "true" where no other source gave Edible; Poisons → \`Warning\` "Toxic" (the vocabulary's value; the category is plants poisonous to people, animals or pests, used as poisons or not) where no other source gave a Warning, and USDA PLANTS' graded toxicity is kept where it did; AnimalFood → \`Utility\` "Animal feed" and InvertebrateFood (bees, silkworms and other useful insects feed on it) → \`Utility\` "Attracts insects", where no other source gave Utility (CropGraph's "Attracts pollinators" is kept; \`${RECORDED_USES_KEY}\` still lists them). Materials, fuels, environmental and social uses and gene sources have no key of the vocabulary that fits without saying more than the flag (a Materials flag does not say dye or timber): they are in \`${RECORDED_USES_KEY}\` only. \`Edible uses\` (how it is eaten) is not written: the checklist does not say.`,
]

export type UseFlags = ReadonlySet<Category>

/** The checklist's rows, by speciesOf key of their binomial. */
export function readUsefulPlants(sourceDir: string): Map<string, UseFlags> {
  const text = readSourceText(join(sourceDir, USEFUL_PLANTS_FILE), 'latin1')
  const [header = [], ...rows] = parseCsv(text)
  const column = (name: string): number => {
    const index = header.indexOf(name)
    if (index < 0) throw new Error(`${USEFUL_PLANTS_FILE}: no column ${name}`)
    return index
  }
  const binomial = column('binomial_acc_name')
  const flags = CATEGORIES.map((category) => ({ category, index: column(category) }))
  const species = new Map<string, UseFlags>()
  for (const row of rows) {
    const key = speciesOf(row[binomial] ?? '')
    if (!key) continue
    species.set(key, new Set(flags.filter(({ index }) => row[index] === '1').map(({ category }) => category)))
  }
  return species
}

/** The attributes the flags give, in the vocabulary's spelling (the source is the caller's). */
export function useAttributes(flags: UseFlags, vocabulary: Vocabulary): Attribute[] {
  const words = USE_WORDS.filter(({ category }) => flags.has(category)).map(({ words }) => words)
  if (words.length === 0) return []
  const data: Attribute[] = [
    {
      key: RECORDED_USES_KEY,
      value: words.map((word, index) => (index === 0 ? word : lowerFirst(word))).join(', '),
    },
  ]
  if (flags.has('Medicines')) data.push({ key: 'Medicinal', value: MEDICINAL_RECORDED })
  if (flags.has('HumanFood')) data.push({ key: 'Edible', value: 'true' })
  if (flags.has('Poisons')) data.push({ key: 'Warning', value: 'Toxic' })
  const utility = [
    ...(flags.has('AnimalFood') ? ['Animal feed'] : []),
    ...(flags.has('InvertebrateFood') ? ['Attracts insects'] : []),
  ]
  if (utility.length > 0) data.push({ key: 'Utility', value: vocabulary.spellList('Utility', utility) })
  return data
}

/** "Bee and insect food" → "bee and insect food"; "Materials (fibre/wood/dye)" keeps its words. */
function lowerFirst(words: string): string {
  return words.charAt(0).toLowerCase() + words.slice(1)
}

/** The rows of the whole file whose binomial is one of `binomials` (speciesOf keys), with the header. */
export function filterUsefulPlants(text: string, binomials: ReadonlySet<string>): string {
  const lines = text.split(/(?<=\n)/)
  const [header = [], ...rows] = parseCsv(text)
  if (rows.length !== lines.length - 1) throw new Error(`${USEFUL_PLANTS_FILE}: a row spans lines`)
  const binomial = header.indexOf('binomial_acc_name')
  return [
    lines[0] ?? '',
    ...lines.slice(1).filter((_, index) => binomials.has(speciesOf(rows[index]?.[binomial] ?? '') ?? '')),
  ].join('')
}
