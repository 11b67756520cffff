// Whether a stylesheet can style anything in a kept screen's markup, read from its selectors: a
// selector can match an element only where every scope mark (Vue's data-v-…) and class it names
// outside parentheses is in the markup. A lazy view's or dialog's stylesheet shares class names
// with the screen's (".input", ".btn", ".kbd") but not its scope marks, so asking for every name
// of a selector, not any name of the sheet, leaves it out: each stylesheet the page links holds
// back the page's first paint and scripts until it has loaded.
//
// Written for the build's minified CSS, not as a general CSS parser: it finds rules by their
// braces (skipping strings and comments), reads the rules inside @media, @supports, @layer and
// @container, and keeps the blocks of other at-rules whole (@keyframes, @font-face: they select
// nothing). The rules are kept as text too, for the picture's own <style> (picture-styles.ts).

/** Each selector's required names (scope marks and classes); an empty list: it names none, so it may match anything. */
export type SelectorKeys = readonly (readonly string[])[]

/** At-rules whose block holds rules (the others' blocks hold declarations or keyframes). */
const GROUPING_AT_RULES = new Set(['media', 'supports', 'layer', 'container', 'scope', 'document'])
/** Vue's scoped-style marks: attributes in markup, attribute selectors in a stylesheet. */
const SCOPE_MARK = /data-v-[0-9a-f]{8}/g
const CLASS_SELECTOR = /\.(-?[_a-zA-Z][_a-zA-Z0-9-]*)/g
const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g
/** The pseudo-classes of a pointer or keyboard at work, each read whole (":focus-visible", not ":focus" of it). */
const INTERACTION_STATE = /:(?:hover|active|focus(?:-visible|-within)?)(?![\w-])/g

/** A rule and the names each of its selectors requires of the markup. */
export interface StyleRule {
  readonly kind: 'rule'
  readonly keys: SelectorKeys
  /** The whole rule: its selectors and its block. */
  readonly text: string
}

/** A grouping at-rule (@media, @supports…) and the rules inside it. */
export interface StyleGroup {
  readonly kind: 'group'
  readonly prelude: string
  readonly items: readonly StyleItem[]
}

/** Any other at-rule (@keyframes, @font-face, @property, @layer a, b;), whole: it selects nothing. */
export interface StyleOther {
  readonly kind: 'other'
  readonly text: string
}

export type StyleItem = StyleRule | StyleGroup | StyleOther

/** A stylesheet read once: its items, and what each of its selectors requires (itemKeys of them). */
export interface ReadStylesheet {
  readonly items: readonly StyleItem[]
  readonly keys: SelectorKeys
}

/** A stylesheet read into its top-level rules and at-rules, in order. */
export function parseStyleItems(css: string): StyleItem[] {
  return readItems(css, 0, css.length)
}

/** What each selector of the stylesheet requires of the markup it styles. */
export function selectorKeys(css: string): SelectorKeys {
  return itemKeys(parseStyleItems(css))
}

/** What each selector of the items requires, in order. */
export function itemKeys(items: readonly StyleItem[]): SelectorKeys {
  const keys: (readonly string[])[] = []
  for (const item of items) {
    if (item.kind === 'rule') keys.push(...item.keys)
    else if (item.kind === 'group') keys.push(...itemKeys(item.items))
  }
  return keys
}

function readItems(css: string, from: number, to: number): StyleItem[] {
  const items: StyleItem[] = []
  let start = from
  for (let at = from; at < to; at++) {
    const char = css[at]!
    if (char === '/' && css[at + 1] === '*') {
      const end = css.indexOf('*/', at + 2)
      at = end === -1 ? to : end + 1
    } else if (char === '"' || char === "'") {
      at = stringEnd(css, at)
    } else if (char === ';') {
      // A statement at-rule (@import, @charset, @layer a, b;); a stray semicolon is dropped.
      const text = withoutComments(css.slice(start, at + 1)).trim()
      if (text.startsWith('@')) items.push({ kind: 'other', text })
      start = at + 1
    } else if (char === '{') {
      const close = blockEnd(css, at, to)
      const prelude = withoutComments(css.slice(start, at)).trim()
      const block = css.slice(at, close + 1)
      if (prelude.startsWith('@')) {
        const name = /^@([\w-]+)/.exec(prelude)?.[1]?.toLowerCase() ?? ''
        if (GROUPING_AT_RULES.has(name)) items.push({ kind: 'group', prelude, items: readItems(css, at + 1, close) })
        else items.push({ kind: 'other', text: `${prelude}${block}` })
      } else if (prelude !== '') {
        items.push({ kind: 'rule', keys: splitSelectors(prelude).map(requiredKeys), text: `${prelude}${block}` })
      }
      at = close
      start = close + 1
    } else if (char === '}') {
      // A close with no open block: whatever came before it is no rule.
      start = at + 1
    }
  }
  return items
}

/** The index of the brace closing the block that opens at `open` (the block's last index, `to` - 1, when it never closes). */
function blockEnd(css: string, open: number, to: number): number {
  let depth = 0
  for (let at = open; at < to; at++) {
    const char = css[at]
    if (char === '/' && css[at + 1] === '*') {
      const end = css.indexOf('*/', at + 2)
      at = end === -1 ? to : end + 1
    } else if (char === '"' || char === "'") at = stringEnd(css, at)
    else if (char === '{') depth++
    else if (char === '}' && --depth === 0) return at
  }
  return to - 1
}

function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '')
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
 * :not() or :is() is not required), and the state of an element a person is pointing at or
 * working in (:hover, :focus…, :active) as a name of its own, ":hover": no markup holds that
 * name, and a kept screen is inert, so no element in it is ever in such a state. A selector with
 * an escape names no class for certain: it requires nothing, so it is never taken for one that
 * cannot match.
 */
function requiredKeys(selector: string): string[] {
  if (selector.includes('\\')) return []
  const outside = withoutParentheses(selector)
  // Marks are attribute selectors ([data-v-…]); classes and states are read with every attribute selector taken out.
  const marks = outside.match(SCOPE_MARK) ?? []
  const rest = outside.replace(/\[[^\]]*\]/g, ' ')
  const classes = Array.from(rest.matchAll(CLASS_SELECTOR), (match) => match[1]!)
  const states = rest.match(INTERACTION_STATE) ?? []
  return [...new Set([...marks, ...classes, ...states])]
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
