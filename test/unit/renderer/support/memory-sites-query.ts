// sites:query and workspace:scope for the renderer tests' in-memory core (memoryCore in
// fake-api.ts), answered THROUGH core's own query engine (src/core/query), so the renderer is
// tested against the real search, filters, facets, sort and keys, never a second copy of them.
// The tests keep their accounts as plain, mutable arrays; core's engine reads lists that never
// change (the store's are frozen until a write). So each account is copied when its content
// differs from the last copy, and that copy gets the next revision, as a write to the store would.
import {
  fail,
  ok,
  type Result,
  type ScopeSummary,
  type Site,
  type SiteEvent,
  type SiteManagerApi,
  type SitesPage,
  type SyncState,
  type Tag,
} from '../../../../src/shared'
import { querySites, scopeAccountSummary, scopeAccounts, type QueryAccount } from '../../../../src/core/query'
import { toAppError } from '../../../../src/core/errors'

/** What memoryCore holds of an account. */
export interface QueriedAccount {
  sites: Site[]
  tags: Tag[]
  events: SiteEvent[]
  sync: SyncState
}

/** The label an account has in the tests unless they say otherwise (makeAccount's). */
export const defaultLabel = (accountId: string): string => `Account ${accountId}`

export function memorySitesQuery(
  data: Record<string, QueriedAccount>,
  labelOf: (accountId: string) => string = defaultLabel,
): Pick<SiteManagerApi, 'sitesQuery' | 'workspaceScope'> {
  const copies = new Map<string, { content: string; account: QueryAccount }>()
  let writes = 0

  /** Every account as the engine reads it: the last copy while its content is unchanged. */
  function accounts(): QueryAccount[] {
    return Object.entries(data).map(([accountId, d]) => {
      const label = labelOf(accountId)
      const content = JSON.stringify([label, d.sites, d.tags, d.events.length, d.sync])
      const kept = copies.get(accountId)
      if (kept?.content === content) return kept.account
      const account: QueryAccount = { accountId, label, sites: structuredClone(d.sites), tags: structuredClone(d.tags), revision: ++writes }
      copies.set(accountId, { content, account })
      return account
    })
  }

  /** Core's answer, or its error as data (a scope naming an account the fake does not hold is not_found). */
  function answer<T>(work: () => T): Result<T> {
    try {
      return ok(work())
    } catch (thrown) {
      return fail(toAppError(thrown))
    }
  }

  return {
    sitesQuery: async (query) => answer<SitesPage>(() => querySites(accounts(), query)),
    workspaceScope: async ({ scope }) =>
      answer<ScopeSummary>(() => ({
        accounts: scopeAccounts(accounts(), scope).map((account) =>
          scopeAccountSummary(account, data[account.accountId]!.sync, data[account.accountId]!.events.length),
        ),
      })),
  }
}
