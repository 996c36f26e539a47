// Slugs are lower-case ASCII words joined by hyphens, made from the scientific and the common name.

// Letters that Unicode does not decompose into a base letter plus a mark.
const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ŀ: 'l',
  ħ: 'h',
}

export function slugify(...parts: string[]): string {
  const ascii = parts
    .join(' ')
    .toLowerCase()
    .replace(/[ßæœøłđðþıŀħ]/g, (letter) => SPECIAL_LETTERS[letter] ?? '')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
  const words = ascii.match(/[a-z0-9]+/g) ?? []
  // Keep slugs URL-friendly in length; a suffix may still be added for uniqueness.
  return words.join('-').slice(0, 80).replace(/-+$/, '') || 'plant'
}

/** The first of `base`, `base-2`, `base-3`, … that is not in `taken`; `taken` may hold any other slugs
 * too (the repository sends every slug in the range from `base` to `base-…`). */
export function firstFreeSlug(base: string, taken: Iterable<string>): string {
  const prefix = `${base}-`
  const used = new Set<number>()
  for (const slug of taken) {
    if (slug === base) used.add(1)
    else if (slug.startsWith(prefix) && /^[1-9][0-9]*$/.test(slug.slice(prefix.length))) {
      // `base-1` is never a suffix this makes (it may be another plant's own slug), so it frees nothing.
      const n = Number(slug.slice(prefix.length))
      if (n >= 2) used.add(n)
    }
  }
  let n = 1
  while (used.has(n)) n++
  return n === 1 ? base : `${prefix}${n}`
}
