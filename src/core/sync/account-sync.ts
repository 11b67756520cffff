// What each sync of one account does: full syncs (single-flight), events-only syncs, the
// background backfill of older events, one-site refreshes, and the store updates after a create
// or delete. When each runs and how it is stopped is the account's lane (account-lane.ts).
// Every network read happens before anything is written, so a failed or cancelled sync leaves
// the store as it was; every write checks first that its work was not cancelled meanwhile.
import type { AppError, Site, SyncState, Tag } from '../../shared'
import type { SiteApi } from '../api/site-api'
import { throwIfAborted } from '../api/timing'
import { AppErrorException, toAppError } from '../errors'
import type { WorkspaceStore } from '../store/workspace-store'
import type { PushEmitter } from '../util/push-emitter'
import { AccountLane, type FullSyncJob } from './account-lane'
import { AccountPushes } from './account-pushes'
import { nextBackfillPage } from './backfill-page'
import { applyLocalChanges, type LocalChange } from './local-changes'
import { resumeDelay, resumingError } from './rate-limit-resume'
import { readAccount, type AccountRead } from './read-account'
import { readNewEvents, type NewEventsRead } from './read-new-events'
import type { SyncClock } from './sync-clock'
import type { SyncStates } from './sync-states'
import type { SyncTuning } from './sync-tuning'

/** Runs work with an account's API client (AccountClients: a 401 marks the token refused). */
export interface AccountRunner {
  run<T>(accountId: string, work: (api: SiteApi, signal: AbortSignal) => Promise<T>): Promise<T>
}

export interface AccountSyncDeps {
  accountId: string
  workspace: WorkspaceStore
  clients: AccountRunner
  events: Pick<PushEmitter, 'emit'>
  states: SyncStates
  clock: SyncClock
  tuning: SyncTuning
  /** Milliseconds until the person has been idle long enough for the backfill; 0: now. */
  userBusyFor: () => number
}

export const MOVING_NOTICE =
  'The list of sites or tags kept changing while it was read, so a few may be missing or out of date here; the next sync will catch up.'

function cancelledSync(): AppError {
  return { code: 'cancelled', message: 'The sync was stopped. The app shows what it had before.' }
}

function iso(ms: number): string {
  return new Date(ms).toISOString()
}

function listEnded(page: { data: unknown[]; meta: { current_page: number; last_page: number } }): boolean {
  return page.meta.current_page >= page.meta.last_page || page.data.length === 0
}

export class AccountSync {
  private readonly lane = new AccountLane(() => this.resumeBackfill())
  /** Changes made through the app while a full sync reads; replayed onto its read. */
  private localChanges: LocalChange[] | null = null
  private syncAgain = false
  private cancelEventsSoon: (() => void) | null = null
  /** The full sync that goes on by itself once the server's rate limit allows it. */
  private cancelResume: (() => void) | null = null
  /**
   * Events stored by one-site refreshes since the last read of GET /logs. They are newer than
   * what that read stored, so the next one must not stop at them: it would skip the events of
   * other sites in between.
   */
  private readonly siteRefreshEvents = new Set<number>()
  private readonly pushes: AccountPushes

  constructor(private readonly deps: AccountSyncDeps) {
    this.pushes = new AccountPushes(deps.accountId, deps)
  }

  private get id(): string {
    return this.deps.accountId
  }

  private get closed(): boolean {
    return this.lane.closed
  }

  /** A full sync now, or the one already queued or under way. Never rejects. */
  syncNow(): Promise<SyncState> {
    if (this.closed) return Promise.resolve(this.deps.states.get(this.id))
    return this.lane.fullSyncJob(
      (job) => this.runMain(job),
      (thrown) => this.deps.states.update(this.id, { status: 'failed', progress: null, error: toAppError(thrown) }),
      () => {
        if (!this.syncAgain) return
        this.syncAgain = false
        this.requestSync()
      },
    )
  }

  /**
   * A full sync in the background (the interval, start-up, a new account): joins the one queued
   * or under way, which reads everything this one would. Queuing another behind a sync that is
   * reading would read every list twice for one reason.
   */
  requestSync(): void {
    if (this.closed || this.lane.fullSync) return
    void this.syncNow()
  }

  /**
   * A full sync after a change made through the app: a sync already reading may have read the
   * lists before the change reached the server, so another follows it.
   */
  private syncAfterChange(): void {
    if (this.closed) return
    if (this.lane.fullSync?.reading) this.syncAgain = true
    else this.requestSync()
  }

  syncEventsSoon(): void {
    if (this.closed || this.cancelEventsSoon) return
    this.cancelEventsSoon = this.deps.clock.after(this.deps.tuning.eventsSoonDelayMs, () => {
      this.cancelEventsSoon = null
      this.queueEventsSync()
    })
  }

  /** GET /sites/:id and its newest events into the store; a 404 removes the site and rethrows. */
  syncSite(siteId: number): Promise<Site> {
    return this.lane.task((signal) =>
      this.withClient(signal, async (api, requestSignal) => {
        let site: Site
        try {
          site = await api.getSite(siteId, requestSignal)
        } catch (thrown) {
          if (thrown instanceof AppErrorException && thrown.appError.code === 'not_found' && !signal.aborted) this.siteDeleted(siteId, false)
          throw thrown
        }
        const budget = api.newReadBudget(`the events of site ${siteId}`)
        const read = await readNewEvents({
          fetchPage: (page) => api.listSiteEvents(siteId, page, requestSignal, budget),
          known: (ids) => this.deps.workspace.knownEventIds(this.id, ids),
          maxPages: this.deps.tuning.siteEventPages,
          signal: requestSignal,
        })
        this.throwIfStopped(signal)
        const { workspace } = this.deps
        workspace.upsertSite(this.id, site)
        this.localChanges?.push({ kind: 'siteSaved', site })
        const stored = workspace.addEvents(this.id, read.events)
        for (const event of stored) this.siteRefreshEvents.add(event.id)
        this.pushes.newEvents(stored)
        this.pushes.changed({ sites: true, tags: false, events: stored.length > 0, changes: null })
        return site
      }),
    )
  }

  /** The create's answer lacks tags and updates_count: read the site back, store it, sync. */
  async siteCreated(created: Site): Promise<Site> {
    let site = created
    try {
      site = await this.lane.task((signal) => this.withClient(signal, (api, requestSignal) => api.getSite(created.id, requestSignal)))
    } catch {
      // The site exists on the server; the sync that follows completes what the answer lacks.
    }
    this.local({ kind: 'siteSaved', site }, (workspace) => workspace.upsertSite(this.id, site), { sites: true, tags: false })
    return site
  }

  siteDeleted(siteId: number, thenSync = true): void {
    this.local({ kind: 'siteRemoved', siteId }, (workspace) => workspace.removeSite(this.id, siteId), { sites: true, tags: false }, thenSync)
  }

  tagCreated(tag: Tag): void {
    this.local({ kind: 'tagSaved', tag }, (workspace) => workspace.upsertTag(this.id, tag), { sites: false, tags: true })
  }

  tagDeleted(tagId: number): void {
    // The tag also leaves the sites that carried it.
    this.local({ kind: 'tagRemoved', tagId }, (workspace) => workspace.removeTag(this.id, tagId), { sites: true, tags: true })
  }

  /** Stops the full and events-only syncs under way or queued; the backfill resumes later. */
  async cancel(): Promise<void> {
    this.syncAgain = false
    await this.lane.cancel()
  }

  /** Stops everything under way (the token changed): work started from now on is new. */
  async interrupt(): Promise<void> {
    this.dropWaitingWork()
    await this.lane.interrupt()
  }

  /** Stops everything and takes no more work: the account is gone or the app is closing. */
  async close(): Promise<void> {
    this.pushes.backfill.cancel()
    this.dropWaitingWork()
    await this.lane.close()
  }

  /** Forgets the work only waiting for its time: the events-soon sync, the backfill's resume, a sync asked again. */
  private dropWaitingWork(): void {
    this.cancelEventsSoon?.()
    this.cancelEventsSoon = null
    this.cancelResume?.()
    this.cancelResume = null
    this.syncAgain = false
  }

  /** Starts the backfill if older events are still to be read and nothing else is running. */
  resumeBackfill(): void {
    if (!this.lane.backfillMayStart) return
    let page: number | null
    try {
      page = this.deps.workspace.syncMeta(this.id).eventsBackfillPage
    } catch {
      return
    }
    // A failed backfill (offline, say) waits for the next sync to start it again.
    if (page !== null) this.lane.startBackfill((signal) => this.runBackfill(signal))
  }

  private async runMain(job: FullSyncJob): Promise<SyncState> {
    const { workspace, states, clock, tuning } = this.deps
    if (job.controller.signal.aborted || this.closed) return states.update(this.id, { status: 'failed', progress: null, error: cancelledSync() })
    // This sync is the one a rate limit postponed, or replaces it: it schedules anew if limited.
    this.cancelResume?.()
    this.cancelResume = null
    const startedAt = iso(clock.now())
    states.update(this.id, { status: 'syncing', progress: { done: 0, total: null }, error: null, lastAttemptAt: startedAt })
    job.reading = true
    this.localChanges = []
    try {
      const first = workspace.syncMeta(this.id).lastSyncedAt === null
      workspace.setSyncMeta(this.id, { lastAttemptAt: startedAt })
      const read = await this.withClient(job.controller.signal, (api, signal) =>
        readAccount({
          api,
          signal,
          onProgress: (progress) => states.progress(this.id, progress),
          knownEvents: (ids) => this.knownFeedEvents(ids),
          maxEventPages: first ? tuning.firstSyncEventPages : tuning.maxIncrementalEventPages,
        }),
      )
      this.throwIfStopped(job.controller.signal)
      const syncedAt = iso(clock.now())
      const written = this.writeSync(read, first, syncedAt)
      return states.update(this.id, {
        status: 'idle',
        progress: null,
        error: null,
        lastSyncedAt: syncedAt,
        notice: read.moving ? MOVING_NOTICE : null,
        backfilling: written.backfillPage !== null,
      })
    } catch (thrown) {
      const error = job.controller.signal.aborted || this.closed ? cancelledSync() : this.resumeLater(toAppError(thrown))
      return states.update(this.id, { status: 'failed', progress: null, error })
    } finally {
      job.reading = false
      this.localChanges = null
    }
  }

  /**
   * After a sync the rate limit stopped: a full sync at the time the server allows again, and
   * the error that says when. Any other error is answered as it is.
   */
  private resumeLater(error: AppError): AppError {
    const { clock, tuning } = this.deps
    const delay = resumeDelay(error, tuning.rateLimitedResumeMs)
    if (delay === undefined) return error
    this.cancelResume?.()
    this.cancelResume = clock.after(delay, () => {
      this.cancelResume = null
      this.requestSync()
    })
    return resumingError(error, delay, clock.now())
  }

  /** Everything a full sync read, into the store in one transaction (no await: nothing can interleave). */
  private writeSync(read: AccountRead, first: boolean, syncedAt: string): { backfillPage: number | null } {
    const after = applyLocalChanges({ sites: read.sites, tags: read.tags }, this.localChanges ?? [])
    const written = this.deps.workspace.applySync(this.id, {
      sites: after.sites,
      tags: after.tags,
      syncedAt,
      events: read.events.events,
      first,
      nextBackfillPage: (storedCount, current) => nextBackfillPage(read.events, storedCount, first, current),
    })
    this.siteRefreshEvents.clear()
    // Everything was new on a first sync: the snapshot tells it, as news it would only be noise.
    if (!first) this.pushes.newEvents(written.newEvents)
    this.pushes.changed({
      sites: written.sitesChanged,
      tags: written.tagsChanged,
      events: written.newEvents.length > 0,
      changes: written.changes,
    })
    return { backfillPage: written.backfillPage }
  }

  private queueEventsSync(): void {
    this.lane.queueEventsSync((signal) => this.runEvents(signal))
  }

  private async runEvents(signal: AbortSignal): Promise<void> {
    const { workspace, tuning, states } = this.deps
    if (signal.aborted || this.closed) return
    if (workspace.syncMeta(this.id).lastSyncedAt === null) {
      // Never synced: the first full sync reads the events too.
      this.requestSync()
      return
    }
    const read = await this.withClient(signal, (api, requestSignal) => {
      const budget = api.newReadBudget('the list of events')
      return readNewEvents({
        fetchPage: (page) => api.listEvents(page, requestSignal, budget),
        known: (ids) => this.knownFeedEvents(ids),
        maxPages: tuning.maxIncrementalEventPages,
        signal: requestSignal,
      })
    })
    this.throwIfStopped(signal)
    const stored = workspace.addEvents(this.id, read.events)
    const backfillPage = this.noteEventsRead(read, stored.length)
    if ((backfillPage !== null) !== states.get(this.id).backfilling) states.update(this.id, { backfilling: backfillPage !== null })
    if (stored.length === 0) return
    this.pushes.newEvents(stored)
    this.pushes.changed({ sites: false, tags: false, events: true, changes: null })
  }

  /** Keeps the backfill's bookkeeping after an events-only read; answers the next page it reads. */
  private noteEventsRead(read: NewEventsRead, storedCount: number): number | null {
    const { workspace } = this.deps
    const current = workspace.syncMeta(this.id).eventsBackfillPage
    const next = nextBackfillPage(read, storedCount, false, current)
    if (next !== current) workspace.setSyncMeta(this.id, { eventsBackfillPage: next })
    this.siteRefreshEvents.clear()
    return next
  }

  private async runBackfill(signal: AbortSignal): Promise<void> {
    const { workspace, states, clock } = this.deps
    if (!states.get(this.id).backfilling) states.update(this.id, { backfilling: true })
    for (;;) {
      // The person comes first: their calls go out while the backfill waits.
      for (let busy = this.deps.userBusyFor(); busy > 0; busy = this.deps.userBusyFor()) await clock.sleep(busy, signal)
      const page = workspace.syncMeta(this.id).eventsBackfillPage
      if (page === null) break
      const envelope = await this.withClient(signal, (api, requestSignal) => api.listEvents(page, requestSignal))
      this.throwIfStopped(signal)
      const stored = workspace.addEvents(this.id, envelope.data)
      const ended = listEnded(envelope)
      workspace.setSyncMeta(this.id, { eventsBackfillPage: ended ? null : page + 1 })
      if (stored.length > 0) this.pushes.backfill.call()
      if (ended) break
    }
    this.pushes.backfill.flush()
    states.update(this.id, { backfilling: false })
  }

  private withClient<T>(signal: AbortSignal, work: (api: SiteApi, signal: AbortSignal) => Promise<T>): Promise<T> {
    throwIfAborted(signal)
    // The client's own signal ends with the account or its token; ours with a cancel.
    return this.deps.clients.run(this.id, (api, clientSignal) => work(api, AbortSignal.any([clientSignal, signal])))
  }

  /** Before a write: work that was cancelled, or an account that is gone, writes nothing. */
  private throwIfStopped(signal: AbortSignal): void {
    throwIfAborted(signal)
    if (this.closed) throw new AppErrorException(cancelledSync())
  }

  private knownFeedEvents(ids: number[]): Set<number> {
    const known = this.deps.workspace.knownEventIds(this.id, ids)
    for (const id of this.siteRefreshEvents) known.delete(id)
    return known
  }

  /** A change made through the app, into the store at once, then a sync of what else changed. */
  private local(
    change: LocalChange,
    write: (workspace: WorkspaceStore) => void,
    changed: { sites: boolean; tags: boolean },
    thenSync = true,
  ): void {
    if (this.closed) return
    try {
      write(this.deps.workspace)
    } catch {
      // The server has it; the sync that follows puts the store right.
    }
    this.localChanges?.push(change)
    this.pushes.changed({ ...changed, events: false, changes: null })
    if (thenSync) this.syncAfterChange()
  }
}
