// Where account data lives inside the data folder. One place, so the settings, the demo and
// the cache agree on it and removing an account can find everything that belongs to it.
import { join } from 'node:path'

export const accountsSettingsPath = (dataDir: string): string => join(dataDir, 'accounts.json')

/** The cache folder of one account (used by the cache/sync engine; removed with the account). */
export const accountCacheDir = (dataDir: string, accountId: string): string =>
  join(dataDir, 'cache', accountId)

export const demoDir = (dataDir: string): string => join(dataDir, 'demo')
