// sites:* — one page, every page (with progress), one site, create, delete.
import type { ChannelHandlers } from '../../shared'
import type { ChannelContext } from './context'
import { handle } from './handle'
import * as s from './schemas'

type SiteChannel = 'sites:list' | 'sites:all' | 'sites:get' | 'sites:create' | 'sites:delete'

export function siteChannels(ctx: ChannelContext): Pick<ChannelHandlers, SiteChannel> {
  const { clients, events } = ctx
  return {
    'sites:list': handle(s.pageRef, ({ accountId, page }) => clients.run(accountId, (api) => api.listSites(page))),

    'sites:all': handle(s.accountRef, ({ accountId }) =>
      clients.run(accountId, (api) =>
        api.listAllSites(undefined, ({ done, total }) =>
          events.emit('sync:progress', { accountId, what: 'sites', done, total }),
        ),
      ),
    ),

    'sites:get': handle(s.siteRef, ({ accountId, siteId }) => clients.run(accountId, (api) => api.getSite(siteId))),

    'sites:create': handle(s.createSite, ({ accountId, site }) =>
      clients.run(accountId, (api) => api.createSite(site)),
    ),

    'sites:delete': handle(s.siteRef, ({ accountId, siteId }) =>
      clients.run(accountId, (api) => api.deleteSite(siteId)),
    ),
  }
}
