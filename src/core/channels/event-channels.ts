// events:* — read-only lists of all events or one site's events (spec 6).
import type { ChannelHandlers } from '../../shared'
import type { ChannelContext } from './context'
import { handle } from './handle'
import * as s from './schemas'

export function eventChannels(ctx: ChannelContext): Pick<ChannelHandlers, 'events:list' | 'events:listForSite'> {
  const { clients } = ctx
  return {
    'events:list': handle(s.pageRef, ({ accountId, page }) => clients.run(accountId, (api, signal) => api.listEvents(page, signal))),

    'events:listForSite': handle(s.siteEventsRef, ({ accountId, siteId, page }) =>
      clients.run(accountId, (api, signal) => api.listSiteEvents(siteId, page, signal)),
    ),
  }
}
