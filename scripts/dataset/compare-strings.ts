// The one string order of the build: every list it writes is sorted with it, so the files are reproducible.

/** Code-point order: the same on every machine, unlike a locale collation. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
