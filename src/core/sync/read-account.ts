// The network half of an account's sync: sites and tags read whole and the newest events, side
// by side through the account's one client (its concurrency limit and rate pacer cover all
// three). Nothing is written here: the caller writes once everything has been read, so a
// failed or cancelled read leaves the store as it was.
import type { Site, Tag } from '../../shared'
import type { ListProgress, SiteApi } from '../api/site-api'
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
  const report = (): void => {
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
    (signal) =>
      api.readAllTags(signal, (progress) => {
        tagPages = progress
        report()
      }),
    (signal) => {
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
