// What the rest of core needs from an API client for one account. SiteApiClient (undici)
// is the real implementation; every method throws AppErrorException on failure.
import type { NewSite, Page, Site, SiteEvent, Tag } from '../../shared'

export interface ListProgress {
  done: number
  total: number | null
}

export interface SiteApi {
  listSites(page?: number, signal?: AbortSignal): Promise<Page<Site>>
  /**
   * Every page, read by number on the asked address (page=1, 2, ...); the envelope's links are
   * checked, never followed (see README "## Paging").
   */
  listAllSites(signal?: AbortSignal, onProgress?: (p: ListProgress) => void): Promise<Site[]>
  getSite(id: number, signal?: AbortSignal): Promise<Site>
  createSite(input: NewSite, signal?: AbortSignal): Promise<Site>
  deleteSite(id: number, signal?: AbortSignal): Promise<void>

  listTags(page?: number, signal?: AbortSignal): Promise<Page<Tag>>
  listAllTags(signal?: AbortSignal, onProgress?: (p: ListProgress) => void): Promise<Tag[]>
  createTag(name: string, signal?: AbortSignal): Promise<Tag>
  deleteTag(id: number, signal?: AbortSignal): Promise<void>

  listEvents(page?: number, signal?: AbortSignal): Promise<Page<SiteEvent>>
  listSiteEvents(siteId: number, page?: number, signal?: AbortSignal): Promise<Page<SiteEvent>>

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
  /**
   * One try of a request, redirects and body included, must be done within this (default 60 s):
   * bodyTimeoutMs alone restarts with every chunk, so a trickling server could hold a call forever.
   */
  requestTimeoutMs?: number
}
