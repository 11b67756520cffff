// workspace:snapshot, events:query and events:daily: what the local store holds, answered at once and
// without the network (DESIGN.md, "How data flows"). An account that no longer exists is
// not_found here too, so a late call for a removed account cannot read another's rows.
import type { ChannelHandlers } from '../../shared'
import type { ChannelContext } from './context'
import { handle } from './handle'

const DAY_MS = 24 * 60 * 60 * 1000

export function workspaceChannels(
  ctx: ChannelContext,
): Pick<ChannelHandlers, 'workspace:snapshot' | 'events:query' | 'events:daily'> {
  const { store, workspace, sync } = ctx
  return {
    'workspace:snapshot': handle('workspace:snapshot', async ({ accountId }) => {
      await store.record(accountId)
      return {
        accountId,
        sites: workspace.sites(accountId),
        tags: workspace.tags(accountId),
        sync: sync.state(accountId),
        eventCount: workspace.eventCount(accountId),
      }
    }),

    'events:query': handle('events:query', async (query) => {
      await store.record(query.accountId)
      return workspace.queryEvents(query)
    }),

    // The last `days` local days, today included: from the start of the first of them.
    'events:daily': handle('events:daily', async ({ accountId, days, utcOffsetMinutes }) => {
      await store.record(accountId)
      const offsetMs = utcOffsetMinutes * 60_000
      const localToday = Math.floor((Date.now() + offsetMs) / DAY_MS) * DAY_MS
      const sinceMs = localToday - (days - 1) * DAY_MS - offsetMs
      return workspace.eventsPerDay(accountId, sinceMs, offsetMs)
    }),
  }
}
