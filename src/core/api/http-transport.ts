// Sends one API request for one account over an undici connection pool: adds the token and
// headers, keeps to the rate limit and the concurrency cap, refuses addresses outside the base
// URL, reads the body within the size cap, repeats GETs that may succeed next time, and turns
// every failure into an AppErrorException. Answers only 2xx; everything else throws.
// Every wait (concurrency slot, pacer, Retry-After, the request itself) listens to the caller's
// signal and to the transport's own, which close() aborts: closing an account never waits for
// a slow server or a long Retry-After.
import type { Dispatcher, Pool } from 'undici'
import type { AppError } from '../../shared'
import { AppErrorException } from '../errors'
import { apiUrl, isWithinBaseUrl } from './base-url'
import { ConcurrencyLimit } from './concurrency-limit'
import { RatePacer, type PacerTicket } from './rate-pacer'
import { redact } from './excerpt'
import { BodyTooLargeError, discardBody, readBodyCapped } from './read-body'
import type { RawResponse } from './response-body'
import { backoffDelay, parseRetryAfter, RETRYABLE_STATUSES, type RetryPolicy } from './retry-policy'
import { errorForStatus, rateLimitedError, type RequestContext } from './status-errors'
import { throwIfAborted, type Timing } from './timing'
import { cancelledError, deadlineFailure, isAbort, transportFailure, type ChangeRequest } from './transport-errors'

export interface TransportConfig {
  /** Normalised base URL (see normalizeBaseUrl). */
  baseUrl: string
  token: string
  connectTimeoutMs: number
  headersTimeoutMs: number
  bodyTimeoutMs: number
  maxBodyBytes: number
  retry: RetryPolicy
  timing: Timing
  maxConcurrent: number
  rateLimitWindowMs: number
  maxRedirects: number
  /** One try (request, redirects and body) must be done within this. */
  requestTimeoutMs: number
  /** Names the app and its version to the server, so its operators can tell who calls. */
  userAgent: string
}

export interface ApiRequest {
  method: 'GET' | 'POST' | 'DELETE'
  /** Below the base URL, e.g. "/sites/3". */
  path: string
  query?: Record<string, string | number>
  body?: unknown
  what: string
  collection?: boolean
  /** The sentence for a 404/410, when the generic one would mislead (see RequestContext). */
  notFound?: (status: number) => string
  /** Strings of the request, besides the token, that no message may show (a private_key). */
  secrets?: readonly string[]
  signal?: AbortSignal
}

/** One try: an answer (any status) or a failure before there was one. */
type Outcome =
  | { kind: 'response'; response: RawResponse }
  | { kind: 'failure'; error: AppError; retryable: boolean }

function throwAppError(error: AppError): never {
  throw new AppErrorException(error)
}

function anySignal(signals: (AbortSignal | undefined)[]): AbortSignal {
  return AbortSignal.any(signals.filter((signal): signal is AbortSignal => signal !== undefined))
}

/** The last line of defence for the token: no error text leaves the transport with it. */
function scrub(error: AppError, secrets: readonly string[]): AppError {
  const clean: AppError = { ...error, message: redact(error.message, secrets) }
  if (error.fields) {
    clean.fields = Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, v.map((m) => redact(m, secrets))]))
  }
  return clean
}

function describeAddress(url: URL): string {
  // Origin and path only: a query could carry anything.
  return `${url.origin}${url.pathname}`
}

/**
 * undici, loaded when the first request goes out rather than as the app starts: it took about
 * 125 ms of a web shell's start (BENCH_CORE_PROF), and the first window needs no network.
 */
let undici: Promise<typeof import('undici')> | null = null
function loadUndici(): Promise<typeof import('undici')> {
  return (undici ??= import('undici'))
}

export class HttpTransport {
  /** The connection pool, made with the first request. */
  private pool: Promise<Pool> | null = null
  private readonly limit: ConcurrencyLimit
  private readonly pacer: RatePacer
  private readonly host: string
  private closed = false
  /** Aborted by close(): wakes every wait and ends every request in flight. */
  private readonly closing = new AbortController()

  constructor(private readonly config: TransportConfig) {
    const base = new URL(config.baseUrl)
    this.host = base.host
    this.limit = new ConcurrencyLimit(config.maxConcurrent)
    this.pacer = new RatePacer(config.timing, config.rateLimitWindowMs)
  }

  async send(request: ApiRequest): Promise<RawResponse> {
    const ctx: RequestContext = {
      what: request.what,
      collection: request.collection ?? false,
      host: this.host,
      secrets: [this.config.token, ...(request.secrets ?? [])],
      ...(request.notFound === undefined ? {} : { notFound: request.notFound }),
    }
    const signal = anySignal([request.signal, this.closing.signal])
    const { retry: policy } = this.config
    // Only GET is repeated: a POST or DELETE whose answer was lost may already have happened.
    const maxRetries = request.method === 'GET' ? policy.maxRetries : 0
    let waited = 0
    for (let retry = 0; ; retry++) {
      throwIfAborted(request.signal)
      if (this.closed) throwAppError({ code: 'cancelled', message: 'The account was closed; the request was not sent.' })
      const outcome = await this.tryOnce(request, ctx, signal)
      if (outcome.kind === 'response' && outcome.response.status >= 200 && outcome.response.status < 300) {
        return outcome.response
      }
      const { error, wait } = this.judge(outcome, ctx, retry)
      const mayRepeat = retry < maxRetries && wait !== undefined && waited + wait <= policy.maxTotalWaitMs
      if (!mayRepeat) throwAppError(scrub(error, ctx.secrets))
      waited += wait
      await this.config.timing.sleep(wait, signal)
    }
  }

  /** Ends every request in flight (as cancelled) and every wait, then frees the connections. */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.closing.abort()
    // A pool still being made is made, then closed: nothing is left open behind a close.
    const pool = await this.pool?.catch(() => null)
    await pool?.destroy()
  }

  private poolFor(): Promise<Pool> {
    const { config } = this
    return (this.pool ??= loadUndici().then(
      ({ Pool }) =>
        new Pool(new URL(config.baseUrl).origin, {
          connections: config.maxConcurrent,
          connect: { timeout: config.connectTimeoutMs },
          headersTimeout: config.headersTimeoutMs,
          bodyTimeout: config.bodyTimeoutMs,
        }),
    ))
  }

  /**
   * The AppError of a failed try and, when another try of a GET could help, how long to wait.
   * A 429 also holds back every other request of this client until the server's wait is over.
   */
  private judge(outcome: Outcome, ctx: RequestContext, retry: number): { error: AppError; wait?: number } {
    const backoff = (): number => backoffDelay(retry, this.config.retry, this.config.timing.random)
    if (outcome.kind === 'failure') {
      return outcome.retryable ? { error: outcome.error, wait: backoff() } : { error: outcome.error }
    }
    const { status, headers, text } = outcome.response
    if (status === 429) {
      const retryAfterMs = parseRetryAfter(headers['retry-after'], this.config.timing.now())
      const error = errorForStatus(status, text, ctx, retryAfterMs)
      if (retryAfterMs !== undefined) {
        // All of it: a request sent before the server's wait is over would only meet another 429.
        // Requests that may not wait that long fail at once in the pacer (rate_limited).
        this.pacer.blockFor(retryAfterMs)
        // A wait longer than the cap is the person's decision, not a frozen screen.
        if (retryAfterMs > this.config.retry.maxRetryAfterMs) return { error: rateLimitedError(retryAfterMs) }
        return { error, wait: retryAfterMs }
      }
      return { error, wait: backoff() }
    }
    const error = errorForStatus(status, text, ctx)
    if (!RETRYABLE_STATUSES.has(status)) return { error }
    // A 503 may say when the service is back (maintenance mode); a short wait is worth taking.
    const retryAfterMs = status === 503 ? parseRetryAfter(headers['retry-after'], this.config.timing.now()) : undefined
    return { error, wait: retryAfterMs !== undefined && retryAfterMs <= this.config.retry.maxRetryAfterMs ? retryAfterMs : backoff() }
  }

  /** One try; `signal` is the caller's and close()'s, to which the try adds its deadline. */
  private async tryOnce(request: ApiRequest, ctx: RequestContext, signal: AbortSignal): Promise<Outcome> {
    let release: (() => void) | undefined
    let deadline: AbortSignal | undefined
    let ticket: PacerTicket | undefined
    const change: ChangeRequest | undefined = request.method === 'GET' ? undefined : { method: request.method, what: request.what }
    try {
      release = await this.limit.acquire(signal)
      // A pacer wait longer than the deadline fails as rate_limited instead of sleeping.
      ticket = await this.pacer.beforeSend(signal, this.config.requestTimeoutMs)
      // The deadline starts once the request may go out: waiting for a slot or for the rate
      // limit is not the server being slow.
      deadline = AbortSignal.timeout(this.config.requestTimeoutMs)
      return { kind: 'response', response: await this.exchange(request, ticket, ctx, anySignal([signal, deadline])) }
    } catch (thrown) {
      if (signal.aborted) throw new AppErrorException(cancelledError())
      if (deadline?.aborted) return { kind: 'failure', ...deadlineFailure(this.host, this.config.requestTimeoutMs, change) }
      if (thrown instanceof AppErrorException) throw new AppErrorException(scrub(thrown.appError, ctx.secrets))
      if (isAbort(thrown)) throw new AppErrorException(cancelledError())
      return { kind: 'failure', ...transportFailure(thrown, this.host, change) }
    } finally {
      // A request refused before it went out (an unsafe address) was never counted by the server.
      if (ticket) this.pacer.settle(ticket)
      release?.()
    }
  }

  /** One request and the redirects within the base URL that it leads to. */
  private async exchange(request: ApiRequest, firstTicket: PacerTicket, ctx: RequestContext, signal: AbortSignal): Promise<RawResponse> {
    let url = apiUrl(this.config.baseUrl, request.path, request.query)
    const body = request.body === undefined ? undefined : JSON.stringify(request.body)
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.config.token}`,
      accept: 'application/json',
      'user-agent': this.config.userAgent,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    }
    for (let hop = 0; ; hop++) {
      // Belt and braces: every address is checked right before the token goes out.
      if (!isWithinBaseUrl(url.href, this.config.baseUrl)) throwAppError(this.unsafeAddress(url))
      // A redirect is one more request against the server's rate limit.
      const ticket = hop === 0 ? firstTicket : await this.pacer.beforeSend(signal, this.config.requestTimeoutMs)
      let response: Dispatcher.ResponseData
      try {
        const pool = await this.poolFor()
        // Closed while the pool was made: close() destroys it, and nothing goes out.
        if (this.closed) throwAppError({ code: 'cancelled', message: 'The account was closed; the request was not sent.' })
        response = await pool.request({ path: `${url.pathname}${url.search}`, method: request.method, headers, body, signal })
      } catch (thrown) {
        // No answer to learn from; the pacer must not keep counting this request as pending.
        this.pacer.settle(ticket)
        throw thrown
      }
      this.pacer.observe(ticket, response.headers)
      const location = response.headers.location
      if (response.statusCode >= 300 && response.statusCode < 400 && location !== undefined) {
        await discardBody(response.body, this.config.maxBodyBytes)
        const target = redirectTarget(location, url, response.statusCode, ctx)
        if (!isWithinBaseUrl(target.href, this.config.baseUrl)) throwAppError(this.unsafeAddress(target))
        if (request.method !== 'GET') {
          throwAppError({
            code: 'bad_response',
            status: response.statusCode,
            message: `The server redirected the change of ${ctx.what} to ${describeAddress(target)} (HTTP ${response.statusCode}). The app does not repeat changes at another address; check the account's address.`,
          })
        }
        if (hop >= this.config.maxRedirects) {
          throwAppError({
            code: 'bad_response',
            status: response.statusCode,
            message: `The server redirected the request for ${ctx.what} more than ${this.config.maxRedirects} times. Check the account's address.`,
          })
        }
        url = target
        continue
      }
      try {
        const { text, bytes } = await readBodyCapped(response.body, this.config.maxBodyBytes, response.headers['content-length'])
        return { status: response.statusCode, headers: response.headers, text, bytes }
      } catch (thrown) {
        if (thrown instanceof BodyTooLargeError) {
          throwAppError({
            code: 'bad_response',
            status: response.statusCode,
            message: `The server's answer for ${ctx.what} is larger than ${Math.round(thrown.maxBytes / 1024)} KiB, which the app refuses. Check the account's address.`,
          })
        }
        throw thrown
      }
    }
  }

  private unsafeAddress(target: URL): AppError {
    return {
      code: 'unsafe_address',
      message: `The server sent the app to ${describeAddress(target)}, which is outside this account's address ${this.config.baseUrl}. The app did not send the token there. Check the account's address.`,
    }
  }
}

/**
 * The address a redirect leads to, resolved against the one asked. A Location that is not an
 * address at all is the server's fault, and the same on every try: bad_response, not repeated.
 */
function redirectTarget(location: string | string[], from: URL, status: number, ctx: RequestContext): URL {
  try {
    return new URL(Array.isArray(location) ? (location[0] ?? '') : location, from)
  } catch {
    return throwAppError({
      code: 'bad_response',
      status,
      message: `The server redirected the request for ${ctx.what} to something that is not a web address (HTTP ${status}). Check the account's address.`,
    })
  }
}
