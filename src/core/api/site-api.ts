// What the rest of core needs from an API client for one account. SiteApiClient (undici)
// is the real implementation; every method throws AppErrorException on failure.
import type { NewSite, Page, Site, SiteEvent, Tag } from '../../shared'
import type { ReadBudget } from './read-budget'

/** How far a full read of a list is: items and pages. */
export interface ListProgress {
  /** Distinct items read so far. */
  done: number
  /** meta.total of the latest page. */
  total: number | null
  /** Pages read so far, re-reads of the first pages included. */
  pagesDone: number
  /** meta.last_page of the latest page, plus the pages read again; never below pagesDone. */
  pagesTotal: number
}

/** A whole list, read page by page (see collect-pages.ts). */
export interface FullRead<T> {
  /** Every item read, once each: newest arrivals at the front first, then in page order. */
  items: T[]
  /** meta.total of the last page read. */
  total: number
  /**
   * The list kept changing while it was read: after the allowed re-reads of its first pages
   * meta.total still disagreed with the items read. The items are what could be read.
   */
  moving: boolean
  /** Requests made (pages read, re-reads included). */
  pages: number
}

export interface SiteApi {
  listSites(page?: number, signal?: AbortSignal): Promise<Page<Site>>
  /**
   * Every page, read by number on the asked address (page=1, 2, ...); the envelope's links are
   * checked, never followed (see README "## Paging").
   */
  listAllSites(signal?: AbortSignal, onProgress?: (p: ListProgress) => void): Promise<Site[]>
  /** listAllSites with what the read found out about the list (total, whether it kept moving). */
  readAllSites(signal?: AbortSignal, onProgress?: (p: ListProgress) => void): Promise<FullRead<Site>>
  getSite(id: number, signal?: AbortSignal): Promise<Site>
  createSite(input: NewSite, signal?: AbortSignal): Promise<Site>
  deleteSite(id: number, signal?: AbortSignal): Promise<void>

  listTags(page?: number, signal?: AbortSignal): Promise<Page<Tag>>
  listAllTags(signal?: AbortSignal, onProgress?: (p: ListProgress) => void): Promise<Tag[]>
  readAllTags(signal?: AbortSignal, onProgress?: (p: ListProgress) => void): Promise<FullRead<Tag>>
  createTag(name: string, signal?: AbortSignal): Promise<Tag>
  deleteTag(id: number, signal?: AbortSignal): Promise<void>

  /**
   * Pages of events. A caller that reads many pages and keeps them (the sync engine) passes one
   * budget from newReadBudget() to each call, so the pages together stay within it.
   */
  listEvents(page?: number, signal?: AbortSignal, budget?: ReadBudget): Promise<Page<SiteEvent>>
  listSiteEvents(siteId: number, page?: number, signal?: AbortSignal, budget?: ReadBudget): Promise<Page<SiteEvent>>
  /** A byte budget of this client's size for one read of many pages (see read-budget.ts). */
  newReadBudget(what: string): ReadBudget

  /** Closes the connection pool. */
  close(): Promise<void>
}

export interface SiteApiClientOptions {
  /** The API root, ending in the v1 segment, e.g. https://example.test/api/v1 */
  baseUrl: string
  token: string
  connectTimeoutMs?: number
  headersTimeoutMs?: number
  bodyTimeoutMs?: number
  /** Bodies larger than this are refused as bad_response. */
  maxBodyBytes?: number
  /** Retries for idempotent GETs; 0 disables. */
  maxRetries?: number
  /** The answers of one whole list read together, at most (default 256 MiB); past it bad_response. */
  maxListBytes?: number
  /**
   * One try of a request, redirects and body included, must be done within this (default 60 s):
   * bodyTimeoutMs alone restarts with every chunk, so a trickling server could hold a call forever.
   */
  requestTimeoutMs?: number
  /** The User-Agent of every request: the app's name and version (default DEFAULT_USER_AGENT). */
  userAgent?: string
}
