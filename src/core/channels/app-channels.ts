// app:info, app:notices, shell:openExternal and file:save: facts about the app, what core has to tell the
// person outside any call, and the one way out to the browser.
import type { AppNotice, ChannelHandlers, SaveFileRequest, SaveFileResult } from '../../shared'
import { appError } from '../errors'
import { handle } from './handle'
import * as s from './schemas'

export interface AppChannelOptions {
  appName: string
  appVersion: string
  shell: 'electron' | 'web'
  openExternal: (url: string) => Promise<void>
  /** file:save: the desktop app's save dialog; the web shell has none (the browser downloads). */
  saveFile?: (request: SaveFileRequest) => Promise<SaveFileResult>
}

type AppChannel = 'app:info' | 'app:notices' | 'shell:openExternal' | 'file:save'

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

    'file:save': handle(s.saveFile, async (request) => {
      if (!options.saveFile) {
        throw appError({ code: 'invalid_input', message: 'This shell has no save dialog: the browser downloads the file instead.' })
      }
      return options.saveFile(request)
    }),
  }
}
