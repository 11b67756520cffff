// history:site and history:trend: what the store saw change in a site, sync after sync, and
// a scope's daily rollup for the overview's trend (summed over its accounts in the store).
// Local reads, no network; an account that no longer exists is not_found, as for every other
// account-scoped channel.
import type { ChannelHandlers } from '../../shared'
import { utcDay } from '../store/site-history'
import { checkScope } from './check-scope'
import type { ChannelContext } from './context'
import { handle } from './handle'

const DAY_MS = 86_400_000
const DEFAULT_SITE_CHANGES = 200

export function historyChannels(ctx: ChannelContext): Pick<ChannelHandlers, 'history:site' | 'history:trend'> {
  const { accounts, workspace } = ctx
  return {
    'history:site': handle('history:site', async ({ accountId, siteId, limit }) => {
      await accounts.requireAccount(accountId)
      return workspace.siteHistory(accountId, siteId, limit ?? DEFAULT_SITE_CHANGES)
    }),
    // The last `days` UTC days, today included.
    'history:trend': handle('history:trend', async ({ scope, days }) => {
      await checkScope(accounts, scope)
      return workspace.historyTrend(scope, utcDay(Date.now() - (days - 1) * DAY_MS))
    }),
  }
}
