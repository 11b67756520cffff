// What a search looks in and what it looks for. A site's search key is every column's text in
// one lower-cased string, built once per stored site list (site-list-index.ts), so a keystroke
// only runs `includes` over ready strings; the typed words are normalised the same way.
import type { Site } from '../../shared'

/** Lower-cases and drops the scheme, so "https://shop" and "shop" both find shop.example. */
function normalize(text: string): string {
  return text.toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
}

// Between the fields of a key: no typed word contains it (words are split on whitespace and
// control characters), so a match never spans two fields.
const FIELD_BREAK = '\u0001'

/** The text a search looks in for one site: every column the table shows, lower-cased, addresses without their scheme. */
export function searchKeyOf(site: Site): string {
  const parts: string[] = [site.name, normalize(site.url)]
  if (site.admin_url) parts.push(normalize(site.admin_url))
  if (site.status) parts.push(site.status)
  for (const tag of site.tags) parts.push(tag.name)
  const { ip, web, php, mysql } = site.server
  for (const value of [ip, web, php, mysql]) if (value) parts.push(value)
  if (site.notes) parts.push(site.notes)
  return parts.join(FIELD_BREAK).toLowerCase()
}

/**
 * The words of a query, each lower-cased and without a scheme; none for a blank query.
 * Control characters part words too, so no word holds the break between two fields of a key.
 */
export function searchWords(search: string): string[] {
  return search
    .split(/[\s\p{Cc}]+/u)
    .filter((word) => word !== '')
    .map(normalize)
    .filter((word) => word !== '')
}

/** True when the key holds every word. */
export function matchesWords(key: string, words: readonly string[]): boolean {
  for (const word of words) if (!key.includes(word)) return false
  return true
}

/**
 * True when every site matching `next` also matches `previous`: each earlier word is part of
 * some new word ("sho" -> "shop", "shop" -> "shop vip"). Then the previous result holds
 * every site the new query can find, and only it needs to be searched again.
 */
export function narrows(previous: readonly string[], next: readonly string[]): boolean {
  return previous.every((old) => next.some((word) => word.includes(old)))
}
