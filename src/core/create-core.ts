// Builds the one Core that a shell registers. Dependencies come in through options so tests
// can pass in-memory ones (GitHub Desktop's constructor-injected stores are the model).

import type { ChannelHandlers } from '../shared'
import { fail, ok } from '../shared'
import type { Core } from './core'
import { PushEmitter } from './util/push-emitter'

export interface CoreOptions {
  /** Folder for settings and caches (Electron's userData, or the web shell's --data-dir). */
  dataDir: string
  shell: 'electron' | 'web'
  appName: string
  appVersion: string
  /** Opens an address in the system browser; the shell knows how. */
  openExternal: (url: string) => Promise<void>
  /** `--demo`: start the demo workspace at launch and make it the active account. */
  openDemoOnStart?: boolean
}

export function createCore(options: CoreOptions): Core {
  const events = new PushEmitter()
  const notYet = async () =>
    fail({ code: 'internal', message: 'This part of the app is still being built.' })

  const handlers: ChannelHandlers = {
    'app:info': async () =>
      ok({
        name: options.appName,
        version: options.appVersion,
        shell: options.shell,
        platform: process.platform,
      }),
    'accounts:list': notYet,
    'accounts:add': notYet,
    'accounts:rename': notYet,
    'accounts:replaceToken': notYet,
    'accounts:remove': notYet,
    'accounts:setActive': notYet,
    'demo:open': notYet,
    'sites:list': notYet,
    'sites:all': notYet,
    'sites:get': notYet,
    'sites:create': notYet,
    'sites:delete': notYet,
    'tags:list': notYet,
    'tags:all': notYet,
    'tags:create': notYet,
    'tags:delete': notYet,
    'events:list': notYet,
    'events:listForSite': notYet,
    'shell:openExternal': notYet,
  }

  return {
    handlers,
    on: (event, listener) => events.on(event, listener),
    dispose: async () => {},
  }
}
