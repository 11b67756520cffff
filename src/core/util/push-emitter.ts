// A tiny typed emitter for the contract's push events.
import type { PushEvent, PushEvents } from '../../shared'

type Listener<E extends PushEvent> = (payload: PushEvents[E]) => void

export class PushEmitter {
  private readonly listeners = new Map<PushEvent, Set<Listener<PushEvent>>>()

  on<E extends PushEvent>(event: E, listener: Listener<E>): () => void {
    let set = this.listeners.get(event)
    if (!set) {
      set = new Set()
      this.listeners.set(event, set)
    }
    set.add(listener as Listener<PushEvent>)
    return () => set.delete(listener as Listener<PushEvent>)
  }

  emit<E extends PushEvent>(event: E, payload: PushEvents[E]): void {
    for (const listener of this.listeners.get(event) ?? []) {
      try {
        listener(payload)
      } catch {
        // One broken listener (a closed window, a dropped socket) must not stop the others.
      }
    }
  }
}
