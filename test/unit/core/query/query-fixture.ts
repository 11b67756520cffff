// The query engine's tests read what they query from a real SqliteWorkspaceStore, as core
// does: sites and tags are written with replaceSnapshot, and each query reads the store's
// (cached, frozen) lists back with the account's revision.
import { EMPTY_FILTER, type Site, type SiteFilter, type SitesPage, type SitesQuery, type Tag } from '../../../../src/shared'
import type { SqliteWorkspaceStore } from '../../../../src/core/store/sqlite-workspace-store'
import { SitesQueryEngine, type QueryAccount } from '../../../../src/core/query'
import { ACCOUNT_A, ACCOUNT_B, storesPerTest } from '../store/fixtures'

export { ACCOUNT_A, ACCOUNT_B }
export const LABELS: Record<string, string> = { [ACCOUNT_A]: 'Agency', [ACCOUNT_B]: 'Bakery group' }

const SYNCED_AT = '2026-11-02T10:00:00.000Z'

/** A store per test, with the accounts' sites and tags written in it; and a query runner over it. */
export async function queryFixture() {
  const { dirs, stores } = await storesPerTest()
  return async (accounts: Record<string, { sites: Site[]; tags?: Tag[] }>) => {
    const store = stores.open(await dirs.make())
    for (const [accountId, data] of Object.entries(accounts)) {
      store.replaceSnapshot(accountId, { sites: data.sites, tags: data.tags ?? [], syncedAt: SYNCED_AT })
    }
    return new QueryRunner(store)
  }
}

export class QueryRunner {
  engine = new SitesQueryEngine()
  constructor(readonly store: SqliteWorkspaceStore) {}

  accounts(scope: readonly string[]): QueryAccount[] {
    return scope.map((accountId) => ({
      accountId,
      label: LABELS[accountId] ?? accountId,
      sites: this.store.sites(accountId),
      tags: this.store.tags(accountId),
      revision: this.store.revision(accountId),
    }))
  }

  /** Every matching row (up to 1000) of the scope, by default account A alone, sorted by name. */
  page(query: Partial<Omit<SitesQuery, 'filter'>> & { filter?: Partial<SiteFilter> } = {}): SitesPage {
    const scope = query.scope ?? [ACCOUNT_A]
    return this.engine.query(this.accounts(scope), {
      sort: [],
      offset: 0,
      limit: 1000,
      ...query,
      scope,
      filter: { ...EMPTY_FILTER, ...query.filter },
    })
  }

  /** The ids of the matching sites, in the answer's order. */
  ids(filter: Partial<SiteFilter>, query: Partial<Omit<SitesQuery, 'filter'>> = {}): number[] {
    return this.page({ ...query, filter }).rows.map((row) => row.site.id)
  }

  /** The ids of the matching sites, ascending: for tests of what matches, not of the order. */
  found(filter: Partial<SiteFilter>, query: Partial<Omit<SitesQuery, 'filter'>> = {}): number[] {
    return this.ids(filter, query).sort((a, b) => a - b)
  }
}
