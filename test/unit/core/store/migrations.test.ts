// The schema's migrations: a database of every earlier version reaches the newest with its
// rows intact, each migration is all or nothing, and a newer database is refused.
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import {
  LATEST_VERSION,
  MIGRATIONS,
  migrate,
  NewerDatabaseError,
  schemaVersion,
} from '../../../../src/core/store/migrations'
import { WORKSPACE_FILE } from '../../../../src/core/store/workspace-database'
import { ACCOUNT_A, event, site, tag, storesPerTest } from './fixtures'

const { dirs, stores } = await storesPerTest()

const storedSite = site(7, { name: 'Bakery Shop', tags: [tag(3, 'clients')] })
const storedEvent = event(41, { site_id: 7, message: 'Updated Yoast SEO to 22.1', created_at: '2026-11-02T10:15:00+01:00' })
const storedChanges = {
  accountId: ACCOUNT_A,
  syncedAt: '2026-11-02T10:20:00.000Z',
  first: false,
  sitesAdded: [7],
  sitesRemoved: [],
  updatesChanged: [],
  lastCheckChanged: [],
  newEventIds: [41],
  newEventCount: 1,
}

/** A database file as an app of `version` left it, with the rows that version could hold. */
function databaseAt(dataDir: string, version: number): void {
  const db = new Database(join(dataDir, WORKSPACE_FILE))
  db.pragma('journal_mode = WAL')
  migrate(
    db,
    MIGRATIONS.filter((m) => m.version <= version),
  )
  expect(schemaVersion(db)).toBe(version)
  if (version >= 1) {
    db.prepare('INSERT INTO sites (account_id, id, name, json) VALUES (?, ?, ?, ?)').run(
      ACCOUNT_A,
      storedSite.id,
      storedSite.name,
      JSON.stringify(storedSite),
    )
    db.prepare('INSERT INTO tags (account_id, id, name, json) VALUES (?, ?, ?, ?)').run(
      ACCOUNT_A,
      3,
      'clients',
      JSON.stringify(tag(3, 'clients')),
    )
    db.prepare(
      'INSERT INTO events (account_id, id, site_id, type, created_at, created_ms, message, json) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(
      ACCOUNT_A,
      storedEvent.id,
      storedEvent.site_id,
      storedEvent.type,
      storedEvent.created_at,
      Date.parse('2026-11-02T09:15:00Z'),
      storedEvent.message,
      JSON.stringify(storedEvent),
    )
    db.prepare('INSERT INTO sync_meta (account_id, last_synced_at, last_attempt_at, events_backfill_page) VALUES (?, ?, ?, ?)').run(
      ACCOUNT_A,
      '2026-11-02T10:20:00.000Z',
      '2026-11-02T10:19:00.000Z',
      4,
    )
    db.prepare('INSERT INTO settings (key, json) VALUES (?, ?)').run('syncIntervalMinutes', '15')
  }
  if (version >= 2) {
    // From version 2 on, the store indexes each event it adds (as addEvents does).
    db.exec(
      "INSERT INTO events_fts (rowid, account, message, site_name) SELECT e.seq, 'x' || lower(hex(e.account_id)), " +
        "e.message, coalesce(s.name, '') FROM events e LEFT JOIN sites s ON s.account_id = e.account_id AND s.id = e.site_id",
    )
    db.prepare('INSERT INTO changes (account_id, synced_at, json) VALUES (?, ?, ?)').run(
      ACCOUNT_A,
      storedChanges.syncedAt,
      JSON.stringify(storedChanges),
    )
  }
  db.close()
}

describe('migrations', () => {
  it('are numbered 1, 2, ... without gaps, so every version is reachable', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_m, i) => i + 1))
    expect(LATEST_VERSION).toBe(MIGRATIONS.length)
    expect(LATEST_VERSION).toBeGreaterThanOrEqual(2)
  })

  const earlier = Array.from({ length: LATEST_VERSION }, (_v, version) => version)
  it.each(earlier)('bring a database of version %i to the newest with its rows intact', async (version) => {
    const dataDir = await dirs.make()
    databaseAt(dataDir, version)

    const store = stores.open(dataDir)

    expect(store.notice).toBeNull()
    const db = new Database(join(dataDir, WORKSPACE_FILE), { readonly: true })
    expect(schemaVersion(db)).toBe(LATEST_VERSION)
    db.close()
    if (version === 0) {
      expect(store.sites(ACCOUNT_A)).toEqual([])
      expect(store.settings()).toEqual({ syncIntervalMinutes: 5, theme: 'system', notifyOn: { newUpdateEvents: true, pendingRose: true, notChecked: true }, historyRetentionDays: 365 })
      return
    }
    expect(store.sites(ACCOUNT_A)).toEqual([storedSite])
    expect(store.tags(ACCOUNT_A)).toEqual([tag(3, 'clients')])
    expect(store.syncMeta(ACCOUNT_A)).toEqual({
      lastSyncedAt: '2026-11-02T10:20:00.000Z',
      lastAttemptAt: '2026-11-02T10:19:00.000Z',
      eventsBackfillPage: 4,
    })
    expect(store.settings()).toEqual({ syncIntervalMinutes: 15, theme: 'system', notifyOn: { newUpdateEvents: true, pendingRose: true, notChecked: true }, historyRetentionDays: 365 })
    const scopedEvent = { ...storedEvent, accountId: ACCOUNT_A, key: `${ACCOUNT_A}:${storedEvent.id}`, siteName: storedSite.name }
    expect(store.queryEvents({ scope: [ACCOUNT_A] })).toEqual({ events: [scopedEvent], next: null, total: 1 })
    // Events stored before the search index existed are found by message and by site name.
    expect(store.queryEvents({ scope: [ACCOUNT_A], text: 'yoast' }).events).toEqual([scopedEvent])
    expect(store.queryEvents({ scope: [ACCOUNT_A], text: 'bakery' }).events).toEqual([scopedEvent])
    expect(store.recentChanges(ACCOUNT_A, 10)).toEqual(version >= 2 ? [storedChanges] : [])
  })

  it('apply each version in one transaction: a failing migration leaves the version before it', () => {
    const db = new Database(':memory:')
    const failing = [
      MIGRATIONS[0]!,
      {
        version: 2,
        description: 'fails midway',
        up(d: Database.Database) {
          d.exec('CREATE TABLE half_done (x INTEGER)')
          throw new Error('disk on fire')
        },
      },
    ]

    expect(() => migrate(db, failing)).toThrow('disk on fire')

    expect(schemaVersion(db)).toBe(1)
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all()
    expect(tables).toContain('sites')
    expect(tables).not.toContain('half_done')
    db.close()
  })

  it('refuse a database made by a newer version, leaving it untouched', () => {
    const db = new Database(':memory:')
    migrate(db)
    db.pragma(`user_version = ${LATEST_VERSION + 1}`)

    expect(() => migrate(db)).toThrow(NewerDatabaseError)
    expect(schemaVersion(db)).toBe(LATEST_VERSION + 1)
    db.close()
  })

  it('do nothing on a database at the newest version', () => {
    const db = new Database(':memory:')
    migrate(db)
    db.prepare("INSERT INTO settings (key, json) VALUES ('syncIntervalMinutes', '9')").run()

    migrate(db)

    expect(schemaVersion(db)).toBe(LATEST_VERSION)
    expect(db.prepare('SELECT json FROM settings').pluck().all()).toEqual(['9'])
    db.close()
  })
})
