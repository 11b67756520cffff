// Where account data lives inside the data folder. One place, so the settings, the demo and
// account removal agree on it and removing an account can find everything that belongs to it.
import { join } from 'node:path'

export const accountsSettingsPath = (dataDir: string): string => join(dataDir, 'accounts.json')

/**
 * The per-account cache folder of versions before the SQLite workspace store: nothing writes it
 * now, but removing an account still deletes one left behind by an older version.
 */
export const accountCacheDir = (dataDir: string, accountId: string): string =>
  join(dataDir, 'cache', accountId)

export const demoDir = (dataDir: string): string => join(dataDir, 'demo')
