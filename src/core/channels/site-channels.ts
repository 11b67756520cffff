// sites:* — one page, every page (with progress), one site, create, delete. Every call runs
// under the account's signal, so removing the account or replacing its token cancels it.
import type { ChannelHandlers } from '../../shared'
import type { ChannelContext } from './context'
import { handle } from './handle'
import * as s from './schemas'

type SiteChannel = 'sites:list' | 'sites:all' | 'sites:get' | 'sites:create' | 'sites:delete'

export function siteChannels(ctx: ChannelContext): Pick<ChannelHandlers, SiteChannel> {
  const { clients, events } = ctx
  return {
    'sites:list': handle(s.pageRef, ({ accountId, page }) => clients.run(accountId, (api, signal) => api.listSites(page, signal))),

    'sites:all': handle(s.accountRef, ({ accountId }) =>
      clients.run(accountId, (api, signal) =>
        api.listAllSites(signal, ({ done, total }) =>
          events.emit('sync:progress', { accountId, what: 'sites', done, total }),
        ),
      ),
    ),

    'sites:get': handle(s.siteRef, ({ accountId, siteId }) => clients.run(accountId, (api, signal) => api.getSite(siteId, signal))),

    'sites:create': handle(s.createSite, ({ accountId, site }) =>
      clients.run(accountId, (api, signal) => api.createSite(site, signal)),
    ),

    'sites:delete': handle(s.siteRef, ({ accountId, siteId }) =>
      clients.run(accountId, (api, signal) => api.deleteSite(siteId, signal)),
    ),
  }
}
