// Turns what undici or the socket threw into an AppError a person can act on, and says whether
// repeating the same GET could help (a refused or reset connection may; a bad certificate won't).
// For a change (POST, DELETE) whose request may already have reached the server, the advice is
// not "try again": the change may have happened, and repeating it blindly could do it twice.
import type { AppError } from '../../shared'
import { formatWait } from './status-errors'

export interface TransportFailure {
  error: AppError
  /** Worth repeating for an idempotent request: nothing suggests the next try fails the same way. */
  retryable: boolean
}

/** A request that changes something, described for the advice after a lost answer. */
export interface ChangeRequest {
  method: 'POST' | 'DELETE'
  /** What was asked for, in words: "the new site", "tag 4". */
  what: string
}

const TLS_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_UNTRUSTED',
])

function codeOf(thrown: unknown): string | undefined {
  // undici sometimes wraps the socket error; the useful code may sit on the cause.
  for (let e: unknown = thrown, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string') return code
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}

export function isAbort(thrown: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true
  const name = (thrown as { name?: unknown } | null)?.name
  return name === 'AbortError' || codeOf(thrown) === 'UND_ERR_ABORTED'
}

export function cancelledError(): AppError {
  return { code: 'cancelled', message: 'The request was cancelled.' }
}

/** The advice after a failure that happened once the request may have reached the server. */
function afterSending(advice: string, change: ChangeRequest | undefined): string {
  if (!change) return advice
  const done = change.method === 'POST' ? 'created' : 'deleted'
  return `The answer was lost; ${change.what} may have been ${done}. Refresh before trying again.`
}

function failure(code: 'network' | 'timeout' | 'bad_response', message: string, retryable: boolean): TransportFailure {
  return { error: { code, message }, retryable }
}

export function transportFailure(thrown: unknown, host: string, change?: ChangeRequest): TransportFailure {
  const code = codeOf(thrown) ?? ''
  const check = 'Check the address and your network.'
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'ETIMEDOUT':
      // Nothing reached the server yet, so another try costs nothing but time.
      return failure('timeout', `Connecting to ${host} took too long. ${check}`, true)
    case 'UND_ERR_HEADERS_TIMEOUT':
      // A slow server: repeating would multiply the wait, so the person decides.
      return failure('timeout', `The server at ${host} did not answer in time. ${afterSending('Try again later.', change)}`, false)
    case 'UND_ERR_BODY_TIMEOUT':
      return failure('timeout', `The server at ${host} stopped in the middle of its answer. ${afterSending('Try again later.', change)}`, false)
    case 'ECONNREFUSED':
      return failure('network', `Could not reach ${host} (connection refused). ${check}`, true)
    case 'ENOTFOUND':
      return failure('network', `Could not find the server ${host} (the name does not resolve). ${check}`, false)
    case 'EAI_AGAIN':
      return failure('network', `Could not look up the server ${host} right now (DNS). ${check}`, true)
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
      return failure('network', `The connection to ${host} was interrupted. ${afterSending(check, change)}`, true)
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ENETDOWN':
      return failure('network', `Could not reach ${host} (no route to the host). ${check}`, true)
    case 'UND_ERR_HEADERS_OVERFLOW':
    case 'HPE_INVALID_CONSTANT':
    case 'HPE_INVALID_HEADER_TOKEN':
    case 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH':
      return failure(
        'bad_response',
        `The server at ${host} sent an answer that is not valid HTTP. ${afterSending('Check the address.', change)}`,
        false,
      )
  }
  if (TLS_CODES.has(code) || code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_')) {
    return failure(
      'network',
      `The secure connection to ${host} failed (${code}): its certificate is not trusted. Check the address; if it is right, the server's certificate needs fixing.`,
      false,
    )
  }
  return failure('network', `Could not talk to ${host}${code ? ` (${code})` : ''}. ${afterSending(check, change)}`, true)
}

/**
 * One try ran past the client's overall limit (a server that trickles its answer resets the
 * body timeout with every chunk, so only a deadline bounds it). Not repeated: the next try
 * would most likely be as slow.
 */
export function deadlineFailure(host: string, limitMs: number, change?: ChangeRequest): TransportFailure {
  return failure(
    'timeout',
    `The server at ${host} took longer than ${formatWait(limitMs)} to answer. ${afterSending('Try again later.', change)}`,
    false,
  )
}
