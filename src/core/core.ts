// The app's brain as the shells see it: one handler per contract channel, push events, and
// a dispose for shutdown. Both the Electron main process and the web shell build exactly
// one Core and register its handlers; neither adds logic of its own.

import type { ChannelHandlers, PushEvent, PushEvents } from '../shared'

export interface Core {
  readonly handlers: ChannelHandlers
  /**
   * The same reads for core's own head start (answers-ahead.ts's warmUpWith): none of them is
   * the person's activity or the window's first read, so the start-up sync still waits for the
   * window (startup-sync.ts). Absent in a stand-in core.
   */
  readonly warmUpHandlers?: ChannelHandlers
  on<E extends PushEvent>(event: E, listener: (payload: PushEvents[E]) => void): () => void
  dispose(): Promise<void>
}
