// The only part of core that reads lists from the network (DESIGN.md, "How data flows"): it
// copies every account into the workspace store and tells the windows what changed. One
// AccountSync per account does the work; this class keeps them, runs the interval, knows when
// the person is at work, and ends an account's work when the account or its token goes.
import type { SyncState, Site, Tag } from '../../shared'
import { AppErrorException } from '../errors'
import type { WorkspaceStore } from '../store/workspace-store'
import type { PushEmitter } from '../util/push-emitter'
import { AccountSync, type AccountRunner } from './account-sync'
import { realSyncClock, type SyncClock } from './sync-clock'
import type { SyncEngineApi } from './sync-engine-api'
import { SyncStates } from './sync-states'
import { SYNC_TUNING, type SyncTuning } from './sync-tuning'

/** The accounts there are (AccountStore.list); only those with a usable token sync on their own. */
export interface AccountDirectory {
  list(): Promise<{ accounts: readonly { id: string; tokenState?: string }[] }>
}

export interface SyncEngineOptions {
  /** The local copy every sync writes into. */
  workspace: WorkspaceStore
  /** Each account's API client, run under the account's signal (AccountClients). */
  clients: AccountRunner
  /** Who the accounts are, for start() and the interval (AccountStore). */
  accounts: AccountDirectory
  /** Where 'sync:state', 'workspace:changed' and 'events:new' go. */
  events: Pick<PushEmitter, 'emit'>
  /** Minutes between automatic syncs (settings; default 5). */
  intervalMinutes?: number
  clock?: SyncClock
  tuning?: Partial<SyncTuning>
}

export const DEFAULT_INTERVAL_MINUTES = 5

function checkedMinutes(minutes: number): number {
  // The settings channel validates 1 to 1440; a bad value here must not spin a timer at 0 ms.
  return Number.isFinite(minutes) ? Math.min(1440, Math.max(1, minutes)) : DEFAULT_INTERVAL_MINUTES
}

export class SyncEngine implements SyncEngineApi {
  private readonly accountSyncs = new Map<string, AccountSync>()
  /** Accounts removed in this run: a late call for one must not bring its rows back. */
  private readonly removed = new Set<string>()
  private readonly board: SyncStates
  private readonly clock: SyncClock
  /** When the engine was made: the start-up sync passes over accounts tried since. */
  private readonly createdAt: number
  private readonly tuning: SyncTuning
  private intervalMinutes: number
  private stopInterval: (() => void) | null = null
  private lastActivityAt = Number.NEGATIVE_INFINITY
  private started = false
  private disposed = false

  constructor(private readonly options: SyncEngineOptions) {
    this.clock = options.clock ?? realSyncClock
    this.createdAt = this.clock.now()
    this.tuning = { ...SYNC_TUNING, ...options.tuning }
    this.intervalMinutes = checkedMinutes(options.intervalMinutes ?? DEFAULT_INTERVAL_MINUTES)
    this.board = new SyncStates({
      emit: (state) => options.events.emit('sync:state', state),
      meta: (accountId) => {
        try {
          return options.workspace.syncMeta(accountId)
        } catch {
          return undefined
        }
      },
      clock: this.clock,
      progressIntervalMs: this.tuning.progressIntervalMs,
    })
  }

  start(): void {
    if (this.disposed || this.started) return
    this.started = true
    this.restartInterval()
    // An account synced since core started (added meanwhile, or synced by the person while the
    // start-up sync waited for the window) is fresh: a second full read would only repeat it.
    void this.syncEveryAccount(this.createdAt)
  }

  syncNow(accountId: string): Promise<SyncState> {
    return this.accountSync(accountId)?.syncNow() ?? Promise.resolve(this.state(accountId))
  }

  async cancel(accountId: string): Promise<void> {
    await this.accountSyncs.get(accountId)?.cancel()
  }

  syncSite(accountId: string, siteId: number): Promise<Site> {
    const sync = this.accountSync(accountId)
    if (!sync) return Promise.reject(new AppErrorException({ code: 'cancelled', message: 'The app is closing, or the account was removed; nothing was read.' }))
    return sync.syncSite(siteId)
  }

  syncEventsSoon(accountId: string): void {
    this.accountSync(accountId)?.syncEventsSoon()
  }

  state(accountId: string): SyncState {
    return this.board.get(accountId)
  }

  states(): SyncState[] {
    return this.board.all()
  }

  async siteCreated(accountId: string, created: Site): Promise<Site> {
    return (await this.accountSync(accountId)?.siteCreated(created)) ?? created
  }

  siteDeleted(accountId: string, siteId: number): void {
    this.accountSync(accountId)?.siteDeleted(siteId)
  }

  tagCreated(accountId: string, tag: Tag): void {
    this.accountSync(accountId)?.tagCreated(tag)
  }

  tagDeleted(accountId: string, tagId: number): void {
    this.accountSync(accountId)?.tagDeleted(tagId)
  }

  async accountRemoved(accountId: string): Promise<void> {
    this.removed.add(accountId)
    const sync = this.accountSyncs.get(accountId)
    this.accountSyncs.delete(accountId)
    await sync?.close()
    this.board.forget(accountId)
    this.options.workspace.removeAccount(accountId)
  }

  async tokenReplaced(accountId: string): Promise<void> {
    const sync = this.accountSync(accountId)
    if (!sync) return
    await sync.interrupt()
    sync.requestSync()
  }

  accountAdded(accountId: string): void {
    // A Demo account opened again after its removal gets a new id, so a removed id stays removed.
    this.accountSync(accountId)?.requestSync()
  }

  setIntervalMinutes(minutes: number): void {
    this.intervalMinutes = checkedMinutes(minutes)
    if (this.started && !this.disposed) this.restartInterval()
  }

  noteUserActivity(): void {
    this.lastActivityAt = this.clock.now()
  }

  async dispose(): Promise<void> {
    this.disposed = true
    this.stopInterval?.()
    this.stopInterval = null
    const all = [...this.accountSyncs.values()]
    this.accountSyncs.clear()
    await Promise.all(all.map((sync) => sync.close()))
    this.board.close()
  }

  /** The account's worker, made on first use; none once the account was removed or the engine stopped. */
  private accountSync(accountId: string): AccountSync | undefined {
    if (this.disposed || this.removed.has(accountId)) return undefined
    let sync = this.accountSyncs.get(accountId)
    if (!sync) {
      sync = new AccountSync({
        accountId,
        workspace: this.options.workspace,
        clients: this.options.clients,
        events: this.options.events,
        states: this.board,
        clock: this.clock,
        tuning: this.tuning,
        userBusyFor: () => Math.max(0, this.lastActivityAt + this.tuning.backfillPauseMs - this.clock.now()),
      })
      this.accountSyncs.set(accountId, sync)
    }
    return sync
  }

  private restartInterval(): void {
    this.stopInterval?.()
    this.stopInterval = this.clock.every(this.intervalMinutes * 60_000, () => void this.syncEveryAccount())
  }

  /**
   * A background sync of every account whose token may work: one the server refused, or that
   * the keychain cannot give, would only fail again until the person acts.
   */
  private async syncEveryAccount(unlessTriedSince?: number): Promise<void> {
    let accounts: readonly { id: string; tokenState?: string }[]
    try {
      accounts = (await this.options.accounts.list()).accounts
    } catch {
      return
    }
    for (const account of accounts) {
      if (account.tokenState !== undefined && account.tokenState !== 'ok') continue
      const tried = this.board.get(account.id).lastAttemptAt
      if (unlessTriedSince !== undefined && tried !== null && Date.parse(tried) >= unlessTriedSince) continue
      this.accountSync(account.id)?.requestSync()
    }
  }
}
