// Errors travel as data: Electron strips thrown errors down to their message, so every
// answer is a Result and every failure an AppError with a closed set of codes.

export const APP_ERROR_CODES = [
  'unauthorized', // 401: the token was refused
  'forbidden', // 403
  'not_found', // 404
  'validation', // 422, with fields
  'rate_limited', // 429, with retryAfterMs
  'timeout',
  'network', // refused, DNS, TLS, reset
  'server', // 5xx
  'bad_response', // HTML instead of JSON, broken JSON, wrong shape, too large
  'unsafe_address', // the server handed back an address outside the account's base URL
  'keychain_unavailable',
  'invalid_input', // an IPC input failed validation in core
  'cancelled',
  'internal',
] as const

export type AppErrorCode = (typeof APP_ERROR_CODES)[number]

export interface AppError {
  code: AppErrorCode
  /** A sentence a person can read and act on. */
  message: string
  status?: number
  /** Field name -> messages, for validation errors. */
  fields?: Record<string, string[]>
  retryAfterMs?: number
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError }

/**
 * The one sentence for a failure inside the app itself (a bug, something thrown that nobody
 * expected): core, main's IPC gate and the web shell's socket all answer with it.
 */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong inside the app. Try again; if it keeps happening, restart the app.'

/** The answer for a failure inside the app: no details, which could hold a token. */
export const internalError = (): AppError => ({ code: 'internal', message: INTERNAL_ERROR_MESSAGE })

export const ok = <T>(value: T): Result<T> => ({ ok: true, value })
export const fail = (error: AppError): Result<never> => ({ ok: false, error })

export function isAppError(value: unknown): value is AppError {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return (
    typeof v.message === 'string' &&
    typeof v.code === 'string' &&
    (APP_ERROR_CODES as readonly string[]).includes(v.code)
  )
}
