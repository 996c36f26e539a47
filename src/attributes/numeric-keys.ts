// Which keys are numeric: those most of whose plants have a number or a range as their value
// (attribute-numbers.ts). Range filters and range words in `q` apply to them.
const NUMERIC_SHARE = 0.9

export function isNumericKey(row: { plants: number; number_plants: number }): boolean {
  return row.number_plants > 0 && row.number_plants >= NUMERIC_SHARE * row.plants
}
