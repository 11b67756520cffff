// A stand-in for the renderer side of `electron`: an ipcRenderer that records invokes and
// listeners, and a contextBridge that records what the preload exposes.
// Used as: vi.mock('electron', () => import('./fake-electron'))
import { EventEmitter } from 'node:events'

class FakeIpcRenderer extends EventEmitter {
  invoked: Array<{ channel: string; args: unknown[] }> = []
  async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.invoked.push({ channel, args })
    return { ok: true, value: `answer of ${channel}` }
  }
}

export const ipcRenderer = new FakeIpcRenderer()

export const contextBridge = {
  exposed: new Map<string, unknown>(),
  exposeInMainWorld(key: string, api: unknown): void {
    if (this.exposed.has(key)) throw new Error(`Cannot bind an API on top of an existing property: ${key}`)
    this.exposed.set(key, api)
  },
}
