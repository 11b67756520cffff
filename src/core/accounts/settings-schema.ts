// The shape of accounts.json. Never the token: the schema has no place for one.
import { z } from 'zod'

export const storedAccountSchema = z.object({
  id: z.string().min(1),
  label: z.string(),
  baseUrl: z.string().min(1),
  kind: z.enum(['remote', 'demo']),
  createdAt: z.string(),
})

export const settingsSchema = z.object({
  version: z.literal(1),
  accounts: z.array(storedAccountSchema),
  lastActiveId: z.string().nullable(),
  /**
   * Ids whose keychain entry may exist without an account owning it: written before a token is
   * stored for a new account and when an account is removed, cleared once the change is done.
   * At start, the entry of every id here that names no account is deleted (see AccountStore),
   * so a crash between the keychain write and the settings write leaves nothing behind. Only
   * ids this data folder wrote are ever deleted: the keychain service is shared with every
   * other data folder of the app (the desktop app, each web shell folder).
   */
  keychainCleanup: z.array(z.string().min(1)).default([]),
})

export type StoredAccount = z.output<typeof storedAccountSchema>
export type AccountsSettings = z.output<typeof settingsSchema>

export const emptySettings = (): AccountsSettings => ({ version: 1, accounts: [], lastActiveId: null, keychainCleanup: [] })
