// A tiny typed emitter for the contract's push events.
import type { PushEvent, PushEvents } from '../../shared'
import { errorFields } from '../logging/redaction'
import { silentLogger, type Logger } from './logger'

type Listener<E extends PushEvent> = (payload: PushEvents[E]) => void

export class PushEmitter {
  private readonly listeners = new Map<PushEvent, Set<Listener<PushEvent>>>()

  constructor(private readonly logger: Logger = silentLogger) {}

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
      } catch (thrown) {
        // One broken listener (a closed window, a dropped socket) must not stop the others; it
        // is written down (without the payload) so that it does not fail unseen.
        this.logger.error(`A listener of ${event} threw`, { event, error: errorFields(thrown) })
      }
    }
  }
}
