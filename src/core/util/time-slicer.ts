// Long synchronous work in core holds up everything else on its event loop: in the web shell
// the page's own request and its scripts, on desktop the whole main process. A cold read of a
// scope parses each account's stored list (40-70 ms per 10,000 sites) and makes its health
// findings, and at 5 accounts of 10,000 that was one block of over a second, which the page's
// request waited behind. Work done in steps asks `slice()` before each one: once a slice's
// budget has passed it gives the event loop a turn; warm steps (microseconds each) never do.

/** A slice of synchronous work, in ms: about a frame, so a waiting request is served promptly. */
export const SLICE_MS = 16

export type Slicer = () => Promise<void>

/** A slicer for one piece of work: each call returns at once until `budgetMs` has passed since the last turn given. */
export function timeSlicer(budgetMs = SLICE_MS, now: () => number = () => performance.now()): Slicer {
  let since = now()
  return async () => {
    if (now() - since < budgetMs) return
    await new Promise<void>((resolve) => setImmediate(resolve))
    since = now()
  }
}

/**
 * Reads each item in order, giving the event loop a turn between two reads once a slice is
 * spent. Each read is whole (an account's list, tags, revision and findings together), so what
 * one read answers is consistent even if a write lands between two of them.
 */
export async function readInSlices<T, R>(items: readonly T[], read: (item: T, at: number) => R, slice: Slicer = timeSlicer()): Promise<R[]> {
  const made: R[] = []
  for (const [at, item] of items.entries()) {
    await slice()
    made.push(read(item, at))
  }
  return made
}
