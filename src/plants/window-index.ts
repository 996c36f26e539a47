// The window index (plant_windows: every sowing and planting window of a plant's attributes, window-rows.ts),
// kept by every save as one PlantIndex.
import { ownRowsIndex } from './plant-index.ts'
import { windowRows } from './window-rows.ts'

export const windowIndex = ownRowsIndex('windows', 'plant_windows', windowRows)
