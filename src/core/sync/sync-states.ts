// Where each account's sync stands, and the 'sync:state' push of every change. A long read
// reports progress page by page; those pushes are throttled (the first at once, then at most
// one per interval, the latest always delivered) so a list of 667 pages does not flood the
// window's socket. Every other change is pushed at once, and supersedes a pending progress push.
import type { SyncState } from '../../shared'
import type { AccountSyncMeta } from '../store/workspace-store'
import type { SyncClock } from './sync-clock'

export type SyncStatePatch = Partial<Omit<SyncState, 'accountId'>>

export interface SyncStatesOptions {
  emit: (state: SyncState) => void
  /** The stored bookkeeping, for an account's state before its first sync in this run. */
  meta: (accountId: string) => AccountSyncMeta | undefined
  clock: SyncClock
  progressIntervalMs: number
}

interface Entry {
  state: SyncState
  lastPushAt: number
  /** Cancels the trailing progress push, when one is pending. */
  pending: (() => void) | null
}

export class SyncStates {
  private readonly entries = new Map<string, Entry>()

  constructor(private readonly options: SyncStatesOptions) {}

  get(accountId: string): SyncState {
    return this.entry(accountId).state
  }

  all(): SyncState[] {
    return [...this.entries.values()].map((entry) => entry.state)
  }

  /** Changes the state and pushes it at once. */
  update(accountId: string, patch: SyncStatePatch): SyncState {
    const entry = this.entry(accountId)
    entry.state = { ...entry.state, ...patch }
    this.push(entry)
    return entry.state
  }

  /** A new progress while syncing: kept at once, pushed at most once per interval. */
  progress(accountId: string, progress: { done: number; total: number | null }): void {
    const entry = this.entry(accountId)
    if (entry.state.status !== 'syncing') return
    entry.state = { ...entry.state, progress }
    if (entry.pending) return
    const wait = entry.lastPushAt + this.options.progressIntervalMs - this.options.clock.now()
    if (wait <= 0) {
      this.push(entry)
      return
    }
    entry.pending = this.options.clock.after(wait, () => {
      entry.pending = null
      this.push(entry)
    })
  }

  /** The account is gone: its state with it, and any push still pending. */
  forget(accountId: string): void {
    this.entries.get(accountId)?.pending?.()
    this.entries.delete(accountId)
  }

  /** Drops pending progress pushes (the engine is shutting down). */
  close(): void {
    for (const entry of this.entries.values()) {
      entry.pending?.()
      entry.pending = null
    }
  }

  private push(entry: Entry): void {
    entry.pending?.()
    entry.pending = null
    entry.lastPushAt = this.options.clock.now()
    this.options.emit(entry.state)
  }

  private entry(accountId: string): Entry {
    let entry = this.entries.get(accountId)
    if (!entry) {
      const meta = this.options.meta(accountId)
      entry = {
        state: {
          accountId,
          status: 'idle',
          progress: null,
          error: null,
          lastSyncedAt: meta?.lastSyncedAt ?? null,
          lastAttemptAt: meta?.lastAttemptAt ?? null,
          notice: null,
          backfilling: (meta?.eventsBackfillPage ?? null) !== null,
        },
        lastPushAt: Number.NEGATIVE_INFINITY,
        pending: null,
      }
      this.entries.set(accountId, entry)
    }
    return entry
  }
}
