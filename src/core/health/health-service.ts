// Health in core: every tick (a minute), the checks that are due for each account's sites run
// (check-runner.ts) through the injected network, or for the demo come from its simulation,
// and their results go to the health store in one transaction. After a cycle that changed
// findings, 'health:changed' names the accounts, and at most one 'attention:summary' tells of
// the transitions. Nothing leaves the machine for an account turned off, a site turned off, the
// demo, or while the machine is offline. This file is the schedule (ticks, the cycle soon
// after a change, the confirmation a minute after a first failure) and one cycle's steps; what
// a cycle checks is cycle-plan.ts, one check check-job.ts, the domain look-ups
// domain-lookups.ts, what it tells the app cycle-announce.ts.
import { setMaxListeners } from 'node:events'
import type { Account, Site } from '../../shared'
import type { HealthCheck, HealthSettings, HealthSettingsPatch, ScopeHealth, SiteHealth } from '../../shared/health'
import { parseKey } from '../../shared/scope'
import type { SyncClock } from '../sync/sync-clock'
import { checkJob } from './check-job'
import { CheckRunner } from './check-runner'
import { announceCycle, changedAccounts, type Emitter } from './cycle-announce'
import { planCycle } from './cycle-plan'
import { DomainLookups } from './domain-lookups'
import { DAILY_MS } from './due-checks'
import type { HealthNetwork } from './health-network'
import { scopeHealth, enabledInAccount, siteHealth, type ReadContext } from './health-reads'
import { readSettings, writeSettings } from './health-settings'
import type { HealthStore, RecordEntry } from './health-store'
import { hasNetwork, looksOffline } from './machine-offline'
import type { RdapBootstrap } from './rdap-bootstrap'
import { DOWN_AFTER_MS } from './reachability-check'
import { SiteFindingsCache, type SiteFindings } from './site-findings'

/** How often due checks are looked for; also the recheck after a first failure. */
export const TICK_MS = 60_000
/** How soon a site whose options changed is checked again. */
const SOON_MS = 1000
export interface HealthServiceOptions {
  store: HealthStore
  /** The account's stored sites (the workspace store). */
  sites: (accountId: string) => readonly Site[]
  accounts: () => Promise<readonly Account[]>
  events: Emitter
  network: HealthNetwork
  clock: SyncClock
  /** "Site Manager/0.1.0 (health check)": sent with every request. */
  userAgent: string
  /** Trusted CAs besides the system's (trust-store.ts). */
  ca?: readonly string[]
  /** Whether the machine has a network; default any interface that is not loopback. */
  isOnline?: () => boolean
  /** Days incidents are kept (the history setting). */
  retentionDays: () => number
  concurrency?: number
  maxConcurrency?: number
  hostSpacingMs?: number
  /** Only these checks run (the bench runs reachability alone); default all. */
  onlyChecks?: readonly HealthCheck[]
  /** Where IANA's bootstrap file is fetched from once a month (tests give a loopback one). */
  bootstrapUrl?: string
  onError?: (error: unknown) => void
}

export interface CycleResult {
  jobs: number
  recorded: number
  changedAccounts: string[]
  offline: boolean
  wallMs: number
  concurrency: number
}

export class HealthService {
  private readonly runner: CheckRunner
  private running: Promise<CycleResult> | undefined
  private cancelTick: (() => void) | undefined
  private disposed = false
  private readonly stopping = new AbortController()
  private readonly domains: DomainLookups
  private lastPruneMs = 0
  private cycleErrors: unknown[] = []
  private readonly findings: SiteFindingsCache
  private soonPending = false
  private cancelConfirm: (() => void) | undefined
  /** Sites ("accountId:siteId") whose reachability is checked at the next cycle, due or not. */
  private readonly recheck = new Set<string>()

  constructor(private readonly options: HealthServiceOptions) {
    this.findings = new SiteFindingsCache(
      (accountId) => options.store.findings(accountId),
      (accountId) => enabledInAccount(this.settings(), accountId),
    )
    this.domains = new DomainLookups({
      store: options.store,
      network: options.network,
      userAgent: options.userAgent,
      ...(options.ca ? { ca: options.ca } : {}),
      ...(options.bootstrapUrl === undefined ? {} : { bootstrapUrl: options.bootstrapUrl }),
      ...(options.onError ? { onError: options.onError } : {}),
    })
    // Every check in flight listens to it (16 or more at once): that is no leak.
    setMaxListeners(0, this.stopping.signal)
    this.runner = new CheckRunner({
      clock: options.clock,
      ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
      ...(options.maxConcurrency === undefined ? {} : { maxConcurrency: options.maxConcurrency }),
      ...(options.hostSpacingMs === undefined ? {} : { hostSpacingMs: options.hostSpacingMs }),
      // Gathered per cycle and written down once (cycleErrors): a cycle of 10,000 checks that
      // all fail the same way is one line, not 10,000.
      onError: (error) => this.cycleErrors.push(error),
    })
  }

  /** Checks begin after `delayMs` and go on every tick until dispose. */
  start(delayMs: number): void {
    if (this.disposed || this.cancelTick) return
    const loop = (): void => {
      this.runCycle()
        .catch((error: unknown) => this.options.onError?.(error))
        .finally(() => {
          if (!this.disposed) this.cancelTick = this.options.clock.after(TICK_MS, loop)
        })
    }
    this.cancelTick = this.options.clock.after(delayMs, loop)
  }

  /** One cycle of the checks due now (or the one under way). */
  runCycle(): Promise<CycleResult> {
    this.running ??= this.cycle().finally(() => {
      this.running = undefined
    })
    return this.running
  }

  scope(accountIds: readonly string[]): ScopeHealth {
    return scopeHealth(this.readContext(), accountIds)
  }

  site(accountId: string, siteId: number, isDemo: boolean): SiteHealth {
    return siteHealth({ ...this.readContext(), isDemo: () => isDemo }, accountId, siteId)
  }

  /** The account's findings by site, for the Sites query: the same map until a finding changes. */
  siteFindings(accountId: string): SiteFindings {
    return this.findings.of(accountId)
  }

  settings(): HealthSettings {
    return readSettings(this.options.store)
  }

  updateSettings(patch: HealthSettingsPatch): HealthSettings {
    const settings = writeSettings(this.options.store, patch)
    // A site or account turned off or on shows or hides its findings.
    this.findings.invalidate()
    // A site's new look-for text (or its checks back on) is looked at within seconds, not at
    // its next interval: the person is waiting to see what it finds.
    const parsed = patch.site ? parseKey(patch.site.site) : null
    if (parsed && (patch.site?.lookFor !== undefined || patch.site?.enabled === true)) {
      this.recheck.add(`${parsed.accountId}:${parsed.id}`)
      this.soon()
    }
    // Findings shown or hidden by turning checks off or on: the windows and the tray read again.
    const touched = [patch.account?.accountId, patch.site?.enabled !== undefined ? parsed?.accountId : undefined].filter((id): id is string => id !== undefined)
    if (touched.length > 0 && !this.disposed) this.options.events.emit('health:changed', { accountIds: [...new Set(touched)] })
    return settings
  }

  /**
   * A sync changed an account's sites: a site new to the app (a first sync, a site just
   * created) is checked within seconds, not at the next tick; sites checked already are not
   * due, so the cycle costs next to nothing for them.
   */
  sitesChanged(): void {
    this.soon()
  }

  /** How many of the account's sites are down now (its checks on, the site still the account's). */
  sitesDown(accountId: string): number {
    if (this.settings().accounts[accountId] === false) return 0
    const ids = new Set(this.options.sites(accountId).map((site) => site.id))
    let down = 0
    for (const [siteId, findings] of this.findings.of(accountId)) if (ids.has(siteId) && findings.some((f) => f.cause === 'down')) down++
    return down
  }

  /** When the last check of any of these accounts ended; null before any. */
  lastCheckedAt(accountIds: readonly string[]): string | null {
    const ms = this.options.store.lastCheckedMs(accountIds)
    return ms === null ? null : new Date(ms).toISOString()
  }

  /** A cycle in a moment (after the one under way), once checks run on a timer (tests that run cycles themselves get none). */
  private soon(): void {
    if (this.disposed || !this.cancelTick || this.soonPending) return
    this.soonPending = true
    this.options.clock.after(SOON_MS, () => {
      this.soonPending = false
      this.cycleAfterCurrent()
    })
  }

  /**
   * A site's first failure is confirmed or cleared a minute later (the two-failure rule), not
   * at the tick after: one cycle then, for every site whose first failure it was.
   */
  private confirmSoon(): void {
    if (this.disposed || !this.cancelTick || this.cancelConfirm) return
    this.cancelConfirm = this.options.clock.after(DOWN_AFTER_MS + SOON_MS, () => {
      this.cancelConfirm = undefined
      this.cycleAfterCurrent()
    })
  }

  private cycleAfterCurrent(): void {
    if (this.disposed) return
    if (this.running) void this.running.finally(() => this.cycleAfterCurrent())
    else this.runCycle().catch((error: unknown) => this.options.onError?.(error))
  }

  /** An account that is gone takes its health rows with it. */
  forgetAccount(accountId: string): void {
    this.options.store.removeAccount(accountId)
    this.findings.forget(accountId)
  }

  async dispose(): Promise<void> {
    this.disposed = true
    this.cancelTick?.()
    this.cancelConfirm?.()
    this.stopping.abort()
    await this.running?.catch(() => undefined)
  }

  private readContext(): ReadContext {
    return { store: this.options.store, settings: this.settings(), sites: this.options.sites, findings: (accountId) => this.findings.of(accountId), isDemo: () => false, nowMs: this.options.clock.now() }
  }

  private async cycle(): Promise<CycleResult> {
    const { store, clock } = this.options
    const started = clock.now()
    const settings = this.settings()
    const accounts = await this.options.accounts()
    // IANA's file is fetched (at most monthly) only when a domain look-up needs it.
    let bootstrap: Promise<RdapBootstrap> | undefined
    const bootstrapNow = (): Promise<RdapBootstrap> => (bootstrap ??= this.domains.bootstrap(started))
    const { immediate, jobs } = planCycle({
      accounts,
      settings,
      startedMs: started,
      online: (this.options.isOnline ?? hasNetwork)(),
      wanted: new Set<HealthCheck>(this.options.onlyChecks ?? ['reachability', 'tls', 'dns', 'domain', 'eol']),
      store,
      sites: this.options.sites,
      domains: this.domains,
      recheck: this.recheck,
      job: (accountId, due) => checkJob({ ...this.options, domains: this.domains }, accountId, due, settings, bootstrapNow),
    })
    const checked: RecordEntry[] = []
    this.cycleErrors = []
    const intervalMs = settings.intervalMinutes * 60_000
    const report = await this.runner.run(jobs, intervalMs, (job, outcome) => checked.push({ accountId: job.accountId, siteId: job.siteId, outcome }), this.stopping.signal, settings.concurrency)
    this.reportErrors(this.cycleErrors)
    // Checks cut short by closing the app say nothing about the sites.
    const stopped = this.stopping.signal.aborted
    // Every site failing to connect at once is this machine offline, not every site down.
    const offline = looksOffline(checked)
    const recorded = store.record(offline || stopped ? immediate : [...immediate, ...checked], clock.now())
    // A finding written (or one gone) may change its account's findings: their sentence or days too.
    for (const { accountId, previous, next } of recorded) if (next.cause !== null || (previous?.cause ?? null) !== null) this.findings.invalidate(accountId)
    if (recorded.some(({ next }) => next.details.kind === 'reachability' && next.details.failuresInRow === 1)) this.confirmSoon()
    const changed = changedAccounts(recorded)
    if (!this.disposed) announceCycle(this.options.events, changed, recorded, { accounts, settings, sites: this.options.sites })
    if (clock.now() - this.lastPruneMs >= DAILY_MS) {
      this.lastPruneMs = clock.now()
      store.prune(clock.now(), this.options.retentionDays())
    }
    return { jobs: report.jobs, recorded: recorded.length, changedAccounts: changed, offline, wallMs: clock.now() - started, concurrency: report.concurrency }
  }

  /** One line for a cycle's failed checks: how many, and the first of them (with its cause). */
  private reportErrors(errors: readonly unknown[]): void {
    if (errors.length === 0) return
    const first = errors[0]
    const what = first instanceof Error ? first.message : String(first)
    this.options.onError?.(new Error(`${errors.length} health check${errors.length === 1 ? '' : 's'} failed inside the app; the first: ${what}`, { cause: first }))
  }
}
