// One rule for JSON nested too deep, for every side that parses text it did not write: core
// reading the API's answers, the web shell reading the page's frames. Nothing the app sends or
// receives nests deeper than a handful of levels (envelope, data, site, tags, tag), and V8's
// JSON.parse spends about 0.6 s on 5 MiB of "[[[[…" (more under load), all of it blocking the
// process that parses; so deeper text is refused after one cheap scan, before parsing.
export const MAX_JSON_DEPTH = 64

/** True when `text` opens more than `max` arrays or objects inside each other (strings skipped). */
export function nestedTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c) i++ // a backslash escapes the next character
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true
    } else if (c === 0x5d || c === 0x7d) depth--
  }
  return false
}
