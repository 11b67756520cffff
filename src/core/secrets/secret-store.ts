// Where account tokens live. The real store is the OS keychain (keytar); tests pass an
// in-memory one (Element Desktop's storage backends are the model). Every method throws
// AppErrorException 'keychain_unavailable' when the keychain cannot be reached.
import type { AppError } from '../../shared'
import { appError, type AppErrorException } from '../errors'

export interface SecretStore {
  /** The stored token, or null when there is none. */
  get(accountId: string): Promise<string | null>
  set(accountId: string, token: string): Promise<void>
  /** Removes the entry; removing an absent entry is not an error. */
  delete(accountId: string): Promise<void>
}

const KEYCHAIN_LOCKED =
  'The system keychain is locked or not running. Unlock it (or start a Secret Service such as GNOME Keyring) and try again.'
const NO_SECRET_SERVICE =
  'No system keychain could be reached (no Secret Service on the session bus). Start a Secret Service such as GNOME Keyring, or use the demo workspace, which needs no keychain.'
const KEYCHAIN_MODULE_MISSING =
  'The keychain support of this app could not be loaded. Reinstall the app; until then only the demo workspace, which needs no keychain, works.'

/** Turns whatever the keychain threw into an AppError that says what to do about it. */
export function keychainUnavailable(thrown?: unknown): AppErrorException {
  const detail = thrown instanceof Error ? thrown.message : String(thrown ?? '')
  return appError(keychainError(detail))
}

function keychainError(detail: string): AppError {
  // keytar without a session bus: "Cannot autolaunch D-Bus without X11 $DISPLAY";
  // no service answering on the bus: "The name org.freedesktop.secrets was not provided".
  if (/autolaunch D-Bus|DBUS_SESSION_BUS_ADDRESS|org\.freedesktop\.secrets was not provided|ServiceUnknown/i.test(detail)) {
    return { code: 'keychain_unavailable', message: NO_SECRET_SERVICE }
  }
  if (/Cannot find module|keytar\.node|invalid ELF|NODE_MODULE_VERSION|was compiled against/i.test(detail)) {
    return { code: 'keychain_unavailable', message: KEYCHAIN_MODULE_MISSING }
  }
  // A bus with no unlocked keyring: 'Object does not exist at path
  // "/org/freedesktop/secrets/collection/login"', a dismissed unlock prompt, and the rest.
  return { code: 'keychain_unavailable', message: KEYCHAIN_LOCKED }
}
