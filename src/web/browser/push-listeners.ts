// The page's listeners of core's push events, fed by the bridge: the events the shell pushes
// and the ones the bridge makes up after a reconnect.
import type { PushEvent, Subscribe } from '../../shared'

type Listener = (payload: unknown) => void

export class PushListeners {
  private readonly listeners = new Map<PushEvent, Set<Listener>>()

  readonly subscribe: Subscribe = (event, listener) => {
    let set = this.listeners.get(event)
    if (!set) this.listeners.set(event, (set = new Set()))
    set.add(listener)
    return () => {
      set.delete(listener)
    }
  }

  readonly emit = (event: PushEvent, payload: unknown): void => {
    // A copy, as an EventEmitter (ipcRenderer) does: listeners added or removed by a listener
    // take effect from the next event.
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        listener(payload)
      } catch (error) {
        // One broken listener must not stop the others; keep its error visible.
        console.error(error)
      }
    }
  }
}
