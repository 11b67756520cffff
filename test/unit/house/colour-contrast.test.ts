// The colour tokens meet WCAG 2.2 AA in both themes: every text colour on every surface it is
// shown on (4.5:1), the input boundaries and the focus ring against every surface they sit on
// (3:1, non-text contrast). The pairs below are how the stylesheets use the tokens; a token
// change that breaks one fails here, before an audit finds it in the app.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contrast, readTokens, tokenColour, type Theme } from './css-colours'

const root = join(import.meta.dirname, '../../..')
const tokens = readTokens(readFileSync(join(root, 'src/renderer/src/styles/tokens.css'), 'utf8'))

const TEXT = 4.5
const NON_TEXT = 3

/** Where rows, menus, panels and the sidebar paint, in every state they have. */
const SURFACES = ['bg', 'bg-subtle', 'bg-sunken', 'bg-hover', 'bg-selected', 'bg-selected-hover', 'surface', 'sidebar-bg']

interface Pair {
  readonly text: string
  readonly on: readonly string[]
  readonly min: number
  readonly why: string
}

const PAIRS: readonly Pair[] = [
  { text: 'text', on: SURFACES, min: TEXT, why: 'body text everywhere' },
  { text: 'text-muted', on: SURFACES, min: TEXT, why: 'secondary text, icons, addresses on rows in every state' },
  { text: 'text-faint', on: [...SURFACES, 'neutral-soft'], min: TEXT, why: 'hints, key hints, times, "(optional)", "Never" on rows: still text' },
  { text: 'accent', on: ['bg', 'bg-subtle', 'bg-hover', 'surface', 'sidebar-bg', 'bg-selected'], min: TEXT, why: 'links and checked marks' },
  { text: 'accent-soft-text', on: ['accent-soft', 'bg-selected', 'bg-selected-hover'], min: TEXT, why: 'the current navigation entry, accent badges' },
  { text: 'accent-text', on: ['accent', 'accent-hover'], min: TEXT, why: 'the primary button' },
  { text: 'danger', on: ['bg', 'bg-subtle', 'bg-hover', 'surface', 'danger-soft'], min: TEXT, why: 'Remove, Delete and errors, highlighted in a menu too' },
  { text: 'danger-text', on: ['danger', 'danger-hover'], min: TEXT, why: 'the danger button (Delete 2 sites)' },
  { text: 'danger-soft-text', on: ['danger-soft'], min: TEXT, why: 'danger badges and notices' },
  { text: 'warning-soft-text', on: ['warning-soft'], min: TEXT, why: 'warning badges and banners' },
  { text: 'success-soft-text', on: ['success-soft', 'bg', 'bg-hover', 'bg-selected', 'bg-selected-hover'], min: TEXT, why: 'success badges, "published" on rows' },
  { text: 'neutral-soft-text', on: ['neutral-soft'], min: TEXT, why: 'neutral badges' },
  { text: 'bg', on: ['text'], min: TEXT, why: 'tooltips are the text colour with the background as text' },
  {
    text: 'avatar-text',
    on: ['avatar-1', 'avatar-2', 'avatar-3', 'avatar-4', 'avatar-5', 'avatar-6', 'avatar-7', 'avatar-8', 'avatar-demo'],
    min: TEXT,
    why: 'the initials on account avatars',
  },
  { text: 'focus-ring-colour', on: [...SURFACES, 'danger-soft', 'warning-soft', 'accent-soft'], min: NON_TEXT, why: 'the focus ring on every surface a control sits on' },
  { text: 'border-input', on: ['bg', 'bg-subtle', 'surface', 'sidebar-bg'], min: NON_TEXT, why: 'the boundary that shows where to type' },
]

describe.each<Theme>(['light', 'dark'])('the %s theme', (theme) => {
  it.each(PAIRS.map((pair) => [pair.text, pair]))('--%s reaches its contrast on every surface it is used on', (_name, pair) => {
    const failing = pair.on
      .map((surface) => ({ surface, ratio: contrast(tokenColour(tokens, pair.text, theme), tokenColour(tokens, surface, theme)) }))
      .filter(({ ratio }) => ratio < pair.min)
      .map(({ surface, ratio }) => `--${pair.text} on --${surface}: ${ratio.toFixed(2)}:1, needs ${pair.min}:1 (${pair.why})`)
    expect(failing).toEqual([])
  })

  it('has an opaque focus ring, so its contrast does not depend on what shows through', () => {
    expect(tokenColour(tokens, 'focus-ring-colour', theme)[3]).toBe(1)
  })
})

describe('the stylesheets', () => {
  it('write no colour of their own: every colour is a token, so the checks above cover it', () => {
    const rendererSource = join(root, 'src/renderer/src')
    const files = readdirSync(rendererSource, { recursive: true, encoding: 'utf8' }).filter(
      (file) => (file.endsWith('.vue') || file.endsWith('.css')) && !file.endsWith('tokens.css'),
    )
    expect(files.length).toBeGreaterThan(20)
    const literals = files.flatMap((file) => {
      const text = readFileSync(join(rendererSource, file), 'utf8')
      const styles = file.endsWith('.css') ? [text] : [...text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!)
      return styles
        .map((css) => css.replace(/\/\*[\s\S]*?\*\//g, ''))
        .flatMap((css) => [...css.matchAll(/#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|oklch|lab|lch)\(/gi)].map((m) => `${file}: ${m[0]}`))
    })
    expect(literals).toEqual([])
  })
})

describe('reading the tokens', () => {
  it('resolves light-dark(), var() and color-mix() per theme', () => {
    const sample = readTokens(':root {\n  --a: light-dark(#ffffff, #000);\n  --b: var(--a);\n  --c: color-mix(in srgb, var(--a) 50%, #000 50%);\n}\n')
    expect(tokenColour(sample, 'b', 'light')).toEqual([255, 255, 255, 1])
    expect(tokenColour(sample, 'b', 'dark')).toEqual([0, 0, 0, 1])
    expect(tokenColour(sample, 'c', 'light')).toEqual([127.5, 127.5, 127.5, 1])
  })

  it('measures the WCAG ratio: black on white is 21:1, a colour on itself 1:1', () => {
    expect(contrast([0, 0, 0, 1], [255, 255, 255, 1])).toBeCloseTo(21, 5)
    expect(contrast([138, 141, 150, 1], [138, 141, 150, 1])).toBe(1)
  })

  it('refuses a colour form it cannot read instead of skipping it', () => {
    expect(() => tokenColour(readTokens(':root {\n  --a: oklch(0.5 0.1 200);\n}\n'), 'a', 'light')).toThrow(/cannot read/)
  })
})
