// The rows of the window index (plant_windows): each window of a plant's attributes, in the order of its
// data, written with the facet rows by every save, so "what to sow on this date" is an index range and not
// a parse of every plant.
import type { PlantWindowsTable } from '../db/schema.ts'
import { frostWindows } from './frost-windows.ts'

export function windowRows(
  plantId: number,
  data: readonly { key: string; value: string }[],
): PlantWindowsTable[] {
  return frostWindows(data).map((window, position) => ({
    plant_id: plantId,
    position,
    action: window.action,
    anchor: window.anchor,
    from_days: window.fromDays,
    to_days: window.toDays,
    note: window.note,
  }))
}
