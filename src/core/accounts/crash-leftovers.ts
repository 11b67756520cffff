// At start, what a run killed in the middle of an account change left behind: temp files of
// the settings writer, and keychain entries noted in keychainCleanup (settings-schema.ts) that
// no account owns. Only noted ids are deleted, never "every entry of the service that this
// folder does not know": the service is shared by every data folder of the app (the desktop
// app and each web shell folder), and keytar's findCredentials, the only way to list it,
// crashes the process while gnome-keyring is locked.
import type { SecretStore } from '../secrets'
import type { Logger } from '../util/logger'
import type { AccountsSettingsFile } from './settings-file'

export interface CrashLeftovers {
  file: AccountsSettingsFile
  /** The keychain of remote accounts. */
  secrets: SecretStore
  logger: Logger
  /** The ids noted in keychainCleanup when the settings were loaded. */
  noted: string[]
  /** The ids of the saved accounts: their entries are theirs, and stay. */
  owned: Set<string>
}

/** Removes what it can; answers the noted ids that are settled (to drop from the note). */
export async function removeCrashLeftovers({ file, secrets, logger, noted, owned }: CrashLeftovers): Promise<string[]> {
  const temps = await file.removeLeftoverTemps()
  if (temps.length > 0) logger.info('Removed temporary files an interrupted run left beside accounts.json', { files: temps })

  const settled: string[] = []
  for (const id of noted) {
    if (!owned.has(id)) {
      try {
        await secrets.delete(id)
      } catch (thrown) {
        // The keychain is locked or away: the note stays, and the next start tries again.
        logger.warn('Keychain entries left by an interrupted change could not be removed yet', { error: messageOf(thrown) })
        break
      }
      logger.info('Removed a keychain entry that no account owns, left by an interrupted change', { accountId: id })
    }
    settled.push(id)
  }
  return settled
}

export function messageOf(thrown: unknown): string {
  return thrown instanceof Error ? thrown.message : String(thrown)
}
