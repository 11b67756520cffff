// The sentence for the app's notice banner when accounts.json was damaged: without it the app
// opens on the Welcome screen as if it were the first run, and the person never learns that
// accounts were lost, or where the old file went.
import type { AppNotice } from '../../shared'
import type { DamagedSettings } from './settings-file'

export const DAMAGED_SETTINGS_NOTICE_ID = 'accounts-file-damaged'

export function damagedSettingsNotice({ backup, recovered, dropped }: DamagedSettings): AppNotice {
  const lead = `Your account list could not be read; it was kept as ${backup}.`
  const accounts = (n: number): string => `${n} account${n === 1 ? ' was' : 's were'}`
  let outcome: string
  if (recovered === 0) outcome = 'No account could be recovered from it: add your accounts again.'
  else if (dropped === 0) outcome = recovered === 1 ? 'Its one account was recovered.' : `All ${recovered} accounts were recovered.`
  else outcome = `${accounts(recovered)} recovered; ${dropped} could not be read and must be added again.`
  return { id: DAMAGED_SETTINGS_NOTICE_ID, message: `${lead} ${outcome}` }
}
