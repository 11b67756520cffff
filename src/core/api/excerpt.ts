// A short, readable piece of a response body for error messages. The token is blanked out
// before anything else happens: a misconfigured server or proxy may echo request headers into
// an error page, and error messages travel to the renderer and into logs.
//
// Only a bounded prefix of the body is read, and every step is one forward scan: a body may be
// megabytes of anything (the transport lets 5 MiB through), and tag-stripping regexes such as
// /<[^>]*>/g over all of it take time growing with the square of its length (200 KB of "<"
// froze core for 14 s). 120 readable characters are nearly always within the first 4 KB.

const MAX_EXCERPT = 120
/** Characters of the body an excerpt is taken from. */
export const EXCERPT_PREFIX_CHARS = 4096

export function redact(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) {
    if (secret !== '') out = out.split(secret).join('[redacted]')
  }
  return out
}

/**
 * Where to cut the body near `at` so that no secret is cut in half: a half is not found by
 * redact() and would show. The cut moves past any secret that straddles it.
 */
function safeCut(body: string, at: number, secrets: readonly string[]): number {
  let end = Math.min(at, body.length)
  for (let moved = true; moved; ) {
    moved = false
    for (const secret of secrets) {
      if (secret === '' || end >= body.length) continue
      const from = Math.max(0, end - secret.length + 1)
      const found = body.slice(from, end + secret.length - 1).indexOf(secret)
      if (found !== -1 && from + found < end && from + found + secret.length > end) {
        end = from + found + secret.length
        moved = true
      }
    }
  }
  return end
}

/** The text between <title ...> and </title>, if the page has both; undefined otherwise. */
function titleOf(html: string): string | undefined {
  const open = /<title\b/i.exec(html)
  if (!open) return undefined
  const start = html.indexOf('>', open.index)
  if (start === -1) return undefined
  const close = /<\/title\s*>/gi
  close.lastIndex = start + 1
  const end = close.exec(html)
  return end ? html.slice(start + 1, end.index) : undefined
}

/**
 * The text with tags, scripts and styles removed, in one forward scan. A "<" counts as a tag
 * only before a letter, "/", "!" or "?" ("3 < 4" is text); a tag that never closes leaves the
 * rest as it is, as the regexes this replaces did.
 */
function withoutTags(html: string): string {
  const parts: string[] = []
  const tagStart = /<[a-z/!?]/gi
  let at = 0
  for (;;) {
    tagStart.lastIndex = at
    const found = tagStart.exec(html)
    if (!found) break
    const open = found.index
    const close = html.indexOf('>', open + 1)
    if (close === -1) break
    parts.push(html.slice(at, open), ' ')
    at = close + 1
    const raw = /^<(script|style)\b/i.exec(html.slice(open, open + 7))?.[1]
    if (raw !== undefined) {
      // Script and style bodies are code, not words: skip to their end tag.
      const end = new RegExp(`</${raw}\\b[^>]{0,64}>`, 'gi')
      end.lastIndex = at
      const ended = end.exec(html)
      if (!ended) return parts.join('')
      at = ended.index + ended[0].length
    }
  }
  parts.push(html.slice(at))
  return parts.join('')
}

function readableText(body: string): string {
  const text = titleOf(body) ?? withoutTags(body)
  return text.replace(/\s+/g, ' ').trim()
}

export function excerpt(body: string, secrets: readonly string[]): string {
  const head = redact(body.slice(0, safeCut(body, EXCERPT_PREFIX_CHARS, secrets)), secrets)
  const text = readableText(head)
  if (text === '') return '(empty body)'
  // Redact again: removing tags may have joined the pieces of a secret back together.
  const clean = redact(text, secrets)
  return clean.length > MAX_EXCERPT ? `${clean.slice(0, MAX_EXCERPT)}…` : clean
}
