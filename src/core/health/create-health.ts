// Builds core's health service from createCore's parts: its store in the workspace database
// (or in memory beside a workspace store that is not SQLite), the accounts as the pushes tell
// them, the User-Agent naming the app and its version, and the network and CAs injected or
// the defaults (loopback only under a test runner).
import type { Account } from '../../shared'
import type { AccountStore } from '../accounts'
import { realSyncClock, type SyncClock } from '../sync/sync-clock'
import type { WorkspaceStore } from '../store/workspace-store'
import { SqliteWorkspaceStore } from '../store/sqlite-workspace-store'
import type { PushEmitter } from '../util/push-emitter'
import { defaultHealthNetwork, type HealthNetwork } from './health-network'
import { HealthService } from './health-service'
import { HealthStore } from './health-store'
import { trustedCa } from './trust-store'

/** What createCore may inject into health (CoreOptions.health). */
export interface HealthOptions {
  network?: HealthNetwork
  /** PEM certificates trusted besides the system's and NODE_EXTRA_CA_CERTS. */
  ca?: readonly string[]
  clock?: SyncClock
  isOnline?: () => boolean
  /** false: no checks on a timer (tests that run cycles themselves). */
  autoStart?: boolean
  /** When the first cycle runs after start (default 20 s: the app opens with what it knows first). */
  startDelayMs?: number
  concurrency?: number
  bootstrapUrl?: string
}

export interface HealthParts {
  workspace: WorkspaceStore
  accounts: AccountStore
  events: PushEmitter
  appName: string
  appVersion: string
  onError: (error: unknown) => void
  /** The tray's and badge's count of sites down across every account (desktop); called when it changes. */
  setSitesDown?: (count: number) => void
}

const START_DELAY_MS = 20_000

/**
 * SITE_MANAGER_HEALTH_START_MS: when the first cycle runs, for the e2e suite and the demo
 * screenshots that should not wait 20 s; ignored unless a whole number of ms up to 10 minutes.
 */
export function startDelayFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env.SITE_MANAGER_HEALTH_START_MS
  if (raw === undefined || !/^\d{1,6}$/.test(raw)) return undefined
  const ms = Number(raw)
  return ms <= 600_000 ? ms : undefined
}

/** The real clock, whose timers do not keep a process alive that forgot to dispose core. */
const unrefClock: SyncClock = {
  ...realSyncClock,
  after(ms, fn) {
    const timer = setTimeout(fn, ms)
    timer.unref()
    return () => clearTimeout(timer)
  },
}

export function createHealth(parts: HealthParts, options: HealthOptions = {}): { service: HealthService; stop: () => Promise<void> } {
  const store = parts.workspace instanceof SqliteWorkspaceStore ? new HealthStore(parts.workspace.database) : HealthStore.inMemory()
  let known: readonly Account[] | undefined
  const stopListening = parts.events.on('accounts:changed', (state) => {
    const now = new Set(state.accounts.map((a) => a.id))
    for (const account of known ?? []) if (!now.has(account.id)) service.forgetAccount(account.id)
    known = state.accounts
  })
  // New sites (a first sync, a site created) are checked within seconds.
  const stopSites = parts.events.on('workspace:changed', (change) => {
    if (change.sites) service.sitesChanged()
  })
  // The sites down of every account checked, for the tray and badge: counted after each
  // change of findings (a cycle, a site or account turned off or on) and told when it moved.
  let lastDown: number | null = null
  const countDown = (): void => {
    if (!parts.setSitesDown) return
    let down = 0
    for (const account of known ?? []) down += service.sitesDown(account.id)
    if (down !== lastDown) {
      lastDown = down
      parts.setSitesDown(down)
    }
  }
  const stopDown = parts.events.on('health:changed', countDown)
  const ca = trustedCa(options.ca ? { ca: options.ca } : {})
  const service = new HealthService({
    store,
    sites: (accountId) => parts.workspace.sites(accountId),
    accounts: async () => (known ??= (await parts.accounts.list()).accounts),
    events: parts.events,
    network: options.network ?? defaultHealthNetwork(),
    clock: options.clock ?? unrefClock,
    userAgent: `${parts.appName}/${parts.appVersion} (site health check)`,
    ...(ca ? { ca } : {}),
    ...(options.isOnline ? { isOnline: options.isOnline } : {}),
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
    ...(options.bootstrapUrl ? { bootstrapUrl: options.bootstrapUrl } : {}),
    retentionDays: () => parts.workspace.settings().historyRetentionDays,
    onError: parts.onError,
  })
  if (options.autoStart !== false) service.start(options.startDelayMs ?? startDelayFromEnv() ?? START_DELAY_MS)
  return {
    service,
    stop: async () => {
      stopListening()
      stopSites()
      stopDown()
      await service.dispose()
    },
  }
}
