// Core's push events go to the window on a channel named after the event (the preload
// listens on exactly the PUSH_EVENTS names). Only the main frame receives them.
import type { WebContents } from 'electron'
import { PUSH_EVENTS } from '../shared'
import type { Core } from '../core'

export function forwardPushEvents(core: Pick<Core, 'on'>, getTarget: () => WebContents | null): () => void {
  const unsubscribes = PUSH_EVENTS.map((event) =>
    core.on(event, (payload) => {
      const target = getTarget()
      // Events that arrive while no window is open (macOS, between windows) are dropped:
      // a new window asks core for the current state when it loads.
      if (target && !target.isDestroyed()) target.send(event, payload)
    }),
  )
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe()
  }
}
