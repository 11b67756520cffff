// Each account's sync bookkeeping (sync_meta: last sync, last attempt, the backfill's page) and
// what its recent syncs changed (changes, the newest `kept` per account). Works inside the
// caller's transaction, like the store's other tables.
import type Database from 'better-sqlite3'
import type { SyncChanges } from '../../shared'
import type { AccountSyncMeta } from './workspace-store'

interface SyncMetaRow {
  last_synced_at: string | null
  last_attempt_at: string | null
  events_backfill_page: number | null
}

export class SyncLedger {
  private readonly st: ReturnType<typeof prepare>

  constructor(
    db: Database.Database,
    /** How many syncs' changes each account keeps. */
    readonly kept: number,
  ) {
    this.st = prepare(db)
  }

  meta(accountId: string): AccountSyncMeta {
    const row = this.st.syncMeta.get(accountId) as SyncMetaRow | undefined
    return {
      lastSyncedAt: row?.last_synced_at ?? null,
      lastAttemptAt: row?.last_attempt_at ?? null,
      eventsBackfillPage: row?.events_backfill_page ?? null,
    }
  }

  /** Only the keys given change; undefined is "not given", null clears. */
  putMeta(accountId: string, patch: Partial<AccountSyncMeta>): void {
    const meta = this.meta(accountId)
    const next: AccountSyncMeta = {
      lastSyncedAt: patch.lastSyncedAt !== undefined ? patch.lastSyncedAt : meta.lastSyncedAt,
      lastAttemptAt: patch.lastAttemptAt !== undefined ? patch.lastAttemptAt : meta.lastAttemptAt,
      eventsBackfillPage: patch.eventsBackfillPage !== undefined ? patch.eventsBackfillPage : meta.eventsBackfillPage,
    }
    this.st.putSyncMeta.run(accountId, next.lastSyncedAt, next.lastAttemptAt, next.eventsBackfillPage)
  }

  putLastSynced(accountId: string, syncedAt: string): void {
    this.st.putLastSynced.run(accountId, syncedAt)
  }

  /** Keeps a sync's changes; only the newest `kept` of the account stay. */
  insertChanges(changes: SyncChanges): void {
    this.st.insertChanges.run(changes.accountId, changes.syncedAt, JSON.stringify(changes))
    this.st.pruneChanges.run(changes.accountId, changes.accountId, this.kept)
  }

  /** Newest first, at most `limit` (and never more than are kept). */
  recentChanges(accountId: string, limit: number): SyncChanges[] {
    const count = Math.max(0, Math.min(this.kept, Math.trunc(limit) || 0))
    return (this.st.recentChanges.all(accountId, count) as string[]).map((json) => JSON.parse(json) as SyncChanges)
  }
}

function prepare(db: Database.Database) {
  return {
    syncMeta: db.prepare(
      'SELECT last_synced_at, last_attempt_at, events_backfill_page FROM sync_meta WHERE account_id = ?',
    ),
    putSyncMeta: db.prepare(
      'INSERT INTO sync_meta (account_id, last_synced_at, last_attempt_at, events_backfill_page) ' +
        'VALUES (?, ?, ?, ?) ON CONFLICT (account_id) DO UPDATE SET last_synced_at = excluded.last_synced_at, ' +
        'last_attempt_at = excluded.last_attempt_at, events_backfill_page = excluded.events_backfill_page',
    ),
    putLastSynced: db.prepare(
      'INSERT INTO sync_meta (account_id, last_synced_at) VALUES (?, ?) ' +
        'ON CONFLICT (account_id) DO UPDATE SET last_synced_at = excluded.last_synced_at',
    ),
    insertChanges: db.prepare('INSERT INTO changes (account_id, synced_at, json) VALUES (?, ?, ?)'),
    // The (kept + 1)-th newest row of the account and everything older goes.
    pruneChanges: db.prepare(
      'DELETE FROM changes WHERE account_id = ? AND seq <= ' +
        '(SELECT seq FROM changes WHERE account_id = ? ORDER BY seq DESC LIMIT 1 OFFSET ?)',
    ),
    recentChanges: db.prepare('SELECT json FROM changes WHERE account_id = ? ORDER BY seq DESC LIMIT ?').pluck(),
  }
}
