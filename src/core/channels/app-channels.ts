// app:info, app:notices and file:save: facts about the app, what core has to tell the person
// outside any call, and the desktop's save dialog. (Links reach the system browser through the
// shells themselves, never through core.)
import type { AppNotice, ChannelHandlers, SaveFileRequest, SaveFileResult } from '../../shared'
import { appError } from '../errors'
import { handle } from './handle'

export interface AppChannelOptions {
  appName: string
  appVersion: string
  shell: 'electron' | 'web'
  /** file:save: the desktop app's save dialog; the web shell has none (the browser downloads). */
  saveFile?: (request: SaveFileRequest) => Promise<SaveFileResult>
}

type AppChannel = 'app:info' | 'app:notices' | 'file:save'

export function appChannels(options: AppChannelOptions, notices: () => AppNotice[]): Pick<ChannelHandlers, AppChannel> {
  return {
    'app:info': handle('app:info', async () => ({
      name: options.appName,
      version: options.appVersion,
      shell: options.shell,
      platform: process.platform,
    })),

    'app:notices': handle('app:notices', async () => notices()),

    'file:save': handle('file:save', async (request) => {
      if (!options.saveFile) {
        throw appError({ code: 'invalid_input', message: 'This shell has no save dialog: the browser downloads the file instead.' })
      }
      return options.saveFile(request)
    }),
  }
}
