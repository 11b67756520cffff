// Whether a stylesheet can style anything in a kept screen's markup, read from its selectors: a
// selector can match an element only where every scope mark (Vue's data-v-…) and class it names
// outside parentheses is in the markup. A lazy view's or dialog's stylesheet shares class names
// with the screen's (".input", ".btn", ".kbd") but not its scope marks, so asking for every name
// of a selector, not any name of the sheet, leaves it out: each stylesheet the page links holds
// back the page's first paint and scripts until it has loaded.
//
// Written for the build's minified CSS, not as a general CSS parser: it finds rule preludes by
// braces (skipping strings and comments), reads the rules inside @media, @supports, @layer and
// @container, and skips the blocks of other at-rules (@keyframes, @font-face: they select nothing).

/** Each selector's required names (scope marks and classes); an empty list: it names none, so it may match anything. */
export type SelectorKeys = readonly (readonly string[])[]

/** At-rules whose block holds rules (the others' blocks hold declarations or keyframes). */
const GROUPING_AT_RULES = new Set(['media', 'supports', 'layer', 'container', 'scope', 'document'])
/** Vue's scoped-style marks: attributes in markup, attribute selectors in a stylesheet. */
const SCOPE_MARK = /data-v-[0-9a-f]{8}/g
const CLASS_SELECTOR = /\.(-?[_a-zA-Z][_a-zA-Z0-9-]*)/g
const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g

/** What each selector of the stylesheet requires of the markup it styles. */
export function selectorKeys(css: string): SelectorKeys {
  const selectors: string[][] = []
  // For each open block: whether it holds rules (the top level, @media…) or anything else.
  const holdsRules: boolean[] = [true]
  let prelude = ''
  for (let at = 0; at < css.length; at++) {
    const char = css[at]!
    const inRules = holdsRules[holdsRules.length - 1]!
    if (char === '/' && css[at + 1] === '*') {
      const end = css.indexOf('*/', at + 2)
      at = end === -1 ? css.length : end + 1
    } else if (char === '"' || char === "'") {
      const end = stringEnd(css, at)
      if (inRules) prelude += css.slice(at, end + 1)
      at = end
    } else if (char === '{') {
      const text = prelude.trim()
      prelude = ''
      if (!inRules) holdsRules.push(false)
      else if (text.startsWith('@')) holdsRules.push(GROUPING_AT_RULES.has(/^@([\w-]+)/.exec(text)?.[1]?.toLowerCase() ?? ''))
      else {
        selectors.push(...splitSelectors(text).map(requiredKeys))
        holdsRules.push(false)
      }
    } else if (char === '}') {
      if (holdsRules.length > 1) holdsRules.pop()
      prelude = ''
    } else if (char === ';') {
      prelude = ''
    } else if (inRules) {
      prelude += char
    }
  }
  return selectors
}

/** The scope marks and class names a markup holds (what stylesAny is given). */
export function markupKeys(html: string): Set<string> {
  const keys = new Set(html.match(SCOPE_MARK) ?? [])
  for (const match of html.matchAll(CLASS_ATTRIBUTE)) for (const name of match[1]!.split(/\s+/)) if (name !== '') keys.add(name)
  return keys
}

/** Whether some selector's every required name is in `present`. */
export function stylesAny(selectors: SelectorKeys, present: ReadonlySet<string>): boolean {
  return selectors.some((keys) => keys.every((key) => present.has(key)))
}

/** The index of the quote closing the string that opens at `from` (the last index when it never closes). */
function stringEnd(css: string, from: number): number {
  const quote = css[from]
  for (let at = from + 1; at < css.length; at++) {
    if (css[at] === '\\') at++
    else if (css[at] === quote) return at
  }
  return css.length - 1
}

/** A selector list's selectors: split at its commas outside parentheses and brackets. */
function splitSelectors(list: string): string[] {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let at = 0; at < list.length; at++) {
    const char = list[at]
    if (char === '(' || char === '[') depth++
    else if (char === ')' || char === ']') depth = Math.max(0, depth - 1)
    else if (char === ',' && depth === 0) {
      parts.push(list.slice(start, at))
      start = at + 1
    }
  }
  parts.push(list.slice(start))
  return parts.map((part) => part.trim()).filter((part) => part !== '')
}

/**
 * The names a selector requires: its scope marks, and its classes outside parentheses (one in
 * :not() or :is() is not required). A selector with an escape names no class for certain: it
 * requires nothing, so it is never taken for one that cannot match.
 */
function requiredKeys(selector: string): string[] {
  if (selector.includes('\\')) return []
  const outside = withoutParentheses(selector)
  // Marks are attribute selectors ([data-v-…]); classes are read with every attribute selector taken out.
  const marks = outside.match(SCOPE_MARK) ?? []
  const classes = Array.from(outside.replace(/\[[^\]]*\]/g, ' ').matchAll(CLASS_SELECTOR), (match) => match[1]!)
  return [...new Set([...marks, ...classes])]
}

/** The selector with every parenthesized part (and what it holds) taken out. */
function withoutParentheses(selector: string): string {
  let depth = 0
  let kept = ''
  for (const char of selector) {
    if (char === '(') depth++
    else if (char === ')') depth = Math.max(0, depth - 1)
    else if (depth === 0) kept += char
  }
  return kept
}
