// accounts.json: each account's label, base URL, id and kind, the last active account, and the
// keychain entries to check at start (settings-schema.ts). Never the token: save() writes only
// the schema's fields. Loading is tolerant: a damaged file is kept aside as a backup, what can
// be read of it is kept entry by entry (settings-salvage.ts), and the app starts with that
// instead of crashing, or of starting empty as if it were the first run.
import { copyFile, readFile, rm } from 'node:fs/promises'
import { writeFileAtomic } from '../../node-utils/atomic-write'
import { removeLeftoverTemps } from './leftover-temps'
import { accountsSettingsPath } from './paths'
import { hasUniqueIds, salvageSettings } from './settings-salvage'
import { emptySettings, settingsSchema, type AccountsSettings } from './settings-schema'

export { emptySettings, type AccountsSettings, type StoredAccount } from './settings-schema'

export interface DamagedSettings {
  /** Where the damaged file was kept. */
  backup: string
  /** Accounts that could be read and were kept. */
  recovered: number
  /** Entries of the account list that could not be read. */
  dropped: number
}

export interface LoadedSettings {
  settings: AccountsSettings
  /** Set when the file was damaged. */
  corrupt?: DamagedSettings
}

export class AccountsSettingsFile {
  readonly path: string

  constructor(dataDir: string) {
    this.path = accountsSettingsPath(dataDir)
  }

  async load(): Promise<LoadedSettings> {
    let text: string
    try {
      text = await readFile(this.path, 'utf8')
    } catch (thrown) {
      if ((thrown as NodeJS.ErrnoException).code === 'ENOENT') return { settings: emptySettings() }
      throw thrown
    }
    const raw = parseJson(text)
    const sound = settingsSchema.safeParse(raw)
    if (sound.success && hasUniqueIds(sound.data)) {
      const settings = sound.data
      const ids = new Set(settings.accounts.map((a) => a.id))
      if (settings.lastActiveId !== null && !ids.has(settings.lastActiveId)) settings.lastActiveId = null
      return { settings }
    }
    const { settings, recovered, dropped } = salvageSettings(raw)
    return { settings, corrupt: { backup: await this.setAside(settings), recovered, dropped } }
  }

  async save(settings: AccountsSettings): Promise<void> {
    // Copy field by field, so nothing that happens to ride along on an object is persisted.
    const clean = {
      version: 1,
      accounts: settings.accounts.map(({ id, label, baseUrl, kind, createdAt }) => ({
        id,
        label,
        baseUrl,
        kind,
        createdAt,
      })),
      lastActiveId: settings.lastActiveId,
      // Usually empty, and then left out: a file with nothing pending reads as it always did.
      ...(settings.keychainCleanup.length > 0 ? { keychainCleanup: [...settings.keychainCleanup] } : {}),
    }
    await writeFileAtomic(this.path, `${JSON.stringify(clean, null, 2)}\n`)
  }

  /** Removes temp files a killed process left beside the file; answers their names. */
  removeLeftoverTemps(): Promise<string[]> {
    return removeLeftoverTemps(this.path)
  }

  /** Copies the damaged file aside for a person, and replaces it with what was salvaged. */
  private async setAside(salvaged: AccountsSettings): Promise<string> {
    const backup = `${this.path}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`
    await copyFile(this.path, backup)
    // Saved at once, so the next start reads a sound file and says nothing more.
    if (salvaged.accounts.length > 0 || salvaged.keychainCleanup.length > 0) await this.save(salvaged)
    else await rm(this.path, { force: true })
    return backup
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
