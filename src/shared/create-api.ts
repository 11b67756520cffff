// window.api, built from the contract in one place for every shell: the Electron preload (over
// IPC), the web shell's bridge (over its socket) and the renderer tests' fake. One method per
// request channel and `on` for the push events, nothing generic: a page that could name any
// channel could reach anything core handles, so this names them all itself, from the contract.
import { methodName, REQUEST_CHANNELS, type PushEvent, type RequestChannel, type SiteManagerApi } from './channels'
import { isPushEvent } from './channel-names'
import type { Result } from './errors'

/** Carries one call to core and answers its Result; the transport's own promise. */
export type Invoke = (channel: RequestChannel, input: unknown) => Promise<Result<unknown>>

/** Registers one listener for one push event; answers what removes exactly that registration. */
export type Subscribe = (event: PushEvent, listener: (payload: unknown) => void) => () => void

export function createApi(invoke: Invoke, subscribe: Subscribe): SiteManagerApi {
  const api: Record<string, unknown> = {}
  for (const channel of REQUEST_CHANNELS) {
    // One input object at most: anything more the page passes is not forwarded.
    api[methodName(channel)] = (input?: unknown) => invoke(channel, input)
  }
  api.on = (event: unknown, listener: unknown): (() => void) => {
    if (!isPushEvent(event)) throw new TypeError(`Unknown push event "${String(event)}".`)
    if (typeof listener !== 'function') throw new TypeError('on() needs a listener function.')
    // A wrapper per registration: the same function registered twice is called twice and each
    // unsubscribe removes only its own; and the listener gets the payload, nothing the
    // transport adds (the preload's IpcRendererEvent carries the raw ipcRenderer).
    const forward = (payload: unknown): void => {
      ;(listener as (payload: unknown) => void)(payload)
    }
    return subscribe(event, forward)
  }
  // Frozen, like contextBridge's copy: the page cannot swap a method for its own.
  return Object.freeze(api) as SiteManagerApi
}
