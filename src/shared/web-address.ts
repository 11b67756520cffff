// The one check of a web address, for every place that takes one: a site's address in the New
// site form, core and the reference server, a link the renderer shows, and the shells' last
// check before the OS opens something. Only http(s) counts: file:, javascript:, data: or a
// custom scheme could run or open something local. No dependency, so any bundle may import it.

/** The longest address opened or accepted anywhere (browsers' own practical limit). */
export const WEB_ADDRESS_MAX = 2048

/** What is wrong with a value that is not one, worded to follow a field's label ("Address …"). */
export const NOT_A_WEB_ADDRESS = 'must be a full address starting with http:// or https://'

/** True for an absolute http:// or https:// address with a host, written without spaces. */
export function isWebAddress(value: string): boolean {
  // A space is never part of an address as typed; URL would quietly encode or drop it.
  if (value === '' || /\s/.test(value)) return false
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
}

/** A host name as typed: labels of letters, digits and hyphens, joined by dots (a port may follow). */
const HOST = /^(?!-)[\p{L}\p{N}-]+(?<!-)(\.(?!-)[\p{L}\p{N}-]+(?<!-))*\.?(:\d{1,5})?$/u

/**
 * "https://harbor-hardware" for "harbor-hardware" (or "https://harbor-hardware.com/shop" for
 * "harbor-hardware.com/shop"): the address meant by a host typed without its scheme. Null when
 * the value has a scheme, is empty, or is not a host.
 */
export function suggestWebAddress(value: string): string | null {
  const trimmed = value.trim().replace(/^\/\//, '')
  if (trimmed === '' || /^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) || /\s/.test(trimmed)) return null
  const host = trimmed.split(/[/?#]/)[0] ?? ''
  if (!HOST.test(host)) return null
  const suggestion = `https://${trimmed}`
  return isWebAddress(suggestion) ? suggestion : null
}
