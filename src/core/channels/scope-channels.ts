// sites:query and workspace:scope: the Sites table's rows and a scope's small facts, answered
// from the local store at once and without the network (DESIGN.md, "How data flows"). Every
// account of the scope must exist: a late call naming a removed account is not_found, naming it.
import type { ChannelHandlers } from '../../shared'
import { AppErrorException } from '../errors'
import { missingAccounts, querySites, scopeAccountSummary, type QueryAccount } from '../query'
import type { ChannelContext } from './context'
import { handle } from './handle'
import { readInSlices } from '../util/time-slicer'

export function scopeChannels(ctx: ChannelContext): Pick<ChannelHandlers, 'sites:query' | 'workspace:scope'> {
  const { accounts, workspace, sync, siteFindings } = ctx

  /** The scope's accounts as the store holds them, in the scope's order. */
  async function accountsOf(scope: readonly string[]): Promise<QueryAccount[]> {
    const records = await Promise.all(
      scope.map((accountId) =>
        accounts.requireAccount(accountId).catch((thrown: unknown) => {
          if (thrown instanceof AppErrorException && thrown.appError.code === 'not_found') return null
          throw thrown
        }),
      ),
    )
    const missing = scope.filter((_, at) => records[at] === null)
    if (missing.length > 0) throw missingAccounts(missing)
    // A cold account's list and findings take 50-200 ms to read: a request (on a launch, the page
    // itself) gets a turn between two accounts instead of waiting behind all of All accounts.
    return readInSlices(scope, (accountId, at) => ({
      accountId,
      label: records[at]!.label,
      sites: workspace.sites(accountId),
      tags: workspace.tags(accountId),
      revision: workspace.revision(accountId),
      ...(siteFindings ? { health: siteFindings(accountId) } : {}),
    }))
  }

  return {
    // querySites answers through the process's one engine (exports ask it too), so its caches
    // of the store's lists are kept once, whichever window or export asks.
    'sites:query': handle('sites:query', async (query) => querySites(await accountsOf(query.scope), query)),

    'workspace:scope': handle('workspace:scope', async ({ scope }) => ({
      accounts: (await accountsOf(scope)).map((account) =>
        scopeAccountSummary(account, sync.state(account.accountId), workspace.eventCount(account.accountId)),
      ),
    })),
  }
}
