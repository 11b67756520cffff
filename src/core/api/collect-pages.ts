// Reads every page of a list by asking for page 1, 2, 3 ... on the list address the client
// chose, never by following links.next: spec 2.4 rule 4 shows GET /logs answering with links
// to /sites/<id>/logs, so following them would read one site's events instead of all, and an
// address the server hands back is not an address the token may go to. See README "## Paging".
// Pages after the second are fetched a few at once (page-window.ts) and still checked in order.
import type { Page } from '../../shared'
import { AppErrorException } from '../errors'
import type { ListProgress } from './site-api'
import { PageWindow, type FetchPage } from './page-window'
import { throwIfAborted } from './timing'

export const DEFAULT_MAX_PAGES = 10_000

export interface CollectOptions {
  what: string
  signal?: AbortSignal
  onProgress?: (progress: ListProgress) => void
  maxPages?: number
  /** Pages in flight at once from page 3 on (the client's concurrency limit); default 1. */
  window?: number
}

function stuck(what: string, why: string): AppErrorException {
  return new AppErrorException({
    code: 'bad_response',
    message: `Stopped reading ${what}: ${why}. Try again later; if it stays, tell the server's administrator.`,
  })
}

/**
 * Items are keyed by id: a list that changes while it is read shifts items across page borders
 * (a new event pushes the oldest of page 1 onto page 2), so an id seen twice is kept once.
 * A page that brings nothing new after the first means the server is not paging: that is a loop.
 * Pages are taken in order whatever order their answers arrive in, so these checks, the
 * progress and the latest last_page work as in a read one page after another.
 */
export async function collectPages<T extends { id: number }>(fetchPage: FetchPage<Page<T>>, options: CollectOptions): Promise<T[]> {
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES
  const items = new Map<number, T>()
  const pages = new PageWindow(fetchPage, options.window ?? 1, options.signal)
  try {
    let lastPage = 1
    for (let pageNumber = 1; ; pageNumber++) {
      throwIfAborted(options.signal)
      if (pageNumber > maxPages) throw stuck(options.what, `it has more than ${maxPages} pages`)
      // Pages 1 and 2 go alone: page 1 tells last_page, and page 2 shows that the server really
      // pages (right current_page, new items) before several requests go out at once.
      if (pageNumber > 2) pages.fill(Math.min(lastPage, maxPages))
      const page = await pages.take(pageNumber)
      let fresh = 0
      for (const item of page.data) {
        if (!items.has(item.id)) {
          items.set(item.id, item)
          fresh++
        }
      }
      if (pageNumber > 1 && page.data.length > 0 && fresh === 0) {
        throw stuck(options.what, `page ${pageNumber} repeats items already read, so the pages would never end`)
      }
      options.onProgress?.({ done: items.size, total: page.meta.total })
      // The latest meta decides: the list may grow or shrink while it is read. Pages fetched
      // beyond a shrunken end are dropped unread (close() aborts them).
      if (page.meta.current_page >= page.meta.last_page || page.data.length === 0) break
      lastPage = page.meta.last_page
    }
  } finally {
    await pages.close()
  }
  return [...items.values()]
}
