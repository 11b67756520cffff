// Builds `window.api`: one method per contract channel and a typed `on` for push events,
// nothing generic. A page that could name any channel could reach anything main handles;
// this bridge names them all itself, from the contract.
import { ipcRenderer, type IpcRendererEvent } from 'electron'
import { PUSH_EVENTS, REQUEST_CHANNELS, methodName, type PushEvent, type SiteManagerApi } from '../shared'

function isPushEvent(name: unknown): name is PushEvent {
  return typeof name === 'string' && (PUSH_EVENTS as readonly string[]).includes(name)
}

export function buildApi(): SiteManagerApi {
  const api: Record<string, unknown> = {}

  for (const channel of REQUEST_CHANNELS) {
    // One input object at most; anything more the page passes is not forwarded.
    api[methodName(channel)] = (input?: unknown) => ipcRenderer.invoke(channel, input)
  }

  api.on = (event: unknown, listener: unknown): (() => void) => {
    if (!isPushEvent(event)) throw new Error(`Unknown push event: ${String(event)}`)
    if (typeof listener !== 'function') throw new TypeError('The listener must be a function.')
    // The IpcRendererEvent stays here: it carries `sender`, the raw ipcRenderer.
    const forward = (_event: IpcRendererEvent, payload: unknown): void => {
      ;(listener as (payload: unknown) => void)(payload)
    }
    ipcRenderer.on(event, forward)
    return () => {
      ipcRenderer.removeListener(event, forward)
    }
  }

  return Object.freeze(api) as SiteManagerApi
}
