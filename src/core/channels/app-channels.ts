// app:info and shell:openExternal: facts about the app, and the one way out to the browser.
import type { ChannelHandlers } from '../../shared'
import { handle } from './handle'
import * as s from './schemas'

export interface AppChannelOptions {
  appName: string
  appVersion: string
  shell: 'electron' | 'web'
  openExternal: (url: string) => Promise<void>
}

export function appChannels(options: AppChannelOptions): Pick<ChannelHandlers, 'app:info' | 'shell:openExternal'> {
  return {
    'app:info': handle(s.noInput, async () => ({
      name: options.appName,
      version: options.appVersion,
      shell: options.shell,
      platform: process.platform,
    })),

    // Only http(s) addresses reach the system browser (DESIGN.md): no file:, javascript:,
    // or custom schemes that could start another program.
    'shell:openExternal': handle(s.openExternal, ({ url }) => options.openExternal(new URL(url).href)),
  }
}
