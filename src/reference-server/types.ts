// The public face of the reference server. Other parts of the app (demo workspace, tests of
// the API client and sync engine) code against these types, so they only ever grow.
import type { SiteEvent } from '../shared'

export interface ReferenceServerFaults {
  /** Added before every answer. */
  latencyMs: number
  /** null = off; when set, X-RateLimit-* headers on every answer, 429 + Retry-After when exceeded. */
  rateLimitPerMinute: number | null
  /** 0..1: answers one of failureStatuses at random (seeded RNG). */
  failureRate: number
  /** Default [500, 502, 503]. */
  failureStatuses: number[]
  /** Trickle the body over this many ms (headers at once, then the body in a few parts). */
  slowBodyMs: number
  /** 200 answers carry a broken JSON body (the request itself is still carried out). */
  malformedJson: boolean
  /** Every answer is a 500 with an HTML page instead of JSON. */
  htmlErrorPage: boolean
}

export interface ReferenceServerOptions {
  /** 0 (default) = a free port. */
  port?: number
  /** Default '127.0.0.1'; anything that is not loopback is refused. */
  host?: string
  /** 'demo' etc; the same seed gives the same data. */
  seed?: string | number
  /** Sites of the first account (default 0 without a seed, 60 with a seed). */
  sites?: number
  /** Tags of the first account (default: a handful when there are sites). */
  tags?: number
  /** Events of the first account (default: about four per site). */
  events?: number
  /** How many accounts/tokens (default 2); the second and later get a smaller portfolio. */
  accounts?: number
  /** Fixed tokens (else random); tokens[i] belongs to account i. */
  tokens?: string[]
  /** Persist state here (atomic write), load it at start when present. */
  dataFile?: string
  /** Default true: GET /logs links point at /sites/<site_id>/logs (spec 2.4 rule 4). */
  logsLinkQuirk?: boolean
  /** Default 15 (spec 8.1). */
  perPage?: number
  faults?: Partial<ReferenceServerFaults>
  /** Simulation timer; off when absent. */
  monitoring?: { intervalMs: number }
  /** The server's clock (default: the real one); lets tests pin timestamps. */
  now?: () => Date
  /**
   * Default false. When true, GET /__stats (outside the API root, no token, no latency, not
   * rate limited) answers requests received, answers by status, CPU and memory of the process,
   * for benchmarks that run the server in a process of its own (stats.ts).
   */
  stats?: boolean
}

export interface RunningReferenceServer {
  /** e.g. http://127.0.0.1:PORT/api/v1 */
  baseUrl: string
  /** tokens[0] = first account. */
  tokens: string[]
  port: number
  setFaults(faults: Partial<ReferenceServerFaults>): void
  /** Runs one monitoring pass now; returns the events it recorded, per token. */
  runMonitoringPass(): { token: string; events: SiteEvent[] }[]
  /** Subscribe to new events recorded (for the demo's live feed). Returns the unsubscribe. */
  onEvents(listener: (token: string, events: SiteEvent[]) => void): () => void
  /** Count of requests received so far (for tests). */
  requestCount(): number
  /**
   * Every request received so far, in order, as "METHOD /path?query" (for tests that count what
   * one action sends, e.g. one Refresh = one GET /api/v1/sites?page=1). Bounded to the last
   * 10,000 so a long-running server does not grow without end.
   */
  requestLog(): readonly string[]
  close(): Promise<void>
}
