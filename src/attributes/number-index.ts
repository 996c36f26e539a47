// The range index (plant_numbers: the span of every number or range in an attribute value,
// attribute-numbers.ts), kept by every save as one PlantIndex. The registry's count of plants with a number
// per key is the facet index's (attribute-tally.ts).
import { ownRowsIndex } from '../plants/plant-index.ts'
import { numberRows } from './attribute-numbers.ts'

export const numberIndex = ownRowsIndex('numbers', 'plant_numbers', numberRows)
