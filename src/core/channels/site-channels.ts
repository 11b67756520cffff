// sites:create and sites:delete go to the server under the account's signal (removing the
// account or replacing its token cancels them); once the server said yes, the sync engine
// puts the change into the store, tells the windows, and syncs what else changed. A new
// site's look-for text is kept for its health checks.
import type { ChannelHandlers } from '../../shared'
import type { ChannelContext } from './context'
import { handle } from './handle'

export function siteChannels(ctx: ChannelContext): Pick<ChannelHandlers, 'sites:create' | 'sites:delete'> {
  const { clients, sync } = ctx
  return {
    'sites:create': handle('sites:create', async ({ accountId, site }) => {
      const created = await clients.run(accountId, (api, signal) => api.createSite(site, signal))
      // monitor.look_for_string is write-only in the API: the app keeps what was entered.
      const lookFor = site.monitor?.look_for_string
      if (lookFor !== undefined && lookFor.trim() !== '') ctx.keepLookFor?.(accountId, created.id, lookFor)
      return sync.siteCreated(accountId, created)
    }),

    'sites:delete': handle('sites:delete', async ({ accountId, siteId }) => {
      await clients.run(accountId, (api, signal) => api.deleteSite(siteId, signal))
      sync.siteDeleted(accountId, siteId)
    }),
  }
}
