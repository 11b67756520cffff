// events:query and events:daily: what the local store holds, answered at once and without the
// network (DESIGN.md, "How data flows"). The sites and the scope's summary are core/query's
// (sites:query, workspace:scope). An account that no longer exists is
// not_found here too (each of a scope's), so a late call for a removed account cannot read
// rows it left behind.
import type { ChannelHandlers } from '../../shared'
import type { ChannelContext } from './context'
import { checkScope } from './check-scope'
import { handle } from './handle'

const DAY_MS = 24 * 60 * 60 * 1000

export function workspaceChannels(
  ctx: ChannelContext,
): Pick<ChannelHandlers, 'events:query' | 'events:daily'> {
  const { accounts, workspace } = ctx
  return {
    'events:query': handle('events:query', async (query) => {
      await checkScope(accounts, query.scope)
      return workspace.queryEvents(query)
    }),

    // The last `days` local days, today included: from the start of the first of them.
    'events:daily': handle('events:daily', async ({ scope, days, utcOffsetMinutes }) => {
      await checkScope(accounts, scope)
      const offsetMs = utcOffsetMinutes * 60_000
      const localToday = Math.floor((Date.now() + offsetMs) / DAY_MS) * DAY_MS
      const sinceMs = localToday - (days - 1) * DAY_MS - offsetMs
      return workspace.eventsPerDay(scope, sinceMs, offsetMs)
    }),
  }
}
