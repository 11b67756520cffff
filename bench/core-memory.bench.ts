// Core's memory (RSS and V8 heap) once 10,000 sites and 100,000 events are synced.
// Core runs in a process of its own (bench/support/core-memory-worker.ts), the reference server
// in another, so the figures are core's alone: createCore, an account added, synced by the
// SyncEngine through the real client until the store holds everything, then a forced GC.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { heading, line, notMeasured } from './measure'
import { startServerProcess } from './support/server-process'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const SITES = 10_000
const EVENTS = 100_000
const TIMEOUT_MS = 10 * 60_000

heading(`Core's memory with ${SITES.toLocaleString('en')} sites and ${EVENTS.toLocaleString('en')} events synced (core in its own process)`)

const missing = ['src/core/sync/sync-engine.ts', 'src/core/store/sqlite-workspace-store.ts'].filter((file) => !existsSync(`${ROOT}/${file}`))
if (missing.length > 0) {
  notMeasured(`core's RSS and heap, everything synced`, `${missing.join(' and ')} not there yet (core cannot be created)`)
} else {
  const server = await startServerProcess({ sites: SITES, events: EVENTS, latencyMs: 0, startTimeoutMs: 300_000 })
  try {
    const worker = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', 'bench/support/core-memory-worker.ts', server.baseUrl, server.tokens[0]!, String(SITES), String(EVENTS), String(TIMEOUT_MS)],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    )
    const first = await new Promise<string | null>((resolve) => {
      const lines = createInterface({ input: worker.stdout })
      lines.once('line', resolve)
      worker.once('exit', () => resolve(null))
    })
    await new Promise((resolve) => (worker.exitCode !== null ? resolve(null) : worker.once('exit', resolve)))
    const result = first === null ? { ok: false, error: `the worker exited with ${worker.exitCode} and no answer` } : JSON.parse(first)
    if (!result.ok) {
      notMeasured(`core's RSS and heap, everything synced`, `core could not sync: ${result.error}`)
    } else if (result.sites < SITES || result.events < EVENTS) {
      notMeasured(
        `core's RSS and heap, everything synced`,
        `after ${(result.allSyncedMs / 1000).toFixed(0)} s the store held ${result.sites} sites and ${result.events} events, not all`,
      )
    } else {
      line(`first sync (sites + recent events), 0 ms latency`, result.firstSyncMs, 'ms')
      line(`until all ${EVENTS.toLocaleString('en')} events were in the store (background backfill)`, result.allSyncedMs, 'ms')
      console.log(`  (core runs from the sources through tsx here, whose compiler adds to both readings)`)
      line(`core's RSS, no account yet`, result.empty.rssMiB, 'MiB')
      line(`core's heap used, no account yet`, result.empty.heapUsedMiB, 'MiB')
      line(`core's RSS, everything synced (no target set)`, result.synced.rssMiB, 'MiB')
      line(`core's heap used, everything synced (no target set)`, result.synced.heapUsedMiB, 'MiB')
    }
  } finally {
    await server.stop()
  }
}
