// Each way the keychain can fail, named as what it is, with what the person can do about it.
// keytar passes on the messages of libsecret and GIO (Linux); the patterns below are the ones
// seen on Debian with gnome-keyring 42. Anything not recognised is reported as a refusal, not
// guessed to be a lock: "unlock it" is wrong advice when nothing is running.
import type { AppError } from '../../shared'
import { appError, type AppErrorException } from '../errors'

const NOT_RUNNING =
  'No keychain (Secret Service) is running on this machine, so account tokens can be neither stored nor read. Start one, such as GNOME Keyring, in your session and try again; the demo workspace works without it.'
const LOCKED =
  'The system keychain is locked. Unlock it (on Linux its default keyring, for example by logging in to the desktop) and try again.'
const RESTARTED =
  'The system keychain service was restarted after this app started, and the app lost its connection to it. Restart the app to reach your tokens again.'
const MODULE_MISSING =
  'The keychain support of this app could not be loaded. Reinstall the app; until then only the demo workspace, which needs no keychain, works.'
const REFUSED =
  'The system keychain refused the request. Check that it is running and unlocked, then try again.'

// No bus: "Cannot autolaunch D-Bus without X11 $DISPLAY"; a bus address that leads nowhere:
// "Could not connect: No such file or directory"; a bus where nothing provides the service:
// "The name org.freedesktop.secrets was not provided by any .service files", ServiceUnknown.
const NOT_RUNNING_DETAIL =
  /autolaunch D-Bus|DBUS_SESSION_BUS_ADDRESS|Could not connect:|org\.freedesktop\.secrets was not provided|ServiceUnknown/i
// A locked collection, or no unlocked default keyring at all (its creation needs a prompt):
// 'Object does not exist at path "/org/freedesktop/secrets/collection/login"'.
const LOCKED_DETAIL = /locked|\/org\/freedesktop\/secrets\/collection\/|dismissed|prompt/i
/**
 * libsecret keeps its connection to the daemon for the life of the process; once the daemon
 * restarted, calls go to its old unique bus name (":1.0") or its old session. KeytarHost
 * retries those in a new process; in-process keytar cannot recover.
 */
export const STALE_CONNECTION_DETAIL =
  /The name :\d+\.\d+ was not provided|session wrapping the secret does not exist|\/org\/freedesktop\/secrets\/session\/|connection is closed/i
const MODULE_DETAIL = /Cannot find module|keytar\.node|invalid ELF|NODE_MODULE_VERSION|was compiled against/i

/** Turns whatever the keychain threw into an AppError that says what to do about it. */
export function keychainUnavailable(thrown?: unknown): AppErrorException {
  const detail = thrown instanceof Error ? thrown.message : String(thrown ?? '')
  return appError({ code: 'keychain_unavailable', message: messageFor(detail) })
}

/** A keychain call that did not answer in time (see KeychainGate). */
export function keychainNoAnswer(deadlineMs: number): AppErrorException {
  const seconds = Math.round(deadlineMs / 100) / 10
  const error: AppError = {
    code: 'keychain_unavailable',
    message: `The system keychain did not answer within ${seconds} second${seconds === 1 ? '' : 's'}. It may be locked and waiting for an unlock prompt that cannot be shown here. Unlock it (or restart it) and try again; the rest of the app keeps working.`,
  }
  return appError(error)
}

function messageFor(detail: string): string {
  if (MODULE_DETAIL.test(detail)) return MODULE_MISSING
  // Before NOT_RUNNING: a stale unique name also reads "was not provided by any .service files".
  if (STALE_CONNECTION_DETAIL.test(detail)) return RESTARTED
  if (NOT_RUNNING_DETAIL.test(detail)) return NOT_RUNNING
  if (LOCKED_DETAIL.test(detail)) return LOCKED
  return REFUSED
}
