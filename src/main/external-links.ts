// The system browser is handed http(s) addresses only: a file:, javascript:, smb: or custom
// protocol address could run or open something local, so it is refused here, the last step
// before the OS acts. The check is the app's one web address check (shared/web-address.ts).
import { isWebAddress } from '../shared'

export type OpenExternal = (url: string) => Promise<void>

/** Wraps the OS opener (electron's shell.openExternal) so it only ever sees http(s). */
export function webOnlyOpener(openWithOs: OpenExternal): OpenExternal {
  return async (address) => {
    if (!isWebAddress(address)) {
      throw new Error('Only http and https addresses are opened in the browser.')
    }
    await openWithOs(address)
  }
}
