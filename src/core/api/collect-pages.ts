// Reads every page of a list by asking for page 1, 2, 3 ... on the list address the client
// chose, never by following links.next: spec 2.4 rule 4 shows GET /logs answering with links
// to /sites/<id>/logs, so following them would read one site's events instead of all, and an
// address the server hands back is not an address the token may go to. See README "## Paging".
// Pages after the second are fetched a few at once (page-window.ts) and still checked in order.
import type { Page } from '../../shared'
import { AppErrorException } from '../errors'
import type { FullRead, ListProgress } from './site-api'
import { PageWindow, type FetchPage } from './page-window'
import { throwIfAborted } from './timing'

export const DEFAULT_MAX_PAGES = 10_000
/** Passes over the first pages when the total disagrees with what was read (see rereadFront). */
export const DEFAULT_MAX_REREADS = 3

export interface CollectOptions {
  what: string
  signal?: AbortSignal
  onProgress?: (progress: ListProgress) => void
  maxPages?: number
  /** Pages in flight at once from page 3 on (the client's concurrency limit); default 1. */
  window?: number
  /** Passes over the first pages when meta.total disagrees with the items read; default 3. */
  maxRereads?: number
}

function stuck(what: string, why: string): AppErrorException {
  return new AppErrorException({
    code: 'bad_response',
    message: `Stopped reading ${what}: ${why}. Try again later; if it stays, tell the server's administrator.`,
  })
}

/** What has been read so far, by id, and the progress told to the caller. */
class ReadState<T extends { id: number }> {
  readonly items = new Map<number, T>()
  pagesDone = 0
  pagesTotal = 1

  constructor(private readonly onProgress?: (progress: ListProgress) => void) {}

  /** Keeps the items not read yet and answers them. */
  add(page: Page<T>): T[] {
    const fresh: T[] = []
    for (const item of page.data) {
      if (this.items.has(item.id)) continue
      this.items.set(item.id, item)
      fresh.push(item)
    }
    return fresh
  }

  pageRead(total: number, pagesTotal: number): void {
    this.pagesDone++
    this.pagesTotal = Math.max(pagesTotal, this.pagesDone)
    this.onProgress?.({ done: this.items.size, total, pagesDone: this.pagesDone, pagesTotal: this.pagesTotal })
  }
}

/**
 * Items are keyed by id: a list that changes while it is read shifts items across page borders
 * (a new event pushes the oldest of page 1 onto page 2), so an id seen twice is kept once.
 * A page that brings nothing new after the first means the server is not paging: that is a loop.
 * Pages are taken in order whatever order their answers arrive in, so these checks, the
 * progress and the latest last_page work as in a read one page after another.
 *
 * Items added at the front of the list while it is read push others onto pages already read
 * from, so they are never seen: the last page's meta.total then exceeds what was read. The
 * first pages are read again until they bring nothing new or the count agrees, a few passes at
 * most; a list still disagreeing is answered as read, with `moving` set.
 */
export async function collectPages<T extends { id: number }>(fetchPage: FetchPage<Page<T>>, options: CollectOptions): Promise<FullRead<T>> {
  const state = new ReadState<T>(options.onProgress)
  let total = await readInOrder(fetchPage, state, options)
  const main = [...state.items.values()]
  // Each pass finds items that went to the front after the previous one read it: newest first.
  const fronts: T[][] = []
  let moving = false
  const maxRereads = options.maxRereads ?? DEFAULT_MAX_REREADS
  while (total !== state.items.size) {
    if (fronts.length >= maxRereads) {
      moving = true
      break
    }
    const pass = await rereadFront(fetchPage, state, options)
    total = pass.total
    if (pass.fresh.length === 0) {
      // The front holds nothing new (items were removed, say): reading it again cannot help.
      moving = total !== state.items.size
      break
    }
    fronts.unshift(pass.fresh)
  }
  return { items: [...fronts.flat(), ...main], total, moving, pages: state.pagesDone }
}

/** Page 1 to the last page, in order; answers the last page's meta.total. */
async function readInOrder<T extends { id: number }>(fetchPage: FetchPage<Page<T>>, state: ReadState<T>, options: CollectOptions): Promise<number> {
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES
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
      const fresh = state.add(page)
      if (pageNumber > 1 && page.data.length > 0 && fresh.length === 0) {
        throw stuck(options.what, `page ${pageNumber} repeats items already read, so the pages would never end`)
      }
      state.pageRead(page.meta.total, page.meta.last_page)
      // The latest meta decides: the list may grow or shrink while it is read. Pages fetched
      // beyond a shrunken end are dropped unread (close() aborts them).
      if (page.meta.current_page >= page.meta.last_page || page.data.length === 0) return page.meta.total
      lastPage = page.meta.last_page
    }
  } finally {
    await pages.close()
  }
}

/**
 * One pass over the first pages, one after another, until a page brings nothing new, the count
 * agrees with meta.total, or the list ends. Answers the latest total and the items found.
 * A pass keeps to the page limit too: a server whose every page brings new items of a list
 * that never ends would otherwise hold it forever.
 */
async function rereadFront<T extends { id: number }>(
  fetchPage: FetchPage<Page<T>>,
  state: ReadState<T>,
  options: CollectOptions,
): Promise<{ total: number; fresh: T[] }> {
  const { signal } = options
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES
  const pageSignal = signal ?? new AbortController().signal
  const fresh: T[] = []
  for (let pageNumber = 1; ; pageNumber++) {
    throwIfAborted(signal)
    if (pageNumber > maxPages) throw stuck(options.what, `it has more than ${maxPages} pages`)
    const page = await fetchPage(pageNumber, pageSignal)
    const found = state.add(page)
    fresh.push(...found)
    state.pageRead(page.meta.total, state.pagesTotal)
    const ended = page.meta.current_page >= page.meta.last_page || page.data.length === 0
    if (found.length === 0 || state.items.size === page.meta.total || ended) return { total: page.meta.total, fresh }
  }
}
