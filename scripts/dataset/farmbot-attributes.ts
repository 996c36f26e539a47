// FarmBot's crop measurements as attributes: sun requirement → Light requirement, height, spread and
// row spacing (cm) → Height, Width and Spacing (m), sowing method → the propagation keys
// (farmbot-sowing.ts). A 0 or "" is FarmBot's "unknown" and is left out.
import type { Attribute, Entry } from './entry.ts'
import type { FarmbotCrop } from './farmbot.ts'
import { firstInSlugOrder, sowingAttributes } from './farmbot-sowing.ts'
import type { BuildReport } from './report.ts'
import { metres } from './usda-attributes.ts'
import type { Vocabulary } from './vocabulary.ts'

/** Written into the build report: each rule with its reason. */
export const FARMBOT_DECISIONS: readonly string[] = [
  'Which entry a crop is: the same common name as an entry (allowing a plural) with the same genus, or an alternate name of exactly one entry with the same genus, as for the other sources. Failing that, "<kind> <name>" where <name> names an entry of the crop\u2019s species ("Black Prince Tomato", "Fuji Apple") is a Variety of that entry, or of its Plant where the entry is itself a Variety (Varieties have no varieties). Failing that, a crop of the species of exactly one entry is that entry where only USDA knew it (USDA\u2019s "proso millet" is FarmBot\u2019s "Millet") or where FarmBot names that entry among the crop\u2019s common names ("Tulsi": "Holy Basil"), and otherwise a Variety of it (a named kind of pepper of the Plant "Capsicum annuum"). Failing that, "<kind> <name>" where <name> is a genus-level Plant of its genus ("Green D\u2019anjou Pear" → "Pear", Pyrus spp.) is a Variety of it; anything else is a new Plant. Two crops are named by hand because the name rules cannot see them: "Onion Chive" is chives (its own common name is "Chive") and "Chile De Aborol" is the chile de árbol pepper (FarmBot misspells árbol).',
  'Names of new entries: FarmBot writes Title Case ("Black Prince Tomato"); the dataset writes the first word capitalised and the kind of crop in lower case, as the entry it is a kind of writes it ("Black Prince tomato", "Red tabasco pepper"). Words of proper names keep their capital (cultivar and place names: Prince, Belle, Lake, Gold, Delicious, Smith, Bartlett, Russian, Scotch, …); other words are lower-cased.',
  'Light requirement, from sun_requirements: "Full Sun" → "Full sun", "Partial Sun" → "Partial sun/shade", "Full Shade" → "Full shade". Partial sun is not taken to include full sun: FarmBot says no more.',
  'Height and Width, from height and spread in cm, in metres as plain numbers ("0.45"), like USDA\u2019s heights. Spacing (the vocabulary\u2019s key), from row_spacing in cm, in metres the same way ("0.6" for 60 cm); 0 is FarmBot\u2019s unknown and is left out. Row spacing is not Width: it is how far apart the plants are set, not how wide one grows. Not used: growing_degree_days. 45 of the 248 records give a number, but not growing degree days: tomato 75, carrot 75, leek 140 and the radishes 25 and 36 are days to maturity (a crop needs hundreds or thousands of degree days), basil 650 and kohlrabi 700 may be degree days, and no base temperature is given. Growing degree days come with CropGraph\u2019s models (issue 29). The photos are the starter pictures (FarmBot crop photos, below); the icons mark the website\u2019s plant cards (FarmBot crop icons, below).',
  'description: FarmBot\u2019s description, as written. Where several crops are one entry, the first crop in slug order that has one (the same for every other value).',
  'Alternate name: the crop\u2019s name where it differs from the entry\u2019s, and its common names, some in other languages ("Tomate", "Erdbeere"); names another entry already has are left out as for every source.',
  'Companions become companion-to links where both crops are entries of the dataset, one link per pair, merged with the Wikipedia table\u2019s statements: a pair that any source makes companions and any other antagonists is a contradiction and gets no link (see Contradictions).',
  'Where USDA PLANTS and FarmBot both give Light requirement or Height, USDA\u2019s stays (a rated scale and a measured mature height, where FarmBot\u2019s are garden notes). It is listed as a disagreement where FarmBot\u2019s light value is not among USDA\u2019s, or where the heights differ by more than half.',
  'Fungi (the mushrooms FarmBot grows) are left out: Hortus is a database of plants. So are crops with no binomial that match no entry by name ("Generic Plant", "Flower").',
]

/** FarmBot values that cannot be the plant's, with the reason; the rest of the record is used. */
const IMPLAUSIBLE: ReadonlyMap<string, string> = new Map([
  ['spaghetti-squash height', '1800 cm: a squash vine does not stand 18 m tall; it is probably its length'],
])

const LIGHT: Record<string, string> = {
  'Full Sun': 'Full sun',
  'Partial Sun': 'Partial sun/shade',
  'Full Shade': 'Full shade',
}

export function farmbotDescription(crops: FarmbotCrop[]): string | undefined {
  return crops.find((crop) => crop.description)?.description
}

export function farmbotAttributes(
  entry: Entry,
  crops: FarmbotCrop[],
  vocabulary: Vocabulary,
  report: BuildReport,
): Attribute[] {
  const data: Attribute[] = []
  const sun = crops.map((crop) => LIGHT[crop.sun]).find((light) => light !== undefined)
  if (sun) data.push({ key: 'Light requirement', value: vocabulary.spell('Light requirement', sun) })
  const plausible = (crop: FarmbotCrop, measure: 'height' | 'spread', cm: number): boolean => {
    const why = IMPLAUSIBLE.get(`${crop.slug} ${measure}`)
    if (why && cm > 0) report.dropped.push(`FarmBot "${crop.name}" ${measure} ${why}; left out.`)
    return cm > 0 && !why
  }
  const height = crops.find((crop) => plausible(crop, 'height', crop.heightCm))
  if (height) data.push({ key: 'Height', value: metres(height.heightCm / 100) })
  const spread = crops.find((crop) => plausible(crop, 'spread', crop.spreadCm))
  if (spread) data.push({ key: 'Width', value: metres(spread.spreadCm / 100) })
  const spacing = firstInSlugOrder(crops, (crop) => crop.rowSpacingCm > 0)
  if (spacing) data.push({ key: 'Spacing', value: metres(spacing.rowSpacingCm / 100) })
  data.push(...sowingAttributes(crops))
  if (crops.length > 1)
    report.merges.push(
      `"${entry.name}" is ${crops.length} FarmBot crops (${crops.map((crop) => crop.slug).join(', ')}); the first with a value gives it.`,
    )
  return data
}
