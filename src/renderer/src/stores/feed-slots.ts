// What every events feed store does with its slots (the Events view, a site's page, the
// overview each show one feed in a slot of their own): read the top again on Retry or Refresh,
// and forget a slot its view left. One definition for the one-account and the merged feeds.
import type { Ref } from 'vue'
import type { Coalescer } from '../lib/coalesce'
import type { LoadStatus } from './accounts'

export function feedSlotActions(feeds: Ref<Record<string, { status: LoadStatus }>>, tops: Coalescer) {
  /** Reads the first slice again (Retry after a failure). */
  function retry(slot: string): Promise<void> {
    const feed = feeds.value[slot]
    if (!feed) return Promise.resolve()
    if (feed.status === 'error') feed.status = 'loading'
    return tops.request(slot)
  }

  /** Reads the feed's top again, keeping what is loaded below it. */
  function refresh(slot: string): Promise<void> {
    return feeds.value[slot] ? tops.request(slot) : Promise.resolve()
  }

  function close(slot: string): void {
    delete feeds.value[slot]
    tops.forget(slot)
  }

  return { retry, refresh, close }
}
