// Turns an AppError into words for a person: a short title, the sentence core wrote, and
// whether trying again can help. Views use it so every failure reads the same way.
import type { AppError, AppErrorCode } from '../../../shared'

export interface ErrorText {
  title: string
  message: string
  /** True when the same request may succeed a moment later (offer a Retry button). */
  retryable: boolean
}

const TITLES: Record<AppErrorCode, string> = {
  unauthorized: 'The token was refused',
  forbidden: 'Not allowed',
  not_found: 'Not found',
  validation: 'Some fields need attention',
  rate_limited: 'Too many requests',
  timeout: 'The server took too long',
  network: 'Cannot reach the server',
  server: 'The server had a problem',
  bad_response: 'Unexpected answer from the server',
  unsafe_address: 'Unsafe address refused',
  keychain_unavailable: 'Keychain unavailable',
  invalid_input: 'Invalid input',
  cancelled: 'Cancelled',
  internal: 'Something went wrong',
}

const RETRYABLE: ReadonlySet<AppErrorCode> = new Set([
  'rate_limited',
  'timeout',
  'network',
  'server',
  'bad_response',
  'keychain_unavailable',
  'cancelled',
  'internal',
])

export function describeError(error: AppError): ErrorText {
  let message = error.message.trim() || 'No details were given.'
  if (error.code === 'rate_limited' && error.retryAfterMs !== undefined) {
    const seconds = Math.max(1, Math.ceil(error.retryAfterMs / 1000))
    if (!/\bsecond/.test(message)) message += ` Try again in ${seconds} s.`
  }
  return { title: TITLES[error.code], message, retryable: RETRYABLE.has(error.code) }
}

/** A stand-in AppError for a bridge call that threw instead of answering (should not happen). */
export function bridgeFailure(thrown: unknown): AppError {
  const detail = thrown instanceof Error ? thrown.message : String(thrown)
  return {
    code: 'internal',
    message: `The app could not reach its background process (${detail}). Try again.`,
  }
}
