// Runs in a process of its own for bench/core-memory.bench.ts: core as a shell creates it
// (createCore over a temporary data folder, an in-memory secret store instead of the keychain),
// one account added through its channel, synced until the store holds every site and event of
// the server, then core's memory after a forced collection. Prints one JSON line on stdout.
// argv: <baseUrl> <token> <sites> <events> <timeoutMs>
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCore } from '../../src/core'
import { MemorySecretStore } from '../../src/core/secrets'
import { SqliteWorkspaceStore } from '../../src/core/store/sqlite-workspace-store'

const [baseUrl, token, sitesText, eventsText, timeoutText] = process.argv.slice(2)
const expectedSites = Number(sitesText)
const expectedEvents = Number(eventsText)
const timeoutMs = Number(timeoutText)

function memory() {
  ;(globalThis as { gc?: () => void }).gc?.()
  const m = process.memoryUsage()
  return { rssMiB: m.rss / 2 ** 20, heapUsedMiB: m.heapUsed / 2 ** 20, externalMiB: m.external / 2 ** 20 }
}

const dataDir = await mkdtemp(join(tmpdir(), 'site-manager-bench-core-'))
const workspace = SqliteWorkspaceStore.open({ dataDir })
const core = createCore({
  dataDir,
  shell: 'web',
  appName: 'Site Manager',
  appVersion: '0.0.0-bench',
  secretStore: new MemorySecretStore(),
  workspaceStore: workspace,
})
try {
  const empty = memory()
  const started = performance.now()
  const added = await core.handlers['accounts:add']({ label: 'Bench agency', baseUrl, token })
  if (!added.ok) throw new Error(`accounts:add failed: ${added.error.message}`)
  const accountId = added.value.id
  // The first sync reads the sites and a recent window of events; older events fill in the
  // background. Wait, looking at the store directly (a channel call would count as the
  // person working and pause the backfill), until everything is there.
  const sync = await core.handlers['sync:now']({ accountId })
  if (!sync.ok) throw new Error(`sync:now failed: ${sync.error.message}`)
  const firstSyncMs = performance.now() - started
  let sites = 0
  let events = 0
  while (performance.now() - started < timeoutMs) {
    sites = workspace.sites(accountId).length
    events = workspace.eventCount(accountId)
    if (sites >= expectedSites && events >= expectedEvents) break
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  const synced = memory()
  process.stdout.write(
    `${JSON.stringify({ ok: true, sites, events, firstSyncMs, allSyncedMs: performance.now() - started, empty, synced })}\n`,
  )
} catch (error) {
  process.stdout.write(`${JSON.stringify({ ok: false, error: error instanceof Error ? error.message : String(error) })}\n`)
} finally {
  await core.dispose()
  await rm(dataDir, { recursive: true, force: true })
}
