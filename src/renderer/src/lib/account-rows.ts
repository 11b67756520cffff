// The All accounts scope's rows: every account's sites in one list. Site ids (and tag ids)
// are only unique within an account, so each row gets an id of its own that is unique
// across accounts and the same from one snapshot (and one launch) to the next: the table,
// its selection, its search keys and its filters all key rows by a number, and keep working
// unchanged on these. What acts on a site (a link, a delete) uses the row's accountId and
// siteId, never its row id. Built once per snapshot change, never per keystroke.
import type { Account, Site, Tag } from '../../../shared'

/** A site as the All scope lists it: its own id in `siteId`, its row id in `id`. */
export interface AccountSite extends Site {
  accountId: string
  accountLabel: string
  /** The site's id in its account (the API's id). */
  siteId: number
}

// Row id = account number × 2^32 + the account's own id. Numbers stay exact (below 2^53) for
// up to two million accounts and site ids below four billion.
const ACCOUNT_STRIDE = 2 ** 32

/**
 * Each account's number in row ids: its place among the accounts ordered by id, from 1 (so
 * no row id equals a plain site id, which would hide a link that forgot the account).
 */
export function accountNumbers(accounts: readonly Pick<Account, 'id'>[]): Map<string, number> {
  const ids = accounts.map((a) => a.id).sort()
  return new Map(ids.map((id, index) => [id, index + 1]))
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
