// Core made ready for the first page a launch opens (DESIGN.md, "The first screen first"). A
// person launching the app waits for a browser to start and load the page; core, started
// first, spends that time answering the page's kept first calls (core/first-screen) once and
// dropping the answers. What stays is what they cost: each account's parsed list, its health
// findings, the scope's search keys, sort order and widest cells, so the page's own first reads
// are answered from warm caches rather than a cold store (at 10,000 sites the first Sites query
// costs about 400 ms cold, a few ms warm). Only reads with no effect are ever kept, so asking
// them ahead does nothing the person did not ask for.
import type { ChannelHandlers } from '../shared'
import { askFirstCalls, type FirstCall } from '../core/first-screen'

/** Asks the calls once, after the current turn (the shell finishes starting first). */
export function warmFirstCalls(handlers: ChannelHandlers, calls: readonly FirstCall[]): void {
  if (calls.length === 0) return
  // Nothing waits for these answers, and a failed one is the page's to meet when it asks itself.
  setImmediate(() => void askFirstCalls(handlers, calls, () => {}))
}
