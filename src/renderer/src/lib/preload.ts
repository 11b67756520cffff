// Code the first screen does not need (dialogs, the command palette, the selection bar) is
// split from the first bundle and loaded when it is first used. So that first use does not
// wait for it either, its chunks are fetched once the page has nothing better to do.

/** A dynamic import, as `defineAsyncComponent` takes it. */
export type ChunkLoader = () => Promise<unknown>

/** How long a busy page may put the loading off. */
const LATEST_MS = 3_000

/**
 * Nothing is fetched ahead before the page has been open this long (from navigation start).
 * The window is idle while it waits for core's first answers, and chunks fetched and compiled
 * then delayed the first rows they were waiting for; a view opened later is not held back.
 */
export const AFTER_OPENING_MS = 1_500

/** Loads each chunk when the page is next idle; a failure is left to the first real use to report. */
export function preloadWhenIdle(...loaders: ChunkLoader[]): void {
  const load = () => {
    for (const loader of loaders) void loader().catch(() => {})
  }
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: LATEST_MS })
    else setTimeout(load, 0)
  }
  const opening = AFTER_OPENING_MS - performance.now()
  if (opening > 0) setTimeout(whenIdle, opening)
  else whenIdle()
}
