// workspace:snapshot and events:query: what the local store holds, answered at once and
// without the network (DESIGN.md, "How data flows"). An account that no longer exists is
// not_found here too, so a late call for a removed account cannot read another's rows.
import type { ChannelHandlers } from '../../shared'
import type { ChannelContext } from './context'
import { handle } from './handle'
import * as s from './schemas'

export function workspaceChannels(ctx: ChannelContext): Pick<ChannelHandlers, 'workspace:snapshot' | 'events:query'> {
  const { store, workspace, sync } = ctx
  return {
    'workspace:snapshot': handle(s.accountRef, async ({ accountId }) => {
      await store.record(accountId)
      return {
        accountId,
        sites: workspace.sites(accountId),
        tags: workspace.tags(accountId),
        sync: sync.state(accountId),
        eventCount: workspace.eventCount(accountId),
      }
    }),

    'events:query': handle(s.eventQuery, async (query) => {
      await store.record(query.accountId)
      return workspace.queryEvents(query)
    }),
  }
}
