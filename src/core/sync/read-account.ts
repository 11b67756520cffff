// The network half of an account's sync: sites and tags read whole and the newest events, side
// by side through the account's one client (its concurrency limit and rate pacer cover all
// three). Nothing is written here: the caller writes once everything has been read, so a
// failed or cancelled read leaves the store as it was.
//
// The server is asked one question first: tags and events start once the first page of sites
// has answered. A server that is down or failing (connection refused, 503) then meets one
// request and its backed-off retries, instead of three lists each retrying on their own at
// once (one Refresh against a down server sent 10 requests in 0.7 s). A healthy
// server costs one round trip more before the other two lists start.
import type { Site, Tag } from '../../shared'
import type { ListProgress, SiteApi } from '../api/site-api'
import { AppErrorException } from '../errors'
import { cancelledError } from '../api/transport-errors'
import { allOrAbort } from './all-or-abort'
import { readNewEvents, type NewEventsRead } from './read-new-events'

export interface AccountRead {
  sites: Site[]
  tags: Tag[]
  /** The sites or tags list kept changing while it was read (see FullRead.moving). */
  moving: boolean
  events: NewEventsRead
}

export interface PageProgress {
  done: number
  total: number | null
}

export interface AccountReadOptions {
  api: SiteApi
  signal: AbortSignal
  /** Pages of the sites and tags lists read so far; the total is known once both have begun. */
  onProgress: (progress: PageProgress) => void
  /** Which event ids count as stored already. */
  knownEvents: (ids: number[]) => Set<number>
  maxEventPages: number
}

export async function readAccount(options: AccountReadOptions): Promise<AccountRead> {
  const { api } = options
  let sitePages: ListProgress | undefined
  let tagPages: ListProgress | undefined
  let firstAnswer!: () => void
  const answered = new Promise<void>((resolve) => (firstAnswer = resolve))
  const report = (): void => {
    firstAnswer()
    const done = (sitePages?.pagesDone ?? 0) + (tagPages?.pagesDone ?? 0)
    const total = sitePages && tagPages ? sitePages.pagesTotal + tagPages.pagesTotal : null
    options.onProgress({ done, total })
  }
  const [sites, tags, events] = await allOrAbort(options.signal, [
    (signal) =>
      api.readAllSites(signal, (progress) => {
        sitePages = progress
        report()
      }),
    async (signal) => {
      await afterFirstAnswer(answered, signal)
      return api.readAllTags(signal, (progress) => {
        tagPages = progress
        report()
      })
    },
    async (signal) => {
      await afterFirstAnswer(answered, signal)
      // The new events are kept until the sync writes them: their pages share one byte budget.
      const budget = api.newReadBudget('the list of events')
      return readNewEvents({
        fetchPage: (page) => api.listEvents(page, signal, budget),
        known: options.knownEvents,
        maxPages: options.maxEventPages,
        signal,
      })
    },
  ] as const)
  return { sites: sites.items, tags: tags.items, moving: sites.moving || tags.moving, events }
}

/** Waits until the server has answered once; a failed or cancelled sync (the signal) ends the wait. */
function afterFirstAnswer(answered: Promise<void>, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(new AppErrorException(cancelledError()))
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(new AppErrorException(cancelledError()))
    signal.addEventListener('abort', onAbort, { once: true })
    void answered.then(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    })
  })
}
