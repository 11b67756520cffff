// How much the site history makes the workspace database grow. 10,000 sites synced
// every 5 minutes for 30 simulated days (8,640 syncs) with realistic change rates: most syncs
// change nothing; each site is checked about once a day (last_check_at moves); 3% of sites
// change their pending updates per day; PHP upgrades are rare (0.1% of sites a day), MySQL and
// web server changes rarer (0.02%).
//
// To stay within a minute or two, the simulated syncs do not go through HTTP nor compare the
// 10,000 unchanged sites' JSON each time (that cost is the existing sync's, measured by
// workspace-store and full-read): each writes its changed sites and runs the history step
// (SiteHistoryStore: compare the changed sites, roll the day up, prune) on the real database
// file in one transaction, with simulated times. A few real replaceSnapshot calls at 10,000
// sites give the full store write with history for comparison.
import { statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Site } from '../src/shared'
import { SiteHistoryStore } from '../src/core/store/site-history'
import { SqliteWorkspaceStore } from '../src/core/store/sqlite-workspace-store'
import { openWorkspaceDatabase, WORKSPACE_FILE } from '../src/core/store/workspace-database'
import { generateState } from '../src/reference-server/seed/generate'
import { siteToWire } from '../src/reference-server/wire'
import { SeededRandom } from '../src/reference-server/random'
import { PHP_VERSIONS, MYSQL_VERSIONS, WEB_SERVERS } from '../src/reference-server/seed/catalog'
import { below, figure, heading, line, medianMs, percentile } from './measure'

const SITES = 10_000
const DAYS = 30
const SYNC_MINUTES = 5
const SYNCS_PER_DAY = (24 * 60) / SYNC_MINUTES
const ACCOUNT = 'bench-account'
const RATES_PER_DAY = { check: 1, updates: 0.03, php: 0.001, mysql: 0.0002, web: 0.0002 }
const MIB = 1024 * 1024

heading(`Site history: ${SITES.toLocaleString('en')} sites synced every ${SYNC_MINUTES} minutes for ${DAYS} simulated days`)

const dataDir = await mkdtemp(join(tmpdir(), 'site-manager-bench-history-'))
try {
  const generated = generateState({ seed: 'bench', tokens: ['bench'], size: { sites: SITES, tags: 8, events: 0 }, anchor: new Date() })
  const account = generated.accounts[0]!
  let sites: Site[] = account.sites.map((site) => siteToWire(site, account))
  const random = new SeededRandom('history-bench', 'changes')
  const start = Date.UTC(2026, 0, 1)

  // The first sync and a few real full store writes (10,000 sites compared, history included).
  const store = SqliteWorkspaceStore.open({ dataDir })
  store.replaceSnapshot(ACCOUNT, { sites, tags: [], syncedAt: new Date(start).toISOString() })
  let fullAt = start
  const fullMs = await medianMs(5, () => {
    fullAt += 1000
    sites = sites.map((site, i) => (i < 40 ? { ...site, last_check_at: new Date(fullAt).toISOString() } : site))
    store.replaceSnapshot(ACCOUNT, { sites, tags: [], syncedAt: new Date(fullAt).toISOString() })
  })
  figure('a full sync write of 10,000 sites with its history (replaceSnapshot), median', fullMs, 'ms', below(250))
  store.close()

  const opened = openWorkspaceDatabase({ dataDir })
  const db = opened.db
  const file = join(dataDir, WORKSPACE_FILE)
  const size = (): number => {
    db.pragma('wal_checkpoint(TRUNCATE)')
    return statSync(file).size
  }
  const history = new SiteHistoryStore(db)
  const putSite = db.prepare('UPDATE sites SET json = ? WHERE account_id = ? AND id = ?')
  const baseline = size()
  const baselineRows = db.prepare('SELECT count(*) FROM site_history').pluck().get() as number
  line('database with 10,000 sites before the 30 days', baseline / MIB, 'MiB', 2)

  const perSync = (rate: number): number => (rate * SITES) / SYNCS_PER_DAY
  /** How many of `expected` (a fraction on average) happen in this sync. */
  const howMany = (expected: number): number => Math.floor(expected) + (random.chance(expected % 1) ? 1 : 0)
  const historyTimes: number[] = []
  let changedSites = 0
  const stepStart = performance.now()
  for (let sync = 1; sync <= DAYS * SYNCS_PER_DAY; sync++) {
    const atMs = start + sync * SYNC_MINUTES * 60_000
    const at = new Date(atMs).toISOString()
    const changed = new Map<number, { before: Site; after: Site }>()
    const change = (index: number, edit: (site: Site) => Site): void => {
      const current = changed.get(index)?.after ?? sites[index]!
      changed.set(index, { before: changed.get(index)?.before ?? sites[index]!, after: edit(current) })
    }
    // Checks go round the sites in order, so each is checked about once a day.
    const checks = howMany(perSync(RATES_PER_DAY.check))
    for (let i = 0; i < checks; i++) change(((sync - 1) * checks + i) % SITES, (s) => ({ ...s, last_check_at: at }))
    for (let i = howMany(perSync(RATES_PER_DAY.updates)); i > 0; i--) {
      change(random.int(0, SITES - 1), (s) => ({ ...s, updates_count: Math.max(0, (s.updates_count ?? 0) + random.int(-3, 4)) }))
    }
    for (let i = howMany(perSync(RATES_PER_DAY.php)); i > 0; i--) change(random.int(0, SITES - 1), (s) => ({ ...s, server: { ...s.server, php: random.pick(PHP_VERSIONS) } }))
    for (let i = howMany(perSync(RATES_PER_DAY.mysql)); i > 0; i--) change(random.int(0, SITES - 1), (s) => ({ ...s, server: { ...s.server, mysql: random.pick(MYSQL_VERSIONS) } }))
    for (let i = howMany(perSync(RATES_PER_DAY.web)); i > 0; i--) change(random.int(0, SITES - 1), (s) => ({ ...s, server: { ...s.server, web: random.pick(WEB_SERVERS) } }))
    for (const [index, { after }] of changed) sites[index] = after
    changedSites += changed.size

    const t0 = performance.now()
    db.transaction(() => {
      const write = history.begin(ACCOUNT, atMs)
      for (const { before, after } of changed.values()) {
        write.compare(before, after)
        putSite.run(JSON.stringify(after), ACCOUNT, after.id)
      }
      write.rollup(sites)
    })()
    history.prune(atMs, 365)
    historyTimes.push(performance.now() - t0)
  }
  const totalS = (performance.now() - stepStart) / 1000

  const after = size()
  const rows = (db.prepare('SELECT count(*) FROM site_history').pluck().get() as number) - baselineRows
  const dayRows = db.prepare('SELECT count(*) FROM history_days').pluck().get() as number
  const perField = db.prepare('SELECT field, count(*) AS n FROM site_history GROUP BY field ORDER BY field').all() as { field: number; n: number }[]
  const historyBytes = (db.prepare("SELECT sum(pgsize) FROM dbstat WHERE name = 'site_history'").pluck().get() as number | null) ?? Number.NaN

  line(`syncs simulated (${SYNCS_PER_DAY} a day), site writes in them`, DAYS * SYNCS_PER_DAY, 'syncs', 0)
  line('  sites changed in those syncs', changedSites, 'sites', 0)
  line('  history rows written (one per changed value)', rows, 'rows', 0)
  for (const { field, n } of perField) line(`    field code ${field} (1 updates, 2 php, 3 mysql, 4 web, 5 last check)`, n, 'rows', 0)
  line('  rollup rows (one per account and day)', dayRows, 'rows', 0)
  line('database after 30 days', after / MIB, 'MiB', 2)
  figure('growth over 30 days (sites rewritten in place + history + rollup)', (after - baseline) / MIB, 'MiB', below(64), 2)
  line('  site_history table on disk (dbstat)', historyBytes / MIB, 'MiB', 2)
  line('  bytes on disk per history row', historyBytes / Math.max(1, rows), 'B', 1)
  line('  projected growth over 365 days (the default retention)', ((after - baseline) / DAYS) * 365 / MIB, 'MiB', 1)
  figure('history step per sync (changed sites + rollup of 10,000 + prune), median', percentile(historyTimes, 0.5), 'ms', below(20), 2)
  line('history step per sync, p95', percentile(historyTimes, 0.95), 'ms', 2)
  line('history step per sync, slowest (includes the daily prune)', Math.max(...historyTimes), 'ms', 2)
  line('simulation wall time', totalS, 's', 1)

  const pruneStart = performance.now()
  history.retentionChanged()
  const pruned = history.prune(start + (DAYS + 1) * 86_400_000, 7)
  line(`pruning to 7 days after the 30 (${pruned.toLocaleString('en')} rows removed)`, performance.now() - pruneStart, 'ms')
  db.close()
} finally {
  await rm(dataDir, { recursive: true, force: true })
}
