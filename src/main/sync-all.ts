// "Sync All Now" from the tray: every account's sync through core's own handlers, as the
// renderer's "Sync all accounts now" does, so the window (when open) shows the progress from
// the sync:state pushes. Failures are core's to report (the account's sync state says why).
import type { ChannelHandlers } from '../shared'

export async function syncAllAccounts(handlers: Pick<ChannelHandlers, 'accounts:list' | 'sync:now'>): Promise<number> {
  const listed = await handlers['accounts:list'](undefined)
  if (!listed.ok) return 0
  const accounts = listed.value.accounts
  await Promise.all(accounts.map((account) => handlers['sync:now']({ accountId: account.id })))
  return accounts.length
}
