// What an extension event's text says. The spec gives the texts only as human-readable, so a
// version the text does not carry is null (shown as "unknown"), never guessed. Observed:
//   "Yoast SEO was updated from version 22.1 to 22.3."
//   "WooCommerce 8.5.2 was installed."

export interface UpdateText {
  extension: string
  from: string | null
  to: string | null
}

export interface InstallText {
  extension: string
  version: string | null
}

/** A token is a version when it holds a digit; a sentence's full stop is not part of it. */
function version(token: string | undefined): string | null {
  if (token === undefined) return null
  const trimmed = token.replace(/[.,;:]+$/, '')
  return /\d/.test(trimmed) ? trimmed : null
}

/** The token after `word` (and an optional "version"), if the text has one. */
function after(words: readonly string[], word: string): string | undefined {
  const at = words.indexOf(word)
  if (at < 0) return undefined
  const next = words[at + 1]
  return next === 'version' ? words[at + 2] : next
}

export function parseUpdateText(message: string): UpdateText {
  const text = message.trim()
  const at = text.search(/\s+was updated\b/)
  if (at <= 0) return { extension: text, from: null, to: null }
  const rest = text.slice(at).trim().split(/\s+/).slice(2)
  return { extension: text.slice(0, at), from: version(after(rest, 'from')), to: version(after(rest, 'to')) }
}

export function parseInstallText(message: string): InstallText {
  const text = message.trim()
  const at = text.search(/\s+was installed\b/)
  if (at <= 0) return { extension: text, version: null }
  const head = text.slice(0, at)
  const space = head.lastIndexOf(' ')
  const last = space > 0 ? version(head.slice(space + 1)) : null
  return last === null ? { extension: head, version: null } : { extension: head.slice(0, space), version: last }
}
