// accounts:* — list, add (verified first), rename, replace the token, remove, last active.
import type { ChannelHandlers } from '../../shared'
import type { ChannelContext } from './context'
import { handle } from './handle'

type AccountChannel =
  | 'accounts:list'
  | 'accounts:add'
  | 'accounts:rename'
  | 'accounts:replaceToken'
  | 'accounts:remove'
  | 'accounts:setActive'

export function accountsChannels(ctx: ChannelContext): Pick<ChannelHandlers, AccountChannel> {
  const { accounts, clients, demo, sync } = ctx
  return {
    'accounts:list': handle('accounts:list', async () => {
      // With --demo the demo is opening at start; wait so it is listed and active.
      await ctx.ready
      return accounts.list()
    }),

    'accounts:add': handle('accounts:add', async (input) => {
      const account = await accounts.add(input)
      // Its first sync starts at once, so the Sites view fills while the person looks.
      sync.accountAdded(account.id)
      return account
    }),

    'accounts:rename': handle('accounts:rename', ({ accountId, label }) => accounts.rename(accountId, label)),

    'accounts:replaceToken': handle('accounts:replaceToken', async ({ accountId, token }) => {
      const account = await accounts.replaceToken(accountId, token)
      // The old client still carries the old token. A 401 it gets before it is closed counts
      // for the old token only (AccountClients passes the token generation). The sync under
      // the old token is cancelled first; one with the new token follows.
      await clients.forget(accountId)
      await sync.tokenReplaced(accountId)
      return account
    }),

    'accounts:remove': handle('accounts:remove', async ({ accountId }) => {
      // The record goes first: from then on every lookup of the account answers not_found,
      // so a call arriving meanwhile cannot build a new client or start the demo again.
      const removed = await accounts.remove(accountId)
      await clients.forget(accountId)
      // Its sync stops and its rows leave the local store.
      await sync.accountRemoved(accountId)
      // Removing the Demo account stops its server and deletes its data.
      if (removed.kind === 'demo') await demo.destroy()
    }),

    'accounts:setActive': handle('accounts:setActive', ({ accountId }) => accounts.setActive(accountId)),
  }
}
