// The stylesheet's colours meet WCAG AA for body text (4.5:1) in every pairing the pages use.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { it } from 'node:test'

const css = readFileSync(new URL('../../src/web/public/hortus.css', import.meta.url), 'utf8')
/** The colour variables of the first `:root { … }` block in `text`. */
const paletteOf = (text: string): Record<string, string> =>
  Object.fromEntries(
    [...(/:root\s*\{([^}]*)\}/.exec(text)?.[1] ?? '').matchAll(/--([a-z-]+):\s*(#[0-9a-f]{6})/gi)].map(
      ([, name, value]) => [name!, value!],
    ),
  )
const DARK = '@media (prefers-color-scheme: dark)'
const palettes = { light: paletteOf(css), dark: paletteOf(css.slice(css.indexOf(DARK))) }

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}
const contrast = (variables: Record<string, string>, a: string, b: string): number => {
  const [light, dark] = [luminance(variables[a]!), luminance(variables[b]!)].sort((x, y) => y - x)
  return (light! + 0.05) / (dark! + 0.05)
}

for (const [scheme, palette] of Object.entries(palettes))
  it(`has at least 4.5:1 contrast for every text colour on every background it is shown on (${scheme})`, () => {
    assert.ok(css.includes(DARK), 'the stylesheet has a dark palette')
    const pairs: [text: string, background: string][] = [
      ['ink', 'paper'],
      ['muted', 'paper'],
      ['leaf', 'paper'],
      ['ink', 'panel'],
      ['muted', 'panel'],
      ['leaf', 'panel'],
      ['on-leaf', 'leaf'], // buttons
      ['on-leaf', 'problem'], // a button that blocks an account
      ['problem', 'paper'], // a field's problem
      ['problem', 'problem-panel'], // a refused form's notice
      ['ink', 'problem-panel'], // a word removed, in a diff
      ['ink', 'code-panel'], // code blocks
    ]
    for (const [text, background] of pairs)
      assert.ok(palette[text] && palette[background], `--${text} and --${background} are defined`)
    for (const [text, background] of pairs) {
      const ratio = contrast(palette, text, background)
      assert.ok(ratio >= 4.5, `${text} on ${background}: ${ratio.toFixed(2)}:1`)
    }
  })
