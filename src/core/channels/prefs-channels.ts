// prefs:get and prefs:set — the renderer's remembered state (column layouts, saved views, the
// last view of each account), kept in the workspace store so both shells remember it across
// restarts (the web shell's port, and so its browser storage, can change between launches).
import type { ChannelHandlers } from '../../shared'
import type { ChannelContext } from './context'
import { handle } from './handle'

export function prefsChannels(ctx: ChannelContext): Pick<ChannelHandlers, 'prefs:get' | 'prefs:set'> {
  const { workspace } = ctx
  return {
    'prefs:get': handle('prefs:get', async ({ key }) => workspace.pref(key)),
    'prefs:set': handle('prefs:set', async ({ key, value }) => workspace.setPref(key, value)),
  }
}
