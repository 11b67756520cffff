// The All accounts scope's rows: every account's sites in one list. Site ids (and tag ids)
// are only unique within an account, so each row gets an id of its own that is unique
// across accounts and the same from one snapshot (and one launch) to the next: the table,
// its selection, its search keys and its filters all key rows by a number, and keep working
// unchanged on these. What acts on a site (a link, a delete) uses the row's accountId and
// siteId, never its row id. Built once per snapshot change, never per keystroke.
import type { Account, Site, Tag } from '../../../shared'
import { hashId } from './account-colour'

/** A site as the All scope lists it: its own id in `siteId`, its row id in `id`. */
export interface AccountSite extends Site {
  accountId: string
  accountLabel: string
  /** The site's id in its account (the API's id). */
  siteId: number
}

// Row id = account number × 2^32 + the account's own id. Numbers stay exact (below 2^53) for
// account numbers below two million and site ids below four billion.
const ACCOUNT_STRIDE = 2 ** 32

// Account numbers come from a hash of the account's id, so they stay the same when another
// account is added or removed (a selection or filter in an address keeps meaning the same
// rows); two ids hashing alike take the next free number, in id order.
const ACCOUNT_NUMBERS = 1_000_000

/** Each account's number in row ids, from 1 (so no row id equals a plain site id, which would hide a link that forgot the account). */
export function accountNumbers(accounts: readonly Pick<Account, 'id'>[]): Map<string, number> {
  const ids = accounts.map((a) => a.id).sort()
  const used = new Set<number>()
  const numbers = new Map<string, number>()
  for (const id of ids) {
    let number = (hashId(id) % ACCOUNT_NUMBERS) + 1
    while (used.has(number)) number++
    used.add(number)
    numbers.set(id, number)
  }
  return numbers
}

export function rowIdOf(accountNumber: number, id: number): number {
  return accountNumber * ACCOUNT_STRIDE + id
}

/** Which account's which site a row id is, without needing the rows (null: no such account). */
export function decodeRowId(rowId: number, accounts: readonly Pick<Account, 'id'>[]): { accountId: string; siteId: number } | null {
  const number = Math.floor(rowId / ACCOUNT_STRIDE)
  for (const [id, n] of accountNumbers(accounts)) if (n === number) return { accountId: id, siteId: ownIdOf(rowId) }
  return null
}

/** The id an account's site or tag had before it became a row id. */
export function ownIdOf(rowId: number): number {
  return rowId % ACCOUNT_STRIDE
}

export interface AccountSites {
  account: Pick<Account, 'id' | 'label'>
  sites: readonly Site[]
}

/** One account's sites as rows; their tags get row ids the same way (a tag filter stays per account). */
export function accountRows(account: Pick<Account, 'id' | 'label'>, accountNumber: number, sites: readonly Site[]): AccountSite[] {
  const tagOf = (tag: Tag): Tag => ({ ...tag, id: rowIdOf(accountNumber, tag.id) })
  return sites.map((site) => ({
    ...site,
    id: rowIdOf(accountNumber, site.id),
    tags: site.tags.map(tagOf),
    accountId: account.id,
    accountLabel: account.label,
    siteId: site.id,
  }))
}

/** Is this a row of the All scope (rather than a plain site of one account)? */
export function isAccountSite(site: Site): site is AccountSite {
  return typeof (site as Partial<AccountSite>).accountId === 'string'
}

/** Which account and which site a row is, whichever list it comes from. */
export function siteRefOf(site: Site, fallbackAccountId: string | null): { accountId: string | null; siteId: number } {
  return isAccountSite(site) ? { accountId: site.accountId, siteId: site.siteId } : { accountId: fallbackAccountId, siteId: site.id }
}

/** The account's label of a row, '' for a plain site (the Account column of an export). */
export function accountLabelOf(site: Site): string {
  return isAccountSite(site) ? site.accountLabel : ''
}
