// app:info, app:notices and shell:openExternal: facts about the app, what core has to tell the
// person outside any call, and the one way out to the browser.
import type { AppNotice, ChannelHandlers } from '../../shared'
import { handle } from './handle'
import * as s from './schemas'

export interface AppChannelOptions {
  appName: string
  appVersion: string
  shell: 'electron' | 'web'
  openExternal: (url: string) => Promise<void>
}

type AppChannel = 'app:info' | 'app:notices' | 'shell:openExternal'

export function appChannels(options: AppChannelOptions, notices: () => AppNotice[]): Pick<ChannelHandlers, AppChannel> {
  return {
    'app:info': handle(s.noInput, async () => ({
      name: options.appName,
      version: options.appVersion,
      shell: options.shell,
      platform: process.platform,
    })),

    'app:notices': handle(s.noInput, async () => notices()),

    // Only http(s) addresses reach the system browser (DESIGN.md): no file:, javascript:,
    // or custom schemes that could start another program.
    'shell:openExternal': handle(s.openExternal, ({ url }) => options.openExternal(new URL(url).href)),
  }
}
