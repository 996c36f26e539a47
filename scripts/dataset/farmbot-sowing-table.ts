// What each of FarmBot's sowing texts says, read by hand: the practices it describes (each a
// `Propagation - …` key of the vocabulary) and the methods it names (`Propagation method`). The texts
// are free prose, so no pattern reads them: "Direct seed indoors, transplant seedlings outside" sounds
// like direct sowing but is sowing indoors to transplant. A text missing here stops the build, so a new
// source text gets read before it reaches the data. The mushrooms' texts ("Inoculate substrate with
// spores") are not here: fungi are not entries of the dataset.

/** A practice the text describes; it becomes the key `Propagation - <practice>`. */
export type Practice = 'Direct sowing' | 'Transplanting' | 'Cuttings'

/**
 * A value of `Propagation method`. The first three and Cuttings and Division are the Permapeople
 * vocabulary's own values; the others name the part of a plant that FarmBot says is planted.
 */
export type Method =
  | 'Seed - direct sow'
  | 'Seed - transplant'
  | 'Seed'
  | 'Cuttings'
  | 'Division'
  | 'Offsets'
  | 'Runners'
  | 'Tubers'
  | 'Rhizomes'
  | 'Sets'
  | 'Slips'
  | 'Crowns'
  | 'Canes'
  | 'Bare root'

/** The order methods are listed in, whatever order the text names them in. */
export const METHOD_ORDER: readonly Method[] = [
  'Seed - direct sow',
  'Seed - transplant',
  'Seed',
  'Cuttings',
  'Division',
  'Offsets',
  'Runners',
  'Tubers',
  'Rhizomes',
  'Sets',
  'Slips',
  'Crowns',
  'Canes',
  'Bare root',
]

export interface SowingReading {
  practices: readonly Practice[]
  methods: readonly Method[]
}

const D: Practice = 'Direct sowing'
const T: Practice = 'Transplanting'
const C: Practice = 'Cuttings'
const SOW: Method = 'Seed - direct sow'
const RAISE: Method = 'Seed - transplant'

type Row = [text: string, practices: Practice[], methods: Method[]]

const ROWS: Row[] = [
  // Sown where the plant is to grow: FarmBot's "direct seed" with no "indoors".
  ['Direct seed', [D], [SOW]],
  ['Direct Seed, thin to 3cm apart when seedlings are 8cm high', [D], [SOW]],
  ['Direct seed 2 seeds, thin to 1 plant when seedlings have 2 sets of leaves', [D], [SOW]],
  ['Direct seed in groups of 2, thin to 1 plant when seedling have 2 sets of adult leaves', [D], [SOW]],
  ['Direct seed into furrows. Broadcast or use grain drill. Rake in, roll soil to firm the bed.', [D], [SOW]],
  ['Direct seed outdoors', [D], [SOW]],
  [
    'Direct seed outdoors after last frost in groups of 2-3, thin to 1 plant when true leaves appear',
    [D],
    [SOW],
  ],
  ['Direct seed outdoors after last frost, thin to 30cm when seedlings are 4cm high', [D], [SOW]],
  [
    'Direct seed outdoors after soil is at least 24°C, thin to 30cm apart when seedlings are 5cm tall',
    [D],
    [SOW],
  ],
  ['Direct seed outdoors after temperatures are above 20° C', [D], [SOW]],
  ['Direct seed outdoors once soil temperatures are above 10°C', [D], [SOW]],
  ['Direct seed outdoors two weeks after last spring frost', [D], [SOW]],
  ['Direct seed outdoors, thin seedlings to 5cm apart', [D], [SOW]],
  ['Direct seed outdoors, thin to 10cm when seedlings are 3cm tall', [D], [SOW]],
  ['Direct seed outdoors, thin to 12cm apart when seedlings are 3cm high', [D], [SOW]],
  ['Direct seed outdoors, thin to 15cm', [D], [SOW]],
  ['Direct seed outdoors, thin to 15cm apart when seedlings are 3cm tall', [D], [SOW]],
  ['Direct seed outdoors, thin to 15cm when seedlings are 3cm high', [D], [SOW]],
  ['Direct seed outdoors, thin to 20cm when seedlings are 3cm tall', [D], [SOW]],
  ['Direct seed outdoors, thin to 2cm apart', [D], [SOW]],
  ['Direct seed outdoors, thin to 30cm when plants are 4cm tall', [D], [SOW]],
  ['Direct seed outdoors, thin to 30cm when seedlings are 4cm tall', [D], [SOW]],
  ['Direct seed outdoors, thin to 30cm when seedlings are 5cm or taller', [D], [SOW]],
  ['Direct seed outdoors, thin to 3cm apart when seedlings are 7cm high', [D], [SOW]],
  ['Direct seed outdoors, thin to 45cm apart when seedlings are 4cm tall', [D], [SOW]],
  ['Direct seed outdoors, thin to 7cm', [D], [SOW]],
  ['Direct seed using 15cm spacing, or broadcast and rake in', [D], [SOW]],
  ['Direct seed, do not cover. Seeds need light to germinate.', [D], [SOW]],
  ['Direct seed, thin to 10cm apart when seedlings are 2-5cm tall', [D], [SOW]],
  ['Direct seed, thin to 15cm apart', [D], [SOW]],
  ['Direct seed, thin to 15cm when seedlings at 5cm tall', [D], [SOW]],
  ['Direct seed, thin to 5cm apart', [D], [SOW]],
  ['Direct seed, thin to 5cm apart when seedlings are 3cm tall', [D], [SOW]],
  ['Direct seed, thin to 5cm when seedlings are 3cm tall', [D], [SOW]],
  ['Direct seed, thin to 8cm apart when seedlings are 5cm tall.', [D], [SOW]],
  ['Direct seed/broadcast', [D], [SOW]],
  ['Direct seed: broadcast or drill', [D], [SOW]],
  ['Broadcast direct seed', [D], [SOW]],
  ['Direct sow, thin to 8cm apart when seedlings are 5cm tall', [D], [SOW]],
  [
    'Sow in well-worked soil after danger of frost in spring. In frost-free areas, sow in fall. Sow thinly in rows 30cm apart and cover with 1.5cm of fine soil. Firm lightly and keep evenly moist. Seedlings emerge in 14-21 days. Thin to stand about 8cm apart when seedlings are 3cm to 5cm tall.',
    [D],
    [SOW],
  ],
  // Planted where they grow, in FarmBot's words "direct seed", but tubers and rhizomes, not seed:
  // direct sowing in the key's sense (nothing is transplanted), not the method "Seed - direct sow".
  ['Direct seed cut tubers with at least one "eye" per piece.', [D], ['Tubers']],
  ['Direct seed outdoors after last frost. Each piece must have one eye.', [D], ['Tubers']],
  ['Direct seed tubers outdoors', [D], ['Tubers']],
  // Ginger's "roots" are its rhizomes.
  ['Direct seed roots outdoors', [D], ['Rhizomes']],

  // Sown indoors (FarmBot's "direct seed indoors") to be planted out: transplanting, not direct sowing.
  ['Direct seed indoors', [T], [RAISE]],
  ['Direct seed indoors and transplant seedlings outside after hardening off', [T], [RAISE]],
  ['Direct seed indoors, harden off seedlings before transplanting outside', [T], [RAISE]],
  ['Direct seed indoors, harden seedlings off before transplanting outside.', [T], [RAISE]],
  ['Direct seed indoors, transplant outside after hardening off seedlings', [T], [RAISE]],
  ['Direct seed indoors, transplant outside after last frost', [T], [RAISE]],
  ['Direct seed indoors, transplant seedlings after hardening off.', [T], [RAISE]],
  ['Direct seed indoors, transplant seedlings outside after hardening off', [T], [RAISE]],
  ['Direct seed indoors, transplant seedlings outside after hardening off.', [T], [RAISE]],
  ['Direct seed indoors, transplant seedlings outside or to container after hardening off', [T], [RAISE]],
  ['Direct seed indoors or transplant seedlings outside, depending on growing zone', [T], [RAISE]],
  // "Direct seed (and transplant …)": the seed is sown to be transplanted; "or seedlings" are too.
  ['Direct seed (and transplant after hardening off) or seedlings', [T], [RAISE]],
  ['Seed indoors, then transplant outside into soil', [T], [RAISE]],
  ['Seedlings', [T], [RAISE]],
  [
    'Sow 2-3 seeds per peat pot indoors and transplant peat pots directly into soil when soil is warm. Thin to 1 seedling.',
    [T],
    [RAISE],
  ],
  ['Sow seeds indoors 10-12 weeks before transplanting outdoors', [T], [RAISE]],
  [
    'Sow seeds indoors 6-8 weeks before last frost of the season, harden off before transplanting outdoors',
    [T],
    [RAISE],
  ],
  ['Sow seeds indoors and transplant out, or plant nursery seedlings', [T], [RAISE]],
  ['Sow seeds indoors and transplant outside', [T], [RAISE]],
  ['Sow seeds indoors, harden off seedlings before transplanting outdoors', [T], [RAISE]],
  ['Sow seeds indoors, harden seedlings off before transplanting', [T], [RAISE]],
  ['Direct seed indoors or plant sets (small bulbs) outside.', [T], [RAISE, 'Sets']],
  ['Direct seed indoors. In warmer zones, propagate "pups."', [T], [RAISE, 'Offsets']],
  ['Transplant crowns outside, or start seeds indoors', [T], [RAISE, 'Crowns']],

  // Either: sown where it grows, or indoors (or in pots) and transplanted.
  ['Direct seed (indoors in early spring, outdoors in late spring or fall)', [D, T], [SOW, RAISE]],
  [
    'Direct seed indoors (and harden seedlings off before transplanting) or outdoors (and thin plants to 35cm when 4 cm high)',
    [D, T],
    [SOW, RAISE],
  ],
  ['Direct seed indoors (and transplant after hardening off seedlings) or outdoors', [D, T], [SOW, RAISE]],
  [
    'Direct seed indoors (and transplant out after hardening seedlings off) or outdoors',
    [D, T],
    [SOW, RAISE],
  ],
  [
    'Direct seed indoors (and transplant outside after seedlings are hardened off) or outdoors',
    [D, T],
    [SOW, RAISE],
  ],
  ['Direct seed indoors (and transplant seedlings after hardening off) or outdoors', [D, T], [SOW, RAISE]],
  ['Direct seed indoors or out. Transplant seedlings after hardening off.', [D, T], [SOW, RAISE]],
  ['Direct seed indoors or out. Transplant seedlings outside after hardening off.', [D, T], [SOW, RAISE]],
  ['Direct seed indoors or outdoors', [D, T], [SOW, RAISE]],
  ['direct seed indoors or outdoors', [D, T], [SOW, RAISE]],
  ['Direct seed indoors or outdoors. Transplant seedlings after hardening off.', [D, T], [SOW, RAISE]],
  [
    'Direct seed indoors or outdoors. Transplant seedlings outside after hardening off.',
    [D, T],
    [SOW, RAISE],
  ],
  ['Direct seed indoors or outside', [D, T], [SOW, RAISE]],
  ['Direct seed indoors or outside.', [D, T], [SOW, RAISE]],
  [
    'Direct seed into soil or peat pots (and transplant pots directly into soil after hardening off)',
    [D, T],
    [SOW, RAISE],
  ],
  ['Direct seed or transplant seedlings', [D, T], [SOW, RAISE]],
  [
    'Direct seed outdoors in early fall. In early spring, direct seed indoors, stratifying seeds.',
    [D, T],
    [SOW, RAISE],
  ],
  ['Direct seed outdoors or direct seed into peat pots and transplant pots into soil', [D, T], [SOW, RAISE]],
  [
    'Direct seed outdoors or indoors in peat pots (transplant pots outside after hardening off seedlings)',
    [D, T],
    [SOW, RAISE],
  ],
  ['Direct seed outdoors or transplant seedlings', [D, T], [SOW, RAISE]],
  ['Direct seed outdoors, or sow indoors and harden off before transplanting', [D, T], [SOW, RAISE]],
  ['Direct seed outdoors, or sow indoors and harden off before transplanting outside', [D, T], [SOW, RAISE]],
  [
    'Direct seed. For shorter seasons, direct seed indoors in peat pots and transplant pots outdoors when soil is warm.',
    [D, T],
    [SOW, RAISE],
  ],
  [
    'Direct seed. If planting indoors, harden off before transplanting seedlings outside.',
    [D, T],
    [SOW, RAISE],
  ],
  [
    'Direct seed. If planting indoors, harden seedlings off and transplant once soil is 15-21°C',
    [D, T],
    [SOW, RAISE],
  ],
  [
    'Direct seed. If planting indoors, use peat pots and harden off before transplanting seedlings outside.',
    [D, T],
    [SOW, RAISE],
  ],
  [
    'Direct seed. Seed indoors and transplant out in areas with shorter growing seasons.',
    [D, T],
    [SOW, RAISE],
  ],
  ['Direct sow inside or outdoors. Transplant seedlings after hardening off.', [D, T], [SOW, RAISE]],
  ['Direct sow outdoors or sow indoors and transplant seedlings after hardening off', [D, T], [SOW, RAISE]],
  // "Transplant" without saying what was sown: the practice, but no seed method beyond the direct one.
  ['Direct seed or transplant in wide rows or raised beds', [D, T], [SOW]],
  // "Direct" alone does not say of what.
  ['direct or transplant', [D, T], []],

  // Cuttings, with or beside seed.
  ['Direct seed or cutting', [D, C], [SOW, 'Cuttings']],
  ['Direct seed or cuttings', [D, C], [SOW, 'Cuttings']],
  ['Direct seed, transplants, or cuttings', [D, T, C], [SOW, 'Cuttings']],
  [
    'Direct seed, very lightly covering seeds. If planting indoors, harden off before transplanting seedlings outside. Can also use cuttings or divide plants.',
    [D, T, C],
    [SOW, RAISE, 'Cuttings', 'Division'],
  ],
  // Seedlings started indoors, or cuttings ("cloned seedlings" are rooted cuttings); plugs are transplants.
  [
    'Direct seed indoors (transplant seedlings outside after hardening off) or use plugs or cuttings',
    [T, C],
    [RAISE, 'Cuttings'],
  ],
  ['Direct seed indoors, cuttings, or cloned seedlings', [T, C], [RAISE, 'Cuttings']],
  ['Transplant cuttings or seedlings or direct seed indoors', [T, C], [RAISE, 'Cuttings']],
  ['Plant cuttings into trench', [C], ['Cuttings']],

  // Seed, onion sets and slips: the seed is sown in place, the others planted.
  ['Direct seed or plant slips or sets', [D], [SOW, 'Sets', 'Slips']],

  // Plants, not seed, set out: transplanting. A bare-root plant, canes, crowns and runners name what is
  // planted; a sapling, a young tree, a starter or "plants" say only that it is a plant.
  ['Bare root tree', [T], ['Bare root']],
  ['Transplant bare-root plant', [T], ['Bare root']],
  ['Transplant bare root plants/plugs or divide runners', [T], ['Runners', 'Bare root']],
  ['Transplant canes into soil or pot', [T], ['Canes']],
  ['Transplant from roots or juvenile plants.', [T], []],
  ['Transplant sapling', [T], []],
  ['Transplant young tree', [T], []],
  ['Plant plants into soil or pots.', [T], []],
  ['Purchased starter', [T], []],

  // A method and nothing more: no practice is said, so only Propagation method is written.
  ['Slips', [], ['Slips']],
  ['seeds', [], ['Seed']],
]

/** The readings by text as FarmBot writes it (trimmed). */
export const SOWING_READINGS: ReadonlyMap<string, SowingReading> = new Map(
  ROWS.map(([text, practices, methods]) => {
    const ordered = [...methods].sort((a, b) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b))
    return [text, { practices, methods: ordered }]
  }),
)
