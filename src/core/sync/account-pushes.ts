// What one account's syncs tell the windows: 'events:new' with the newest of the events a
// sync stored, and 'workspace:changed' with what changed and the store's revision after it
// (the backfill's, at most one per interval).
import type { SiteEvent, WorkspaceChanged } from '../../shared'
import { newestFirst } from '../store/sync-changes'
import type { WorkspaceStore } from '../store/workspace-store'
import type { PushEmitter } from '../util/push-emitter'
import type { SyncClock } from './sync-clock'
import type { SyncTuning } from './sync-tuning'
import { Throttle } from './throttle'

export type AccountChange = Omit<WorkspaceChanged, 'accountId' | 'revision'>

export class AccountPushes {
  /** The backfill's 'workspace:changed': events only, throttled. */
  readonly backfill: Throttle

  constructor(
    private readonly accountId: string,
    private readonly deps: { workspace: Pick<WorkspaceStore, 'revision'>; events: Pick<PushEmitter, 'emit'>; clock: SyncClock; tuning: SyncTuning },
  ) {
    this.backfill = new Throttle(deps.clock, deps.tuning.backfillPushIntervalMs, () =>
      this.changed({ sites: false, tags: false, events: true, changes: null }),
    )
  }

  newEvents(stored: readonly SiteEvent[]): void {
    if (stored.length === 0) return
    this.deps.events.emit('events:new', { accountId: this.accountId, events: newestFirst(stored).slice(0, this.deps.tuning.maxPushedEvents) })
  }

  changed(change: AccountChange): void {
    this.deps.events.emit('workspace:changed', { accountId: this.accountId, ...change, revision: this.deps.workspace.revision(this.accountId) })
  }
}
