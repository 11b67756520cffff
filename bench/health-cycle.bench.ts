// One reachability cycle of core's health checks over 10,000 sites, each its own host name
// resolved to loopback by the injected resolver (no DNS query, no connection off the machine),
// served by a process of its own answering after 50 ms: wall time against the floor
// ceil(sites / concurrency) x latency, core's CPU time and memory for the cycle; then the
// store's growth for a day of checks at 10,000 sites (288 cycles of results written through
// HealthStore on a real file, the network left out: its cost is the cycle's above).
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import type { Account, Site } from '../src/shared'
import { DEFAULT_CONCURRENCY } from '../src/core/health/check-runner'
import type { CheckOutcome } from '../src/core/health/check-outcome'
import { loopbackNetwork } from '../src/core/health/health-network'
import { HealthService } from '../src/core/health/health-service'
import { HealthStore } from '../src/core/health/health-store'
import { SqliteWorkspaceStore } from '../src/core/store/sqlite-workspace-store'
import { realSyncClock } from '../src/core/sync/sync-clock'
import { below, figure, heading, line, rssMiB, heapMiB } from './measure'

// Belt and braces: whatever is injected below, the default network refuses off-machine too.
process.env.SITE_MANAGER_LOOPBACK_ONLY = '1'

/** BENCH_HEALTH_SITES=2000 for a quicker look (a profile, say); the target is at 10,000. */
const SITES = Number(process.env.BENCH_HEALTH_SITES ?? 10_000)
const LATENCY_MS = 50
const ACCOUNT = 'a0f0c3e0-0000-4000-8000-000000000001'
const ROOT = fileURLToPath(new URL('..', import.meta.url))

async function startSites(): Promise<{ port: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/support/latency-site-server.ts', String(LATENCY_MS)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] })
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve)
    child.once('exit', (code) => reject(new Error(`the site server stopped (${code})`)))
  })
  return {
    port: Number(first),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

function site(id: number, port: number): Site {
  const host = `site-${String(id).padStart(5, '0')}.test`
  return {
    id,
    name: host,
    url: `http://${host}:${port}/`,
    admin_url: `http://${host}:${port}/admin`,
    notes: '',
    status: 'Ok',
    published: 1,
    tags: [],
    server: { ip: '127.0.0.1', web: null, php: '8.3.9', mysql: '8.0.36' },
    updates_count: 0,
    created_at: '2026-01-01T00:00:00+00:00',
    updated_at: '2026-01-01T00:00:00+00:00',
    last_check_at: null,
  }
}

const dir = mkdtempSync(join(tmpdir(), 'site-manager-bench-health-'))
const server = await startSites()
try {
  const sites = Array.from({ length: SITES }, (_, i) => site(i + 1, server.port))
  const hosts = Object.fromEntries(sites.map((s) => [new URL(s.url).hostname, ['127.0.0.1']]))
  const workspace = SqliteWorkspaceStore.open({ dataDir: dir })
  workspace.replaceSnapshot(ACCOUNT, { sites, tags: [], syncedAt: new Date().toISOString() })
  const store = new HealthStore(workspace.database)
  const account: Account = { id: ACCOUNT, label: 'Bench', baseUrl: 'http://127.0.0.1:1/api/v1', kind: 'remote', tokenState: 'ok', createdAt: '2026-01-01T00:00:00Z' }
  const service = new HealthService({
    store,
    sites: (id) => workspace.sites(id),
    accounts: async () => [account],
    events: { emit: () => undefined },
    network: loopbackNetwork({ hosts }),
    clock: realSyncClock,
    userAgent: 'Site Manager/bench (site health check)',
    isOnline: () => true,
    retentionDays: () => 365,
    onlyChecks: ['reachability'],
    onError: (error) => console.error(error),
  })

  heading(`health-cycle: one reachability cycle, ${SITES.toLocaleString('en')} sites, ${LATENCY_MS} ms latency`)
  line('load average (1 min) at the start, on a machine of 2 cores here', loadavg()[0] ?? 0, '', 2)
  const rssBefore = rssMiB()
  const heapBefore = heapMiB()
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  const cycle = await service.runCycle()
  const wallMs = performance.now() - started
  const cpu = process.cpuUsage(cpuBefore)
  const floorMs = Math.ceil(SITES / DEFAULT_CONCURRENCY) * LATENCY_MS
  line('checks run / recorded', cycle.jobs, `/ ${cycle.recorded}`, 0)
  line(`concurrency used (default ${DEFAULT_CONCURRENCY})`, cycle.concurrency, '', 0)
  line('wall time of the cycle', wallMs / 1000, 's', 2)
  line(`floor ceil(${SITES} / ${DEFAULT_CONCURRENCY}) x ${LATENCY_MS} ms`, floorMs / 1000, 's', 2)
  figure('wall time / floor', wallMs / floorMs, 'x', below(1.2), 2)
  line("core's CPU time for the cycle (user + system)", (cpu.user + cpu.system) / 1e6, 's', 2)
  line("core's CPU per check", (cpu.user + cpu.system) / 1000 / SITES, 'ms', 3)
  line('RSS after the cycle (after GC)', rssMiB(), 'MiB')
  line('RSS growth over the cycle', rssMiB() - rssBefore, 'MiB')
  line('heap used growth over the cycle (after GC)', heapMiB() - heapBefore, 'MiB')
  line('load average (1 min) at the end', loadavg()[0] ?? 0, '', 2)
  const scope = service.scope([ACCOUNT])
  line('sites with a finding after the cycle', Object.keys(scope.sites).length, '', 0)
  await service.dispose()

  heading(`health-cycle: the store's growth for a day of checks at ${SITES.toLocaleString('en')} sites`)
  const db = workspace.database
  const fileSize = (): number => {
    db.pragma('wal_checkpoint(TRUNCATE)')
    return statSync(join(dir, 'workspace.sqlite')).size
  }
  const dayStart = Date.UTC(2026, 10, 2)
  // The state rows exist after the first cycle; a day adds response-time rows and rewrites states.
  const outcome = (i: number, at: number): CheckOutcome => ({
    check: 'reachability',
    level: 'ok',
    cause: null,
    reason: `Answered HTTP 200 in ${100 + (i % 200)} ms.`,
    details: { kind: 'reachability', status: 200, finalUrl: sites[i]!.url, redirects: 0, ttfbMs: 80 + (i % 150), totalMs: 100 + ((i + at) % 200), keyword: null, failuresInRow: 0, failingSince: null },
    sample: { up: true, ms: 100 + ((i + at) % 200) },
  })
  store.record(sites.map((s, i) => ({ accountId: ACCOUNT, siteId: s.id, outcome: outcome(i, 0) })), dayStart - 300_000)
  const before = fileSize()
  const writeTimes: number[] = []
  for (let cycleIndex = 0; cycleIndex < 288; cycleIndex++) {
    const at = dayStart + cycleIndex * 300_000
    const entries = sites.map((s, i) => ({ accountId: ACCOUNT, siteId: s.id, outcome: outcome(i, cycleIndex) }))
    const t = performance.now()
    store.record(entries, at)
    writeTimes.push(performance.now() - t)
  }
  const after = fileSize()
  writeTimes.sort((a, b) => a - b)
  line('one cycle of 10,000 results written, median', writeTimes[144]!, 'ms')
  line('database growth over a day (288 cycles)', (after - before) / 1024 / 1024, 'MiB')
  line('... per site and day', (after - before) / SITES, 'bytes', 0)
  line('... kept at most (8 days of hours, 31 of days), estimate', ((after - before) * 8) / 1024 / 1024, 'MiB')
  workspace.close()
} finally {
  await server.stop()
  rmSync(dir, { recursive: true, force: true })
}
