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

/** The first of `base`, `base-2`, `base-3`, … that `isTaken` says is free. */
export async function uniqueSlug(base: string, isTaken: (slug: string) => Promise<boolean>): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`
    if (!(await isTaken(candidate))) return candidate
  }
}
