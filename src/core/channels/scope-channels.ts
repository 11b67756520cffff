// sites:query and workspace:scope: the Sites table's rows and a scope's small facts, answered
// from the local store at once and without the network (DESIGN.md, "How data flows"). Every
// account of the scope must exist: a late call naming a removed account is not_found, naming it.
import type { ChannelHandlers } from '../../shared'
import { querySites, scopeAccountSummary } from '../query'
import type { ChannelContext } from './context'
import { handle } from './handle'
import { scopeQueryAccounts } from './scope-accounts'

export function scopeChannels(ctx: ChannelContext): Pick<ChannelHandlers, 'sites:query' | 'workspace:scope'> {
  const { workspace, sync } = ctx

  const accountsOf = (scope: readonly string[]) => scopeQueryAccounts(ctx, scope)

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
