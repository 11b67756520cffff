// settings:* — the app-wide settings kept in the workspace store; a new sync interval takes
// effect at once.
import type { ChannelHandlers } from '../../shared'
import type { ChannelContext } from './context'
import { handle } from './handle'

export function settingsChannels(ctx: ChannelContext): Pick<ChannelHandlers, 'settings:get' | 'settings:set'> {
  const { workspace, sync } = ctx
  return {
    'settings:get': handle('settings:get', async () => workspace.settings()),

    'settings:set': handle('settings:set', async (patch) => {
      const settings = workspace.updateSettings(patch)
      sync.setIntervalMinutes(settings.syncIntervalMinutes)
      return settings
    }),
  }
}
