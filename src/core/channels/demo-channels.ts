// demo:open — starts (or reuses) the embedded demo workspace and makes it the active account.
import type { ChannelHandlers } from '../../shared'
import type { ChannelContext } from './context'
import { handle } from './handle'

export function demoChannels(ctx: ChannelContext): Pick<ChannelHandlers, 'demo:open'> {
  return {
    'demo:open': handle('demo:open', async () => {
      const account = await ctx.demo.open()
      await ctx.accounts.setActive(account.id)
      // A first sync for a new demo; an existing one simply syncs again.
      ctx.sync.accountAdded(account.id)
      return account
    }),
  }
}
