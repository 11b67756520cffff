// startReferenceServer: puts the pieces together on Node's http module and owns their
// lifetimes, so close() stops everything it started (timers, sockets, the last write).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { SiteEvent } from '../shared'
import { DEFAULT_FAULTS, mergeFaults } from './faults'
import { FALLBACK_SEED, resolveInitialState } from './initial-state'
import { isLoopbackHost, listenAddress } from './loopback'
import { MonitoringSimulation } from './monitoring'
import { PendingTimers } from './pending-timers'
import { StateWriter } from './persistence'
import { SeededRandom } from './random'
import { RateLimiter } from './rate-limiter'
import { messageReply } from './replies'
import { writeReply } from './reply-writer'
import { answer } from './request-pipeline'
import { API_ROOT } from './router'
import { serveStats, StatsCounter } from './stats'
import { ReferenceStore } from './store'
import type { ReferenceServerFaults, ReferenceServerOptions, RunningReferenceServer } from './types'

/** requestLog keeps the newest this many. */
const MAX_LOGGED_REQUESTS = 10_000

type EventListener = (token: string, events: SiteEvent[]) => void

export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<RunningReferenceServer> {
  const requestedHost = options.host ?? '127.0.0.1'
  if (!isLoopbackHost(requestedHost)) throw new Error(`The reference server listens on loopback only, not on ${requestedHost}`)
  const host = listenAddress(requestedHost)
  const perPage = options.perPage ?? 15
  if (!Number.isInteger(perPage) || perPage < 1) throw new RangeError(`perPage must be a positive integer, got ${perPage}`)
  const now = options.now ?? (() => new Date())
  const seed = options.seed ?? FALLBACK_SEED

  // Generated history ends at the last full hour, so a restart within the hour repeats it.
  const anchor = new Date(Math.floor(now().getTime() / 3_600_000) * 3_600_000)
  const { state, fresh } = await resolveInitialState(options, anchor)
  const store = new ReferenceStore(state, now)
  const writer = options.dataFile ? new StateWriter(options.dataFile, () => store.state) : null
  if (writer) {
    store.onChange(() => writer.schedule())
    if (fresh) writer.schedule()
  }

  let faults: ReferenceServerFaults = mergeFaults(DEFAULT_FAULTS, options.faults ?? {})
  const limiter = new RateLimiter()
  const timers = new PendingTimers()
  const monitoring = new MonitoringSimulation(store, new SeededRandom(seed, 'monitoring'))
  const listeners = new Set<EventListener>()
  let requests = 0
  const requestLog: string[] = []
  const stats = options.stats ? new StatsCounter() : null

  const deps = {
    store,
    limiter,
    failureRandom: new SeededRandom(seed, 'faults'),
    faults: () => faults,
    perPage,
    logsLinkQuirk: options.logsLinkQuirk ?? true,
    fallbackHost: '',
  }

  const server = createServer((request, response) => {
    if (stats && serveStats(request, response, stats)) return
    requests++
    requestLog.push(`${request.method ?? ''} ${request.url ?? ''}`)
    if (requestLog.length > MAX_LOGGED_REQUESTS) requestLog.shift()
    if (stats) stats.requests++
    // Faults are read once per request, so a switch mid-request does not tear an answer.
    const current = faults
    void (async () => {
      await timers.sleep(current.latencyMs)
      if (timers.isClosed) return
      const reply = await answer(request, current, deps).catch((error: unknown) => {
        console.error('reference server: unexpected error', error)
        return messageReply(500, 'Server Error')
      })
      if (timers.isClosed || response.destroyed) return
      stats?.answered(reply.status)
      await writeReply(response, reply, current.slowBodyMs, timers)
    })()
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  const hostInUrl = host.includes(':') ? `[${host}]` : host
  deps.fallbackHost = `${hostInUrl}:${port}`

  const runMonitoringPass = () => {
    const results = monitoring.runPass()
    for (const { token, events } of results) {
      if (events.length === 0) continue
      for (const listener of listeners) {
        try {
          listener(token, events)
        } catch (error) {
          console.error('reference server: an onEvents listener threw', error)
        }
      }
    }
    return results
  }
  const interval = options.monitoring ? setInterval(runMonitoringPass, options.monitoring.intervalMs) : null

  let closing: Promise<void> | null = null
  return {
    baseUrl: `http://${hostInUrl}:${port}${API_ROOT}`,
    tokens: store.tokens,
    port,
    setFaults(change) {
      const next = mergeFaults(faults, change)
      // A new limit starts with fresh windows, as redeploying with a new throttle would.
      if (next.rateLimitPerMinute !== faults.rateLimitPerMinute) limiter.reset()
      faults = next
    },
    runMonitoringPass,
    onEvents(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    requestCount: () => requests,
    requestLog: () => [...requestLog],
    close() {
      closing ??= (async () => {
        if (interval) clearInterval(interval)
        listeners.clear()
        timers.closeAll()
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          server.closeAllConnections()
        })
        await writer?.flush()
      })()
      return closing
    },
  }
}
