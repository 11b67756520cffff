// Checks the renderer can make before sending anything; core validates again. The address
// rules are the app's one web address check (shared/web-address.ts); the New site form's rules
// are the shared New site schema (site-draft-check.ts).
import { isWebAddress, NOT_A_WEB_ADDRESS } from '../../../shared'

/** True for an absolute http(s) address with a host; spaces around it (from a paste or the server) do not count. */
export function isHttpUrl(value: string): boolean {
  return isWebAddress(value.trim())
}

export function required(value: string, label: string): string | null {
  return value.trim() === '' ? `${label} is required.` : null
}

export function httpUrl(value: string, label: string): string | null {
  if (value.trim() === '') return null
  return isHttpUrl(value) ? null : `${label} ${NOT_A_WEB_ADDRESS}.`
}
