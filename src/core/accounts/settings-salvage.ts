// What can be kept of a damaged accounts.json, entry by entry: every account that is whole
// stays, only malformed ones (and second entries with an id already seen) go. One bad entry
// must not cost the person every account.
import { emptySettings, storedAccountSchema, type AccountsSettings, type StoredAccount } from './settings-schema'

export interface Salvaged {
  settings: AccountsSettings
  /** Accounts kept. */
  recovered: number
  /** Entries of the account list that could not be read. */
  dropped: number
}

export function salvageSettings(raw: unknown): Salvaged {
  if (typeof raw !== 'object' || raw === null) return { settings: emptySettings(), recovered: 0, dropped: 0 }
  const record = raw as Record<string, unknown>

  const accounts: StoredAccount[] = []
  const ids = new Set<string>()
  let dropped = 0
  for (const entry of Array.isArray(record.accounts) ? (record.accounts as unknown[]) : []) {
    const parsed = storedAccountSchema.safeParse(entry)
    if (parsed.success && !ids.has(parsed.data.id)) {
      accounts.push(parsed.data)
      ids.add(parsed.data.id)
    } else {
      dropped += 1
    }
  }
  const lastActiveId = typeof record.lastActiveId === 'string' && ids.has(record.lastActiveId) ? record.lastActiveId : null
  const cleanup = Array.isArray(record.keychainCleanup) ? (record.keychainCleanup as unknown[]) : []
  const keychainCleanup = cleanup.filter((id): id is string => typeof id === 'string' && id.length > 0)

  return { settings: { version: 1, accounts, lastActiveId, keychainCleanup }, recovered: accounts.length, dropped }
}

/** True when no two accounts share an id (the schema alone cannot say so). */
export function hasUniqueIds(settings: AccountsSettings): boolean {
  return new Set(settings.accounts.map((a) => a.id)).size === settings.accounts.length
}
