// sync:* — the person asks for fresh data (Refresh), stops a sync, or refreshes one site.
// The sync engine does the network work; these only name the account.
import type { ChannelHandlers } from '../../shared'
import type { ChannelContext } from './context'
import { handle } from './handle'

type SyncChannel = 'sync:now' | 'sync:cancel' | 'sync:site' | 'sync:states'

export function syncChannels(ctx: ChannelContext): Pick<ChannelHandlers, SyncChannel> {
  const { store, sync } = ctx
  return {
    'sync:now': handle('sync:now', async ({ accountId }) => {
      await store.record(accountId)
      return sync.syncNow(accountId)
    }),

    'sync:cancel': handle('sync:cancel', async ({ accountId }) => {
      await store.record(accountId)
      await sync.cancel(accountId)
    }),

    'sync:site': handle('sync:site', async ({ accountId, siteId }) => {
      await store.record(accountId)
      return sync.syncSite(accountId, siteId)
    }),

    'sync:states': handle('sync:states', async () => {
      const { accounts } = await store.list()
      return accounts.map((account) => sync.state(account.id))
    }),
  }
}
