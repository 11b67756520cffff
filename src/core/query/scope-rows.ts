// The rows of one scope: every site of its accounts, in the scope's order, numbered 0..size-1
// across accounts (a row number is an account's start plus the site's place in its list).
// Everything the engine derives for a scope (search keys in row order, facet columns, sort
// ranks) is made on first use and kept here, so it lives exactly as long as this set of lists.
import { keyOf, type HealthFinding, type RowKey, type Site, type Tag } from '../../shared'
import { siteListIndex, type SiteListIndex } from './site-list-index'

/** One account of a scope as the engine reads it. Lists are never changed: a write makes new ones. */
export interface QueryAccount {
  accountId: string
  /** As the person named the account: the Account column, its sort and its facet. */
  label: string
  /** The store's list (the same array until the account is written). */
  sites: readonly Site[]
  tags: readonly Tag[]
  /** The store's revision of the account (WorkspaceStore.revision). */
  revision: number
  /**
   * What core's health checks found, by site id (core/health/site-findings.ts): the same map
   * until a finding changes, so a new one starts the scope's caches over. Absent: none.
   */
  health?: ReadonlyMap<number, readonly HealthFinding[]>
}

export class ScopeRows {
  readonly size: number
  readonly lists: readonly SiteListIndex[]
  /** Each row's account, as its place in `accounts`. */
  readonly rowAccount: Uint16Array
  /** Where each account's rows start; one more entry, the size, at the end. */
  private readonly starts: Int32Array
  private readonly accountIndexes: Map<string, number>
  private readonly derived = new Map<string, unknown>()

  constructor(readonly accounts: readonly QueryAccount[]) {
    this.lists = accounts.map((account) => siteListIndex(account.sites))
    this.starts = new Int32Array(accounts.length + 1)
    for (let a = 0; a < accounts.length; a++) this.starts[a + 1] = this.starts[a]! + accounts[a]!.sites.length
    this.size = this.starts[accounts.length]!
    this.rowAccount = new Uint16Array(this.size)
    for (let a = 0; a < accounts.length; a++) this.rowAccount.fill(a, this.starts[a]!, this.starts[a + 1]!)
    this.accountIndexes = new Map(accounts.map((account, a) => [account.accountId, a]))
  }

  site(row: number): Site {
    const a = this.rowAccount[row]!
    return this.accounts[a]!.sites[row - this.starts[a]!]!
  }

  key(row: number): RowKey {
    return keyOf(this.accounts[this.rowAccount[row]!]!.accountId, this.site(row).id)
  }

  /** The place of an account in the scope; -1 when the scope has no such account. */
  accountIndexOf(accountId: string): number {
    return this.accountIndexes.get(accountId) ?? -1
  }

  /** The row of an account's site; -1 when the scope has no such row. */
  rowOf(accountId: string, siteId: number): number {
    const a = this.accountIndexOf(accountId)
    if (a === -1) return -1
    const at = this.lists[a]!.positionOf(siteId)
    return at === undefined ? -1 : this.starts[a]! + at
  }

  /** Every row's search key, in row order (an account's own list when the scope is one account). */
  searchKeys(): readonly string[] {
    if (this.lists.length === 1) return this.lists[0]!.searchKeys()
    return this.derive('searchKeys', () => this.lists.flatMap((list) => list.searchKeys()))
  }

  /** The rows whose search key holds the word, ascending. */
  rowsWith(word: string): Int32Array {
    const rows = new Int32Array(this.size)
    let count = 0
    this.lists.forEach((list, a) => {
      count += list.searchText().placesWith(word, rows, count, this.starts[a]!)
    })
    return rows.slice(0, count)
  }

  /** Every row, ascending. */
  everyRow(): Int32Array {
    return this.derive('everyRow', () => {
      const every = new Int32Array(this.size)
      for (let row = 0; row < this.size; row++) every[row] = row
      return every
    })
  }

  /** A value derived from these rows, made by `build` the first time and kept with them. */
  derive<T>(name: string, build: () => T): T {
    if (!this.derived.has(name)) this.derived.set(name, build())
    return this.derived.get(name) as T
  }
}
