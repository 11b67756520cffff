// The app's settings (checked, with defaults: app-settings.ts) and the renderer's remembered
// prefs, both in the settings table; prefs' keys start with "pref:", so settings never see them.
// Works inside the caller's transaction, like the store's other tables.
import type Database from 'better-sqlite3'
import type { AppSettings } from '../../shared'
import { checkSettingsPatch, settingsFromStored } from './app-settings'

const PREF_PREFIX = 'pref:'
/** How many times the store was opened (settings never see it: settingsFromStored reads known keys only). */
const RUNS_KEY = 'store:runs'

export class SettingsTables {
  private readonly st: ReturnType<typeof prepare>

  constructor(db: Database.Database) {
    this.st = prepare(db)
  }

  settings(): AppSettings {
    const stored = new Map<string, unknown>()
    for (const row of this.st.settings.all() as { key: string; json: string }[]) {
      try {
        stored.set(row.key, JSON.parse(row.json))
      } catch {
        // An unreadable value falls back to its default.
      }
    }
    return settingsFromStored(stored)
  }

  /**
   * Counts this opening of the store and answers its number (1 the first time): revisions of a
   * later run start above every one an earlier run gave out (SqliteWorkspaceStore.revision).
   */
  nextRun(): number {
    const row = this.st.get.get(RUNS_KEY) as { json: string } | undefined
    const last = row === undefined ? 0 : Number(JSON.parse(row.json))
    const run = Number.isSafeInteger(last) && last >= 0 ? last + 1 : 1
    this.st.put.run(RUNS_KEY, JSON.stringify(run))
    return run
  }

  /** Checks the patch (throws invalid_input, writing nothing) and writes it; answers what was written. */
  write(patch: Partial<AppSettings>): Partial<AppSettings> {
    const checked = checkSettingsPatch(patch)
    for (const [key, value] of Object.entries(checked)) this.st.put.run(key, JSON.stringify(value))
    return checked
  }

  pref(key: string): unknown {
    const row = this.st.get.get(PREF_PREFIX + key) as { json: string } | undefined
    if (row === undefined) return null
    try {
      return JSON.parse(row.json) as unknown
    } catch {
      return null
    }
  }

  setPref(key: string, value: unknown): void {
    if (value === null || value === undefined) this.st.delete.run(PREF_PREFIX + key)
    else this.st.put.run(PREF_PREFIX + key, JSON.stringify(value))
  }

  /** Prefs of an account end in ":<accountId>". */
  removeAccountPrefs(accountId: string): void {
    this.st.removeAccountPrefs.run({ prefix: PREF_PREFIX, suffix: `:${accountId}` })
  }
}

function prepare(db: Database.Database) {
  return {
    settings: db.prepare('SELECT key, json FROM settings'),
    get: db.prepare('SELECT json FROM settings WHERE key = ?'),
    delete: db.prepare('DELETE FROM settings WHERE key = ?'),
    // Compared as text, so no LIKE escaping.
    removeAccountPrefs: db.prepare(
      'DELETE FROM settings WHERE substr(key, 1, length(@prefix)) = @prefix AND substr(key, -length(@suffix)) = @suffix',
    ),
    put: db.prepare('INSERT INTO settings (key, json) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET json = excluded.json'),
  }
}
