// The API client of one account: the nine operations of spec section 4, each answering a
// validated domain object or throwing an AppErrorException. Transport rules (token, headers,
// retries, pacing, redirects, size cap) live in HttpTransport; this file knows the API.
import type { NewSite, Page, Site, SiteEvent, Tag } from '../../shared'
import { normalizeBaseUrl } from './base-url'
import { collectPages, DEFAULT_MAX_PAGES, type CollectOptions } from './collect-pages'
import { HttpTransport } from './http-transport'
import { checkId, checkNewSite, checkPageNumber, checkTagName } from './input-checks'
import { checkPage } from './page-check'
import { DEFAULT_MAX_LIST_BYTES, ReadBudget } from './read-budget'
import { bodyBytes, checkDeletionResponse, readJson } from './response-body'
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy'
import { createdSiteSchema, dataSchema, pageSchema, siteEventSchema, siteSchema, tagSchema } from './schemas'
import type { FullRead, ListProgress, SiteApi, SiteApiClientOptions } from './site-api'
import type { RequestContext } from './status-errors'
import { realTiming, type Timing } from './timing'
import type { z } from 'zod'

/** Knobs beyond the contract, for tests and tuning; every one has a sensible default. */
export interface SiteApiClientConfig extends SiteApiClientOptions {
  timing?: Timing
  /** Backoff and Retry-After limits (maxRetries from the options wins). */
  retry?: Partial<RetryPolicy>
  /** Requests of this client in flight at once; a full read keeps this many pages in flight. */
  maxConcurrent?: number
  /** Window of the server's rate limit when it does not say (Laravel: one minute). */
  rateLimitWindowMs?: number
  maxRedirects?: number
  /** listAll* stops with bad_response beyond this many pages. */
  maxPages?: number
}

export const CLIENT_DEFAULTS = {
  connectTimeoutMs: 10_000,
  headersTimeoutMs: 30_000,
  bodyTimeoutMs: 30_000,
  maxBodyBytes: 5 * 1024 * 1024,
  maxConcurrent: 8,
  rateLimitWindowMs: 60_000,
  maxRedirects: 3,
  requestTimeoutMs: 60_000,
} as const

/** A client not told the app's version (tests, tools) still names the app. */
export const DEFAULT_USER_AGENT = 'Site Manager'

const siteData = dataSchema(siteSchema)
const createdSiteData = dataSchema(createdSiteSchema)
const tagData = dataSchema(tagSchema)
const sitePage = pageSchema(siteSchema)
const tagPage = pageSchema(tagSchema)
const eventPage = pageSchema(siteEventSchema)

export class SiteApiClient implements SiteApi {
  readonly baseUrl: string
  private readonly transport: HttpTransport
  private readonly maxPages: number
  private readonly maxConcurrent: number
  private readonly secrets: readonly string[]
  private readonly maxListBytes: number

  constructor(config: SiteApiClientConfig) {
    this.secrets = [config.token]
    this.baseUrl = normalizeBaseUrl(config.baseUrl)
    this.maxPages = config.maxPages ?? DEFAULT_MAX_PAGES
    this.maxConcurrent = config.maxConcurrent ?? CLIENT_DEFAULTS.maxConcurrent
    this.maxListBytes = config.maxListBytes ?? DEFAULT_MAX_LIST_BYTES
    this.transport = new HttpTransport({
      baseUrl: this.baseUrl,
      token: config.token,
      connectTimeoutMs: config.connectTimeoutMs ?? CLIENT_DEFAULTS.connectTimeoutMs,
      headersTimeoutMs: config.headersTimeoutMs ?? CLIENT_DEFAULTS.headersTimeoutMs,
      bodyTimeoutMs: config.bodyTimeoutMs ?? CLIENT_DEFAULTS.bodyTimeoutMs,
      maxBodyBytes: config.maxBodyBytes ?? CLIENT_DEFAULTS.maxBodyBytes,
      retry: { ...DEFAULT_RETRY_POLICY, ...config.retry, ...(config.maxRetries === undefined ? {} : { maxRetries: config.maxRetries }) },
      timing: config.timing ?? realTiming,
      maxConcurrent: this.maxConcurrent,
      rateLimitWindowMs: config.rateLimitWindowMs ?? CLIENT_DEFAULTS.rateLimitWindowMs,
      maxRedirects: config.maxRedirects ?? CLIENT_DEFAULTS.maxRedirects,
      requestTimeoutMs: config.requestTimeoutMs ?? CLIENT_DEFAULTS.requestTimeoutMs,
      userAgent: config.userAgent ?? DEFAULT_USER_AGENT,
    })
  }

  async listSites(page = 1, signal?: AbortSignal, budget?: ReadBudget): Promise<Page<Site>> {
    return this.getPage('/sites', sitePage, page, 'the list of sites', signal, undefined, budget)
  }

  async listAllSites(signal?: AbortSignal, onProgress?: (p: ListProgress) => void): Promise<Site[]> {
    return (await this.readAllSites(signal, onProgress)).items
  }

  async readAllSites(signal?: AbortSignal, onProgress?: (p: ListProgress) => void): Promise<FullRead<Site>> {
    const budget = this.newReadBudget('the list of sites')
    return collectPages((page, pageSignal) => this.listSites(page, pageSignal, budget), this.collectOptions('the list of sites', signal, onProgress))
  }

  async getSite(id: number, signal?: AbortSignal): Promise<Site> {
    const siteId = checkId(id, 'site')
    const what = `site ${siteId}`
    const response = await this.transport.send({ method: 'GET', path: `/sites/${siteId}`, what, signal })
    return readJson(siteData, response, this.context(what)).data
  }

  async createSite(input: NewSite, signal?: AbortSignal): Promise<Site> {
    const body = checkNewSite(input)
    const what = 'the new site'
    // The private key is write-only: a 422 that echoes it must not carry it into a message.
    const secrets = body.private_key === undefined ? [] : [body.private_key]
    const response = await this.transport.send({ method: 'POST', path: '/sites', body, what, secrets, signal })
    return readJson(createdSiteData, response, this.context(what, false, secrets)).data
  }

  async deleteSite(id: number, signal?: AbortSignal): Promise<void> {
    const siteId = checkId(id, 'site')
    await this.delete(`/sites/${siteId}`, `site ${siteId}`, signal)
  }

  async listTags(page = 1, signal?: AbortSignal, budget?: ReadBudget): Promise<Page<Tag>> {
    return this.getPage('/tags', tagPage, page, 'the list of tags', signal, undefined, budget)
  }

  async listAllTags(signal?: AbortSignal, onProgress?: (p: ListProgress) => void): Promise<Tag[]> {
    return (await this.readAllTags(signal, onProgress)).items
  }

  async readAllTags(signal?: AbortSignal, onProgress?: (p: ListProgress) => void): Promise<FullRead<Tag>> {
    const budget = this.newReadBudget('the list of tags')
    return collectPages((page, pageSignal) => this.listTags(page, pageSignal, budget), this.collectOptions('the list of tags', signal, onProgress))
  }

  async createTag(name: string, signal?: AbortSignal): Promise<Tag> {
    const body = { name: checkTagName(name) }
    const what = 'the new tag'
    const response = await this.transport.send({ method: 'POST', path: '/tags', body, what, signal })
    return readJson(tagData, response, this.context(what)).data
  }

  async deleteTag(id: number, signal?: AbortSignal): Promise<void> {
    const tagId = checkId(id, 'tag')
    await this.delete(`/tags/${tagId}`, `tag ${tagId}`, signal)
  }

  async listEvents(page = 1, signal?: AbortSignal, budget?: ReadBudget): Promise<Page<SiteEvent>> {
    return this.getPage('/logs', eventPage, page, 'the list of events', signal, undefined, budget)
  }

  async listSiteEvents(siteId: number, page = 1, signal?: AbortSignal, budget?: ReadBudget): Promise<Page<SiteEvent>> {
    // async: a bad id rejects the promise like every other failure instead of throwing at the call.
    const id = checkId(siteId, 'site')
    // Not a collection in the 404 sense: the address is right, the site is gone.
    const notFound = (status: number): string =>
      `Site ${id} no longer exists (HTTP ${status}), so it has no events to show. Refresh the list of sites.`
    return this.getPage(`/sites/${id}/logs`, eventPage, page, `the events of site ${id}`, signal, notFound, budget)
  }

  newReadBudget(what: string): ReadBudget {
    return new ReadBudget(this.maxListBytes, what)
  }

  close(): Promise<void> {
    return this.transport.close()
  }

  private async getPage<T>(
    path: string,
    schema: z.ZodType<Page<T>, unknown>,
    page: number,
    what: string,
    signal?: AbortSignal,
    notFound?: (status: number) => string,
    budget?: ReadBudget,
  ): Promise<Page<T>> {
    const pageNumber = checkPageNumber(page)
    const request = { method: 'GET', path, query: { page: pageNumber }, what, collection: notFound === undefined, signal } as const
    const response = await this.transport.send(notFound === undefined ? request : { ...request, notFound })
    // Counted before parsing: a read over budget stops before its items are built.
    budget?.spend(bodyBytes(response))
    const envelope = readJson(schema, response, this.context(what, true))
    return checkPage(envelope, pageNumber, what, response.status)
  }

  private async delete(path: string, what: string, signal?: AbortSignal): Promise<void> {
    const response = await this.transport.send({ method: 'DELETE', path, what, signal })
    checkDeletionResponse(response, this.context(what))
  }

  private collectOptions(what: string, signal?: AbortSignal, onProgress?: (p: ListProgress) => void): CollectOptions {
    // As many pages at once as the transport lets out at once: more would only queue.
    return { what, signal, onProgress, maxPages: this.maxPages, window: this.maxConcurrent }
  }

  private context(what: string, collection = false, extraSecrets: readonly string[] = []): RequestContext {
    // Response checks never print the token: excerpts redact it like error bodies do.
    return { what, collection, host: new URL(this.baseUrl).host, secrets: [...this.secrets, ...extraSecrets] }
  }
}

export function createSiteApiClient(options: SiteApiClientConfig): SiteApi {
  return new SiteApiClient(options)
}
