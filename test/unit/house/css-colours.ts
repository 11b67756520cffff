// Reads the colour tokens of src/renderer/src/styles/tokens.css as a theme sees them, and
// measures WCAG contrast between two of them: what colour-contrast.test.ts checks. It knows the
// few forms the tokens are written in: #rgb, #rrggbb, #rrggbbaa, light-dark(light, dark),
// var(--other) and color-mix(in srgb, a p%, b q%); anything else is refused by name, so a new
// form is taught here rather than silently skipped.

export type Theme = 'light' | 'dark'
/** Red, green, blue 0-255 and alpha 0-1. */
export type Rgba = readonly [number, number, number, number]

/** The custom properties of the first `:root { ... }` block, by name (without the dashes). */
export function readTokens(css: string): Map<string, string> {
  const block = /:root\s*\{([\s\S]*?)\n\}/.exec(stripComments(css))
  if (!block) throw new Error('No :root block in the tokens')
  const tokens = new Map<string, string>()
  for (const match of block[1]!.matchAll(/--([\w-]+)\s*:\s*([^;]+);/g)) tokens.set(match[1]!, match[2]!.trim().replace(/\s+/g, ' '))
  return tokens
}

function stripComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, '')
}

/** A token's colour in a theme, with var() and light-dark() resolved. */
export function tokenColour(tokens: Map<string, string>, name: string, theme: Theme): Rgba {
  const value = tokens.get(name)
  if (value === undefined) throw new Error(`No token --${name}`)
  return parseColour(value, tokens, theme)
}

export function parseColour(value: string, tokens: Map<string, string>, theme: Theme): Rgba {
  const text = value.trim()
  const reference = /^var\(--([\w-]+)\)$/.exec(text)
  if (reference) return tokenColour(tokens, reference[1]!, theme)
  if (text.startsWith('#')) return parseHex(text)
  const call = /^([\w-]+)\((.*)\)$/.exec(text)
  if (call?.[1] === 'light-dark') {
    const [light, dark] = splitArguments(call[2]!)
    if (light === undefined || dark === undefined) throw new Error(`light-dark() needs two colours: ${text}`)
    return parseColour(theme === 'light' ? light : dark, tokens, theme)
  }
  if (call?.[1] === 'color-mix') return parseMix(call[2]!, tokens, theme)
  throw new Error(`A colour form this check cannot read: ${text}`)
}

function parseHex(text: string): Rgba {
  const digits = text.slice(1)
  const full = digits.length === 3 || digits.length === 4 ? [...digits].map((d) => d + d).join('') : digits
  if (!/^[0-9a-f]{6}([0-9a-f]{2})?$/i.test(full)) throw new Error(`Not a hex colour: ${text}`)
  const part = (i: number) => parseInt(full.slice(i, i + 2), 16)
  return [part(0), part(2), part(4), full.length === 8 ? part(6) / 255 : 1]
}

/** color-mix(in srgb, <colour> p%, <colour> q%): the two weighted, as sRGB mixes them. */
function parseMix(args: string, tokens: Map<string, string>, theme: Theme): Rgba {
  const [space, first, second] = splitArguments(args)
  if (space !== 'in srgb' || first === undefined || second === undefined) throw new Error(`Only color-mix(in srgb, a p%, b q%) is read: ${args}`)
  const weighted = (part: string): [Rgba, number | null] => {
    const match = /^(.*?)(?:\s+([\d.]+)%)?$/.exec(part)!
    return [parseColour(match[1]!, tokens, theme), match[2] === undefined ? null : Number(match[2]) / 100]
  }
  const [a, pa] = weighted(first)
  const [b, pb] = weighted(second)
  const wa = pa ?? 1 - (pb ?? 0.5)
  const wb = pb ?? 1 - wa
  return [0, 1, 2, 3].map((i) => a[i]! * wa + b[i]! * wb) as unknown as Rgba
}

/** Splits on the commas at the top level of the parentheses. */
function splitArguments(args: string): string[] {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '(') depth++
    else if (args[i] === ')') depth--
    else if (args[i] === ',' && depth === 0) {
      parts.push(args.slice(start, i).trim())
      start = i + 1
    }
  }
  parts.push(args.slice(start).trim())
  return parts
}

/** A colour with alpha painted over an opaque one. */
export function over(top: Rgba, below: Rgba): Rgba {
  const a = top[3]
  return [0, 1, 2].map((i) => top[i]! * a + below[i]! * (1 - a)).concat(1) as unknown as Rgba
}

function luminance([r, g, b]: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/** The WCAG 2 contrast ratio of a colour on an opaque background (1 to 21). */
export function contrast(foreground: Rgba, background: Rgba): number {
  const [high, low] = [luminance(over(foreground, background)), luminance(background)].sort((x, y) => y - x) as [number, number]
  return (high + 0.05) / (low + 0.05)
}
