// Builds `window.api` over IPC with the contract's one builder (src/shared/create-api.ts): each
// method invokes its own channel, and `on` listens to the contract's push events only. The
// page's first calls may be answered from the head start main primed (first-screen.ts).
import { ipcRenderer, type IpcRendererEvent } from 'electron'
import { createApi, type Invoke, type SiteManagerApi, type Subscribe } from '../shared'
import { headStart, type OpeningPage } from './first-screen'

/** ipcRenderer.invoke resolves with main's answer, which is always a Result (errors are data). */
const invoke: Invoke = (channel, input) => ipcRenderer.invoke(channel, input)

const subscribe: Subscribe = (event, listener) => {
  // The IpcRendererEvent stays here: it carries `sender`, the raw ipcRenderer.
  const forward = (_event: IpcRendererEvent, payload: unknown): void => listener(payload)
  ipcRenderer.on(event, forward)
  return () => {
    ipcRenderer.removeListener(event, forward)
  }
}

/** window.api; `page` is the window, where the person's first key or click ends the page's opening. */
export function buildApi(page: OpeningPage): SiteManagerApi {
  return createApi(headStart(invoke, { ipc: ipcRenderer, page }), subscribe)
}
