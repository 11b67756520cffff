// Health in core: every tick (a minute), the checks that are due for each account's sites run
// (check-runner.ts) through the injected network, or for the demo come from its simulation,
// and their results go to the health store in one transaction. After a cycle that changed
// findings, 'health:changed' names the accounts, and at most one 'attention:summary' tells of
// the transitions. Nothing leaves the machine for an account turned off, a site turned off, the
// demo, or while the machine is offline.
import { setMaxListeners } from 'node:events'
import { networkInterfaces } from 'node:os'
import type { Account, AttentionSummary, PushEvent, PushEvents, Site } from '../../shared'
import type { HealthCheck, HealthSettings, HealthSettingsPatch, ScopeHealth, SiteHealth } from '../../shared/health'
import { parseKey } from '../../shared/scope'
import { healthSummary, healthTransitions } from '../attention/health-summary'
import type { SyncClock } from '../sync/sync-clock'
import type { CheckOutcome } from './check-outcome'
import { CheckRunner, type HealthJob } from './check-runner'
import { demoLookFor, demoOutcome } from './demo-health'
import { checkDns } from './dns-check'
import { DAILY_MS, dueChecks, type DueCheck } from './due-checks'
import { checkEndOfLife } from './eol-check'
import type { HealthNetwork } from './health-network'
import { scopeHealth, siteEnabled, siteHealth, type ReadContext } from './health-reads'
import { readSettings, writeSettings } from './health-settings'
import type { HealthStore, RecordEntry, Recorded } from './health-store'
import { httpGet } from './http-get'
import { BOOTSTRAP_REFRESH_MS, IANA_BOOTSTRAP_URL, parseBootstrap, SHIPPED_BOOTSTRAP, type RdapBootstrap } from './rdap-bootstrap'
import { judgeDomain, lookUpDomain, registrableDomain, type RdapLookup } from './rdap-check'
import { applyFailureRule, attemptReachability, DOWN_AFTER_MS } from './reachability-check'
import { SiteFindingsCache, type SiteFindings } from './site-findings'
import { checkTls } from './tls-check'

/** How often due checks are looked for; also the recheck after a first failure. */
export const TICK_MS = 60_000
/** How soon a site whose options changed is checked again. */
const SOON_MS = 1000
/** RDAP look-ups per tick at most: registries are shared by thousands of domains and rate-limit. */
const RDAP_PER_TICK = 10
const TIMEOUTS = { reachability: 15_000, tls: 10_000, dns: 10_000, domain: 15_000 }

interface Emitter {
  emit<E extends PushEvent>(event: E, payload: PushEvents[E]): void
}

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
  private readonly lookups = new Map<string, Promise<RdapLookup>>()
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
      (accountId) => {
        const settings = this.settings()
        return (siteId) => siteEnabled(settings, accountId, siteId)
      },
    )
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
    const intervalMs = settings.intervalMinutes * 60_000
    const online = (this.options.isOnline ?? hasNetwork)()
    const accounts = await this.options.accounts()
    const immediate: RecordEntry[] = []
    const jobs: HealthJob[] = []
    const wanted = new Set<HealthCheck>(this.options.onlyChecks ?? ['reachability', 'tls', 'dns', 'domain', 'eol'])
    // IANA's file is fetched (at most monthly) only when a domain look-up needs it.
    let bootstrap: Promise<RdapBootstrap> | undefined
    const bootstrapNow = (): Promise<RdapBootstrap> => (bootstrap ??= this.bootstrap(started))
    let rdapJobs = 0
    let dailyJobs = 0
    for (const account of accounts) {
      if (settings.accounts[account.id] === false) continue
      const sites = this.options.sites(account.id)
      store.forgetSitesExcept(account.id, new Set(sites.map((s) => s.id)))
      // Daily checks of a large portfolio spread over the first hour rather than one cycle.
      const dailyCap = Math.ceil(sites.length / 60) + 50
      const dueList = dueChecks(sites, store.dueInfo(account.id), (id) => siteEnabled(settings, account.id, id), started, intervalMs)
      this.addRechecks(account.id, sites, dueList, settings)
      for (const due of dueList) {
        if (!wanted.has(due.check)) continue
        const entry = (outcome: CheckOutcome | null): void => {
          if (outcome) immediate.push({ accountId: account.id, siteId: due.site.id, outcome })
        }
        // The demo is never checked over the network: its results are its own.
        if (account.kind === 'demo') {
          entry(demoOutcome(due.check, due.site, due.index, started, settings.warningDays))
          // The site whose keyword is simulated missing shows the text it looks for.
          const lookFor = demoLookFor(due.index)
          const key = `${account.id}:${due.site.id}`
          if (due.check === 'reachability' && lookFor !== null && settings.sites[key] === undefined) store.setSiteOptions(account.id, due.site.id, { enabled: true, lookFor })
        } else if (due.check === 'eol') entry(checkEndOfLife(due.site.server, started))
        else if (!online || (due.check !== 'reachability' && !isWebAddress(due.site.url))) continue
        else if (due.check === 'domain') {
          const cached = this.cachedDomain(due.site.url, started, settings)
          if (cached) entry(cached)
          else if (rdapJobs < RDAP_PER_TICK) {
            rdapJobs++
            jobs.push(this.job(account.id, due, settings, bootstrapNow))
          }
        } else if (due.check !== 'reachability') {
          if (dailyJobs++ < dailyCap) jobs.push(this.job(account.id, due, settings, bootstrapNow))
        } else jobs.push(this.job(account.id, due, settings, bootstrapNow))
      }
    }
    const checked: RecordEntry[] = []
    this.cycleErrors = []
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
    const changedAccounts = this.announce(recorded, accounts, settings)
    if (clock.now() - this.lastPruneMs >= DAILY_MS) {
      this.lastPruneMs = clock.now()
      store.prune(clock.now(), this.options.retentionDays())
    }
    return { jobs: report.jobs, recorded: recorded.length, changedAccounts, offline, wallMs: clock.now() - started, concurrency: report.concurrency }
  }

  private job(accountId: string, due: DueCheck, settings: HealthSettings, bootstrap: () => Promise<RdapBootstrap>): HealthJob {
    const { network, userAgent, ca } = this.options
    const url = due.site.url
    const trust = ca ? { ca } : {}
    return {
      accountId,
      siteId: due.site.id,
      host: hostOf(url),
      run: async (signal) => {
        const now = this.options.clock.now()
        switch (due.check) {
          case 'reachability': {
            const lookFor = settings.sites[`${accountId}:${due.site.id}`]?.lookFor ?? null
            const attempt = await attemptReachability(url, { network, userAgent, timeoutMs: TIMEOUTS.reachability, slowThresholdMs: settings.slowThresholdMs, lookFor, signal, ...trust })
            return applyFailureRule(attempt, this.options.store.state(accountId, due.site.id, 'reachability'), this.options.clock.now())
          }
          case 'tls':
            return checkTls(url, { network, nowMs: now, warningDays: settings.warningDays, timeoutMs: TIMEOUTS.tls, signal, ...trust })
          case 'dns':
            return checkDns(url, due.site.server.ip, network, signal, TIMEOUTS.dns)
          case 'domain': {
            const domain = registrableDomain(hostOf(url))
            const key = domain ?? ''
            let pending = this.lookups.get(key)
            if (!pending) {
              pending = bootstrap().then((file) => lookUpDomain(domain, { network, bootstrap: file, userAgent, timeoutMs: TIMEOUTS.domain, signal, ...trust }))
              this.lookups.set(key, pending)
            }
            try {
              const lookup = await pending
              if (domain !== null) this.options.store.setRdap(domain, lookup, now)
              return judgeDomain(lookup, now, settings.warningDays)
            } finally {
              this.lookups.delete(key)
            }
          }
          case 'eol':
            return checkEndOfLife(due.site.server, now)
        }
      },
    }
  }

  /** Adds the reachability checks asked for by a change of options that are not due anyway. */
  private addRechecks(accountId: string, sites: readonly Site[], due: DueCheck[], settings: HealthSettings): void {
    if (this.recheck.size === 0) return
    sites.forEach((site, index) => {
      const key = `${accountId}:${site.id}`
      if (!this.recheck.delete(key) || !siteEnabled(settings, accountId, site.id)) return
      if (!due.some((d) => d.site.id === site.id && d.check === 'reachability')) due.push({ site, index, check: 'reachability' })
    })
  }

  /** One line for a cycle's failed checks: how many, and the first of them (with its cause). */
  private reportErrors(errors: readonly unknown[]): void {
    if (errors.length === 0) return
    const first = errors[0]
    const what = first instanceof Error ? first.message : String(first)
    this.options.onError?.(new Error(`${errors.length} health check${errors.length === 1 ? '' : 's'} failed inside the app; the first: ${what}`, { cause: first }))
  }

  /** The domain judged from a look-up made within the day, if there is one. */
  private cachedDomain(url: string, nowMs: number, settings: HealthSettings): CheckOutcome | null {
    const domain = registrableDomain(hostOf(url))
    if (domain === null) return judgeDomain({ kind: 'none', domain: null, reason: 'The address has no registered domain (an IP address or a local name).' }, nowMs, settings.warningDays)
    const kept = this.options.store.rdap(domain)
    return kept && nowMs - kept.checkedMs < DAILY_MS ? judgeDomain(kept.lookup as RdapLookup, nowMs, settings.warningDays) : null
  }

  /** IANA's bootstrap file as last fetched (at most monthly), or the shipped snapshot. */
  private async bootstrap(nowMs: number): Promise<RdapBootstrap> {
    const kept = this.options.store.meta('rdapBootstrap') as { fetchedMs: number; file: unknown } | undefined
    if (kept && nowMs - kept.fetchedMs < BOOTSTRAP_REFRESH_MS) return parseBootstrap(kept.file) ?? SHIPPED_BOOTSTRAP
    const got = await httpGet(this.options.bootstrapUrl ?? IANA_BOOTSTRAP_URL, {
      network: this.options.network,
      userAgent: this.options.userAgent,
      accept: 'application/json',
      timeoutMs: TIMEOUTS.domain,
      maxRedirects: 3,
      maxBodyBytes: 2 * 1024 * 1024,
      ...(this.options.ca ? { ca: this.options.ca } : {}),
    }).catch((error: unknown) => {
      this.options.onError?.(error)
      return null
    })
    let file: unknown = null
    try {
      if (got?.kind === 'answer' && got.status === 200) file = JSON.parse(got.body.toString('utf8'))
    } catch {
      file = null
    }
    const parsed = parseBootstrap(file)
    // A failed fetch is tried again next month too: the snapshot serves meanwhile.
    this.options.store.setMeta('rdapBootstrap', { fetchedMs: nowMs, file: parsed ? file : (kept?.file ?? null) })
    return parsed ?? (kept ? (parseBootstrap(kept.file) ?? SHIPPED_BOOTSTRAP) : SHIPPED_BOOTSTRAP)
  }

  /** Pushes health:changed and the cycle's one summary; answers the accounts whose findings changed. */
  private announce(recorded: readonly Recorded[], accounts: readonly Account[], settings: HealthSettings): string[] {
    const changed = new Set<string>()
    for (const { accountId, previous, next } of recorded) {
      if (previous === undefined ? next.cause !== null : previous.cause !== next.cause || previous.level !== next.level) changed.add(accountId)
    }
    if (changed.size === 0 || this.disposed) return [...changed]
    this.options.events.emit('health:changed', { accountIds: [...changed] })
    const labels = new Map(accounts.map((a) => [a.id, a.label]))
    const summary: AttentionSummary | null = healthSummary({
      transitions: healthTransitions(recorded),
      notifyOn: settings.notifyOn,
      accountLabel: (id) => labels.get(id) ?? 'An account',
      siteName: (accountId, siteId) => {
        const site = this.options.sites(accountId).find((s) => s.id === siteId)
        return site ? site.name || hostOf(site.url) : `site ${siteId}`
      },
    })
    if (summary) this.options.events.emit('attention:summary', summary)
    return [...changed]
  }
}

function isWebAddress(url: string): boolean {
  return /^https?:\/\//i.test(url.trim())
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname
  } catch {
    return url
  }
}

/** Five or more checks that all failed before any answer: the machine, not the sites. */
function looksOffline(checked: readonly RecordEntry[]): boolean {
  const reach = checked.filter((e) => e.outcome.check === 'reachability')
  return reach.length >= 5 && reach.every((e) => e.outcome.details.kind === 'reachability' && e.outcome.details.status === null && e.outcome.sample?.up === false)
}

/** Any network interface besides loopback is up. */
function hasNetwork(): boolean {
  return Object.values(networkInterfaces()).some((list) => (list ?? []).some((i) => !i.internal))
}
