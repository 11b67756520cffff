// A scope is a list of accounts, everywhere: one account is a list of one, "All accounts" the
// list of every account. What a view lists (sites, events) is keyed by a string that names its
// account and its id in that account, because the API's ids are only unique within one server.

/** The accounts a view shows, in the switcher's order; never empty. */
export type Scope = readonly string[]

/** `accountId:siteId`: a site (a row of the table) anywhere in the app. */
export type RowKey = string

/** `accountId:eventId`: an event anywhere in the app. */
export type EventKey = string

/** `accountId:tagId`: a tag anywhere in the app (a tag filter of any scope). */
export type TagKey = string

/** The key of an account's site, event or tag. */
export function keyOf(accountId: string, id: number): string {
  return `${accountId}:${id}`
}

/** The account and id a key names; null for anything that is not a key. */
export function parseKey(key: string): { accountId: string; id: number } | null {
  const at = key.lastIndexOf(':')
  if (at <= 0) return null
  const digits = key.slice(at + 1)
  if (!/^\d{1,16}$/.test(digits)) return null
  const id = Number(digits)
  if (!Number.isSafeInteger(id) || id <= 0) return null
  return { accountId: key.slice(0, at), id }
}
