// App settings (checked, with defaults) and what each sync changed (newest kept per account).
import { beforeEach, describe, expect, it } from 'vitest'
import type { SyncChanges } from '../../../../src/shared'
import { AppErrorException } from '../../../../src/core/errors'
import { CHANGES_KEPT, type SqliteWorkspaceStore } from '../../../../src/core/store/sqlite-workspace-store'
import { DEFAULT_SETTINGS } from '../../../../src/core/store/workspace-store'
import { ACCOUNT_A, ACCOUNT_B, storesPerTest } from './fixtures'

const { dirs, stores } = await storesPerTest()
let store: SqliteWorkspaceStore
let dataDir: string
beforeEach(async () => {
  dataDir = await dirs.make()
  store = stores.open(dataDir)
})

describe('settings', () => {
  it('start at the defaults and keep a change across reopening', () => {
    expect(store.settings()).toEqual(DEFAULT_SETTINGS)
    expect(DEFAULT_SETTINGS).toEqual({ syncIntervalMinutes: 5, theme: 'system', notifyOn: { newUpdateEvents: true, pendingRose: true, notChecked: true }, historyRetentionDays: 365 })

    expect(store.updateSettings({ syncIntervalMinutes: 1440 })).toEqual({ syncIntervalMinutes: 1440, theme: 'system', notifyOn: { newUpdateEvents: true, pendingRose: true, notChecked: true }, historyRetentionDays: 365 })
    expect(store.updateSettings({})).toEqual({ syncIntervalMinutes: 1440, theme: 'system', notifyOn: { newUpdateEvents: true, pendingRose: true, notChecked: true }, historyRetentionDays: 365 })
    store.close()

    store = stores.open(dataDir)
    expect(store.settings()).toEqual({ syncIntervalMinutes: 1440, theme: 'system', notifyOn: { newUpdateEvents: true, pendingRose: true, notChecked: true }, historyRetentionDays: 365 })
  })

  it.each([0, 1441, -5, 2.5, Number.NaN, Number.POSITIVE_INFINITY, '10', null])(
    'refuse syncIntervalMinutes %j with invalid_input and change nothing',
    (value) => {
      store.updateSettings({ syncIntervalMinutes: 7 })
      let thrown: unknown
      try {
        store.updateSettings({ syncIntervalMinutes: value as number })
      } catch (error) {
        thrown = error
      }

      expect(thrown).toBeInstanceOf(AppErrorException)
      expect((thrown as AppErrorException).appError).toEqual({
        code: 'invalid_input',
        message: 'The settings were not changed: syncIntervalMinutes must be a whole number of minutes from 1 to 1440.',
        fields: { syncIntervalMinutes: ['must be a whole number of minutes from 1 to 1440'] },
      })
      expect(store.settings()).toEqual({ syncIntervalMinutes: 7, theme: 'system', notifyOn: { newUpdateEvents: true, pendingRose: true, notChecked: true }, historyRetentionDays: 365 })
    },
  )

  it('accept both ends of the range', () => {
    expect(store.updateSettings({ syncIntervalMinutes: 1 })).toEqual({ syncIntervalMinutes: 1, theme: 'system', notifyOn: { newUpdateEvents: true, pendingRose: true, notChecked: true }, historyRetentionDays: 365 })
    expect(store.updateSettings({ syncIntervalMinutes: 1440 })).toEqual({ syncIntervalMinutes: 1440, theme: 'system', notifyOn: { newUpdateEvents: true, pendingRose: true, notChecked: true }, historyRetentionDays: 365 })
  })

  it('refuse a key that is no setting', () => {
    expect(() => store.updateSettings({ colour: 'dark' } as never)).toThrow(/colour is not a setting/)
    expect(store.settings()).toEqual(DEFAULT_SETTINGS)
  })

  it('fall back to the default for a stored value that fails its check', () => {
    const db = (store as unknown as { db: { prepare(sql: string): { run(...p: unknown[]): void } } }).db
    db.prepare('INSERT INTO settings (key, json) VALUES (?, ?)').run('syncIntervalMinutes', '99999')
    expect(store.settings()).toEqual(DEFAULT_SETTINGS)
    db.prepare('UPDATE settings SET json = ? WHERE key = ?').run('{not json', 'syncIntervalMinutes')
    expect(store.settings()).toEqual(DEFAULT_SETTINGS)
  })
})

function changes(accountId: string, n: number): SyncChanges {
  return {
    accountId,
    syncedAt: new Date(Date.UTC(2026, 10, 2, 10, n)).toISOString(),
    first: n === 0,
    sitesAdded: [n],
    sitesRemoved: [],
    updatesChanged: [{ siteId: n, from: null, to: n }],
    lastCheckChanged: [],
    newEventIds: [n * 10, n * 10 - 1],
    newEventCount: 2,
  }
}

describe('recordChanges and recentChanges', () => {
  it('answer what was recorded, newest first, as many as asked', () => {
    for (let n = 0; n < 3; n++) store.recordChanges(changes(ACCOUNT_A, n))

    expect(store.recentChanges(ACCOUNT_A, 10)).toEqual([changes(ACCOUNT_A, 2), changes(ACCOUNT_A, 1), changes(ACCOUNT_A, 0)])
    expect(store.recentChanges(ACCOUNT_A, 1)).toEqual([changes(ACCOUNT_A, 2)])
    expect(store.recentChanges(ACCOUNT_A, 0)).toEqual([])
    expect(store.recentChanges(ACCOUNT_B, 10)).toEqual([])
  })

  it(`keep the newest ${CHANGES_KEPT} per account`, () => {
    expect(CHANGES_KEPT).toBe(50)
    for (let n = 0; n < 60; n++) store.recordChanges(changes(ACCOUNT_A, n))
    for (let n = 0; n < 3; n++) store.recordChanges(changes(ACCOUNT_B, n))

    const kept = store.recentChanges(ACCOUNT_A, 1000)
    expect(kept).toHaveLength(50)
    expect(kept[0]).toEqual(changes(ACCOUNT_A, 59))
    expect(kept[49]).toEqual(changes(ACCOUNT_A, 10))
    expect(store.recentChanges(ACCOUNT_B, 1000)).toHaveLength(3)
    const rows = (store as unknown as { db: { prepare(sql: string): { pluck(): { get(): unknown } } } }).db
      .prepare('SELECT count(*) FROM changes')
      .pluck()
      .get()
    expect(rows).toBe(53)
  })

  it('keep another number when the store is opened so', () => {
    store = stores.open(dataDir, { changesKept: 2 })
    for (let n = 0; n < 5; n++) store.recordChanges(changes(ACCOUNT_A, n))
    expect(store.recentChanges(ACCOUNT_A, 10)).toEqual([changes(ACCOUNT_A, 4), changes(ACCOUNT_A, 3)])
  })
})
