// Attributes of a starter entry, in the live database's keys and value spellings. Only facts: the
// sources' alternate names and Wikipedia links, the family of a genus, what is eaten of a food crop,
// that a tree is perennial. Anything else is left out rather than guessed.
import type { Attribute, Entry } from './entry.ts'
import { ediblePartsOf } from './edible-parts.ts'
import { familyOfGenus } from './families.ts'
import { genusOf } from './scientific-names.ts'
import type { Vocabulary } from './vocabulary.ts'

export function attributesOf(entry: Entry, vocabulary: Vocabulary): Attribute[] {
  const data: Attribute[] = []
  if (entry.alternateNames.length > 0)
    data.push({ key: 'Alternate name', value: entry.alternateNames.join(', ') })
  const family = familyOfGenus(genusOf(entry.scientificName))
  if (family && vocabulary.has('Family', family))
    data.push({ key: 'Family', value: vocabulary.spell('Family', family) })
  const parts = ediblePartsOf(entry)
  if (parts) {
    data.push({ key: 'Edible', value: 'true' })
    if (parts.length > 0)
      data.push({ key: 'Edible parts', value: vocabulary.spellList('Edible parts', parts) })
  }
  // Every tree is a perennial; the table's type column says which of its plants are trees.
  if (entry.companion?.type === 'tree')
    data.push({ key: 'Life cycle', value: vocabulary.spell('Life cycle', 'Perennial') })
  if (entry.wikipedia) data.push({ key: 'Wikipedia', value: entry.wikipedia })
  return data
}
