// The app's brain as the shells see it: one handler per contract channel, push events, and
// a dispose for shutdown. Both the Electron main process and the web shell build exactly
// one Core and register its handlers; neither adds logic of its own.

import type { ChannelHandlers, PushEvent, PushEvents } from '../shared'

export interface Core {
  readonly handlers: ChannelHandlers
  on<E extends PushEvent>(event: E, listener: (payload: PushEvents[E]) => void): () => void
  dispose(): Promise<void>
}
