// sync:* — the person asks for fresh data (Refresh), stops a sync, or refreshes one site.
// The sync engine does the network work; these only name the account.
import type { ChannelHandlers } from '../../shared'
import type { ChannelContext } from './context'
import { handle } from './handle'

type SyncChannel = 'sync:now' | 'sync:cancel' | 'sync:site' | 'sync:states'

export function syncChannels(ctx: ChannelContext): Pick<ChannelHandlers, SyncChannel> {
  const { accounts, sync } = ctx
  return {
    'sync:now': handle('sync:now', async ({ accountId }) => {
      await accounts.requireAccount(accountId)
      return sync.syncNow(accountId)
    }),

    'sync:cancel': handle('sync:cancel', async ({ accountId }) => {
      await accounts.requireAccount(accountId)
      await sync.cancel(accountId)
    }),

    'sync:site': handle('sync:site', async ({ accountId, siteId }) => {
      await accounts.requireAccount(accountId)
      return sync.syncSite(accountId, siteId)
    }),

    'sync:states': handle('sync:states', async () => {
      const listed = await accounts.list()
      return listed.accounts.map((account) => sync.state(account.id))
    }),
  }
}
