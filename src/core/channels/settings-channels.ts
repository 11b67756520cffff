// settings:* — the app-wide settings kept in the workspace store; a new sync interval takes
// effect at once.
import type { ChannelHandlers } from '../../shared'
import type { ChannelContext } from './context'
import { handle } from './handle'
import * as s from './schemas'

export function settingsChannels(ctx: ChannelContext): Pick<ChannelHandlers, 'settings:get' | 'settings:set'> {
  const { workspace, sync } = ctx
  return {
    'settings:get': handle(s.noInput, async () => workspace.settings()),

    'settings:set': handle(s.settingsPatch, async (patch) => {
      const settings = workspace.updateSettings(patch)
      sync.setIntervalMinutes(settings.syncIntervalMinutes)
      return settings
    }),
  }
}
