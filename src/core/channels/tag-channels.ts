// tags:create and tags:delete go to the server under the account's signal; once the server
// said yes, the sync engine puts the change into the store and tells the windows.
import type { ChannelHandlers } from '../../shared'
import type { ChannelContext } from './context'
import { handle } from './handle'

export function tagChannels(ctx: ChannelContext): Pick<ChannelHandlers, 'tags:create' | 'tags:delete'> {
  const { clients, sync } = ctx
  return {
    'tags:create': handle('tags:create', async ({ accountId, name }) => {
      const tag = await clients.run(accountId, (api, signal) => api.createTag(name, signal))
      sync.tagCreated(accountId, tag)
      return tag
    }),

    'tags:delete': handle('tags:delete', async ({ accountId, tagId }) => {
      await clients.run(accountId, (api, signal) => api.deleteTag(tagId, signal))
      sync.tagDeleted(accountId, tagId)
    }),
  }
}
