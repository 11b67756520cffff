// tags:* — one page, every page (with progress), create, delete. Every call runs under the
// account's signal, so removing the account or replacing its token cancels it.
import type { ChannelHandlers } from '../../shared'
import type { ChannelContext } from './context'
import { handle } from './handle'
import * as s from './schemas'

type TagChannel = 'tags:list' | 'tags:all' | 'tags:create' | 'tags:delete'

export function tagChannels(ctx: ChannelContext): Pick<ChannelHandlers, TagChannel> {
  const { clients, events } = ctx
  return {
    'tags:list': handle(s.pageRef, ({ accountId, page }) => clients.run(accountId, (api, signal) => api.listTags(page, signal))),

    'tags:all': handle(s.accountRef, ({ accountId }) =>
      clients.run(accountId, (api, signal) =>
        api.listAllTags(signal, ({ done, total }) =>
          events.emit('sync:progress', { accountId, what: 'tags', done, total }),
        ),
      ),
    ),

    'tags:create': handle(s.createTag, ({ accountId, name }) => clients.run(accountId, (api, signal) => api.createTag(name, signal))),

    'tags:delete': handle(s.tagRef, ({ accountId, tagId }) => clients.run(accountId, (api, signal) => api.deleteTag(tagId, signal))),
  }
}
