// overview:stats: the Overview's figures of a scope, worked out from the lists the store holds
// (core/overview), at once and without the network. Every account of the scope must exist.
import type { ChannelHandlers } from '../../shared'
import { overviewHealth, overviewStats } from '../overview'
import { checkScope } from './check-scope'
import type { ChannelContext } from './context'
import { handle } from './handle'

export function overviewChannels(ctx: ChannelContext): Pick<ChannelHandlers, 'overview:stats'> {
  const { workspace } = ctx
  return {
    'overview:stats': handle('overview:stats', async ({ scope, now }) => {
      await checkScope(ctx.accounts, scope)
      const accounts = scope.map((accountId) => ({ accountId, sites: workspace.sites(accountId) }))
      const stats = overviewStats(accounts, now === undefined ? Date.now() : Date.parse(now))
      const { siteFindings } = ctx
      if (!siteFindings) return stats
      const health = overviewHealth(accounts.map((account) => ({ sites: account.sites, health: siteFindings(account.accountId) })))
      return { ...stats, health: { ...health, checkedAt: ctx.healthCheckedAt?.(scope) ?? null } }
    }),
  }
}
