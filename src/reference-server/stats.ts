// What a benchmark asks of a server running in its own process: how many requests it took,
// how it answered them (429s above all), and the CPU and memory it spent. Served at GET /__stats
// (outside the API root, before latency and the rate limiter, not counted itself) only when
// the server was started with `stats: true` (`--stats`); otherwise that path is an ordinary 404.
import type { IncomingMessage, ServerResponse } from 'node:http'

export const STATS_PATH = '/__stats'

export interface ServerStats {
  /** API requests received (everything but GET /__stats). */
  requests: number
  /** Answers sent, by status code. */
  statuses: Record<string, number>
  /** CPU time of the whole server process since it started. */
  cpuMs: { user: number; system: number }
  memory: { rssBytes: number; heapUsedBytes: number }
}

export class StatsCounter {
  requests = 0
  private readonly statuses = new Map<number, number>()

  answered(status: number): void {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1)
  }

  snapshot(): ServerStats {
    const cpu = process.cpuUsage()
    const memory = process.memoryUsage()
    return {
      requests: this.requests,
      statuses: Object.fromEntries([...this.statuses].sort(([a], [b]) => a - b).map(([status, n]) => [String(status), n])),
      cpuMs: { user: cpu.user / 1000, system: cpu.system / 1000 },
      memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed },
    }
  }
}

/** Answers GET /__stats and says so; anything else is left to the API. */
export function serveStats(request: IncomingMessage, response: ServerResponse, counter: StatsCounter): boolean {
  if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== STATS_PATH) return false
  response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
  response.end(JSON.stringify(counter.snapshot()))
  return true
}
