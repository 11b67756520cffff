// What a call over the web shell's socket settles with when no answer of core's arrives: the
// bridge never rejects, so each of these becomes the call's `{ ok: false, error }`.
import type { AppError } from '../../shared'

/** The socket went while the call waited for its answer. */
export const CONNECTION_LOST: AppError = {
  code: 'network',
  message:
    'The connection to Site Manager was lost before it answered, so this may not have been done. The page reconnects by itself; check, then try again.',
}

/** No socket is up: the shell was lost, or could not be reached at all. */
export const NOT_CONNECTED: AppError = {
  code: 'network',
  message: "Site Manager's web shell is not answering (it may have been stopped). The page reconnects by itself once it runs again; then try again.",
}

export const CALL_TIMED_OUT: AppError = {
  code: 'timeout',
  message: 'Site Manager did not answer in time, so the request was given up. Try again; if it keeps happening, restart the web shell.',
}

/** The input cannot be written as JSON (a cycle, a BigInt): a bug of the page, not of the shell. */
export const UNSENDABLE_INPUT: AppError = {
  code: 'invalid_input',
  message: 'This request could not be sent to Site Manager because its data cannot be written down. Reload the page and try again.',
}
