// app:info and app:notices: facts about the app, and what core has to tell the person outside
// any call. (Links reach the system browser through the shells themselves, never through core.)
import type { AppNotice, ChannelHandlers } from '../../shared'
import { handle } from './handle'

export interface AppChannelOptions {
  appName: string
  appVersion: string
  shell: 'electron' | 'web'
}

type AppChannel = 'app:info' | 'app:notices'

export function appChannels(options: AppChannelOptions, notices: () => AppNotice[]): Pick<ChannelHandlers, AppChannel> {
  return {
    'app:info': handle('app:info', async () => ({
      name: options.appName,
      version: options.appVersion,
      shell: options.shell,
      platform: process.platform,
    })),

    'app:notices': handle('app:notices', async () => notices()),
  }
}
