// accounts.json: each account's label, base URL, id and kind, and the last active account.
// Never the token: the schema below has no place for one and save() writes only these fields.
// Loading is tolerant: a corrupt file is kept aside as a backup and the app starts empty
// instead of crashing on launch.
import { copyFile, readFile, rm } from 'node:fs/promises'
import { z } from 'zod'
import { writeFileAtomic } from '../util/atomic-write'
import { accountsSettingsPath } from './paths'

const storedAccountSchema = z.object({
  id: z.string().min(1),
  label: z.string(),
  baseUrl: z.string().min(1),
  kind: z.enum(['remote', 'demo']),
  createdAt: z.string(),
})

const settingsSchema = z.object({
  version: z.literal(1),
  accounts: z.array(storedAccountSchema),
  lastActiveId: z.string().nullable(),
})

export type StoredAccount = z.output<typeof storedAccountSchema>
export type AccountsSettings = z.output<typeof settingsSchema>

export const emptySettings = (): AccountsSettings => ({ version: 1, accounts: [], lastActiveId: null })

export interface LoadedSettings {
  settings: AccountsSettings
  /** Set when the file was unreadable and was moved aside to this path. */
  corruptBackup?: string
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
    const parsed = settingsSchema.safeParse(parseJson(text))
    if (!parsed.success) return { settings: emptySettings(), corruptBackup: await this.keepCorruptCopy() }

    const settings = parsed.data
    const ids = new Set(settings.accounts.map((a) => a.id))
    if (settings.lastActiveId !== null && !ids.has(settings.lastActiveId)) settings.lastActiveId = null
    return { settings }
  }

  async save(settings: AccountsSettings): Promise<void> {
    // Copy field by field, so nothing that happens to ride along on an object is persisted.
    const clean: AccountsSettings = {
      version: 1,
      accounts: settings.accounts.map(({ id, label, baseUrl, kind, createdAt }) => ({
        id,
        label,
        baseUrl,
        kind,
        createdAt,
      })),
      lastActiveId: settings.lastActiveId,
    }
    await writeFileAtomic(this.path, `${JSON.stringify(clean, null, 2)}\n`)
  }

  private async keepCorruptCopy(): Promise<string> {
    const backup = `${this.path}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`
    await copyFile(this.path, backup)
    // The broken file goes away so the next save starts clean; its copy stays for a person.
    await rm(this.path, { force: true })
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
