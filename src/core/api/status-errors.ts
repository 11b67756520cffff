// Turns an HTTP error status into an AppError whose message says what to do next. The body
// is read only for what helps a person (422 field messages, a short excerpt); the token is
// never part of the text (see excerpt.ts).
import type { AppError } from '../../shared'
import { excerpt } from './excerpt'
import { nestedTooDeep } from '../../shared'
import { messageBodySchema } from './schemas'

export interface RequestContext {
  /** What was asked for, in words: "site 12", "the list of sites", "the new tag". */
  what: string
  /** The request was for a list address (a 404 there means a wrong base URL, not a deleted item). */
  collection: boolean
  /**
   * What a 404/410 means for this request, when neither reading above fits: the events of a
   * site are a list, but their 404 means the site is gone, not that the address is wrong.
   */
  notFound?: (status: number) => string
  /** host[:port] of the account, for messages. */
  host: string
  /** Strings never to show (the token). */
  secrets: readonly string[]
}

function parseJson(text: string): unknown {
  // An error body nested that deep is no message of the server's: shown as text.
  if (nestedTooDeep(text)) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function serverMessage(body: string, ctx: RequestContext): string | undefined {
  const parsed = messageBodySchema.safeParse(parseJson(body))
  return parsed.success && parsed.data.message.trim() !== '' ? excerpt(parsed.data.message, ctx.secrets) : undefined
}

/**
 * The reason a server gives in an error body, under the names servers use for it: Laravel's
 * `message`, `msg` ({"error":true,"msg":"Invalid API key","status":403}), `error` when it is
 * text, `detail` (RFC 9457), OAuth's `error_description`. Short, and never a secret.
 */
function statedReason(body: string, ctx: RequestContext): string | undefined {
  const parsed = parseJson(body)
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined
  const record = parsed as Record<string, unknown>
  for (const key of ['message', 'msg', 'error', 'detail', 'error_description']) {
    const value = record[key]
    if (typeof value === 'string' && value.trim() !== '') return excerpt(value.trim(), ctx.secrets)
  }
  return undefined
}

/**
 * A reason that is about the key itself (invalid, expired, revoked, unknown) rather than about
 * what the key may do: some servers answer a bad key with 403 instead of 401.
 */
const KEY_WORD = String.raw`(?:api[\s_-]?key|key|token|credentials?)`
const KEY_FAULT = String.raw`(?:invalid|wrong|bad|expired|revoked|unknown|missing|not valid|not recogni[sz]ed)`
const KEY_REFUSED = new RegExp(
  String.raw`\b${KEY_FAULT}\b.*\b${KEY_WORD}\b|\b${KEY_WORD}\b.*\b${KEY_FAULT}\b|\bunauthenticated\b|\bnot authenticated\b|\bauthentication (?:failed|required)\b`,
  'i',
)

export function reasonRefusesKey(reason: string): boolean {
  return KEY_REFUSED.test(reason)
}

function forbiddenError(status: number, body: string, ctx: RequestContext): AppError {
  const reason = statedReason(body, ctx)
  if (reason !== undefined && reasonRefusesKey(reason)) {
    // As a 401: the account's token is marked refused and the app offers to replace it.
    return { code: 'unauthorized', status, message: `The server refused the token (HTTP ${status}: “${reason}”). Enter a new token for this account.` }
  }
  const said = reason === undefined ? '' : `: “${reason}”`
  return {
    code: 'forbidden',
    status,
    message: `The server refused access to ${ctx.what} (HTTP ${status}${said}). The token may lack the rights for this: replace it in Accounts with one that has them, or ask the server's administrator.`,
  }
}

/** Fields named in a 422, at most this many, each with at most MAX_FIELD_MESSAGES messages. */
const MAX_FIELDS = 20
const MAX_FIELD_MESSAGES = 5

/**
 * The field messages of a 422 in Laravel's shape ({ errors: { field: [messages] } }), read by
 * hand and bounded: the body is the server's, and a million fields must not make a million
 * messages (or a million validator issues). Entries that are not strings are skipped.
 */
function fieldMessages(errors: unknown, ctx: RequestContext): Record<string, string[]> {
  const fields: Record<string, string[]> = {}
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return fields
  let count = 0
  for (const [field, value] of Object.entries(errors as Record<string, unknown>)) {
    const messages = (Array.isArray(value) ? value.slice(0, MAX_FIELD_MESSAGES) : [value]).filter((m): m is string => typeof m === 'string')
    if (messages.length === 0) continue
    // A field name is the server's text too: short, and never a secret.
    fields[excerpt(field, ctx.secrets)] = messages.map((m) => excerpt(m, ctx.secrets))
    if (++count >= MAX_FIELDS) break
  }
  return fields
}

function validationError(status: number, body: string, ctx: RequestContext): AppError {
  const parsed = parseJson(body)
  const record = typeof parsed === 'object' && parsed !== null ? (parsed as { message?: unknown; errors?: unknown }) : {}
  const fields = fieldMessages(record.errors, ctx)
  const details = Object.entries(fields)
    .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
    .join('; ')
  const said = typeof record.message === 'string' && record.message !== '' ? excerpt(record.message, ctx.secrets) : undefined
  const summary = details !== '' ? details : (said ?? excerpt(body, ctx.secrets))
  const error: AppError = {
    code: 'validation',
    status,
    message: `The server did not accept ${ctx.what} (HTTP ${status}): ${summary}. Correct the input and try again.`,
  }
  if (Object.keys(fields).length > 0) error.fields = fields
  return error
}

/** "9 seconds", "11 minutes", "3 hours": rounded up, so a wait is never told short. */
export function formatWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000))
  if (seconds <= 90) return seconds === 1 ? '1 second' : `${seconds} seconds`
  const minutes = Math.ceil(seconds / 60)
  if (minutes <= 90) return `${minutes} minutes`
  return `${Math.ceil(minutes / 60)} hours`
}

export function rateLimitedError(retryAfterMs: number | undefined): AppError {
  const error: AppError = {
    code: 'rate_limited',
    status: 429,
    message:
      retryAfterMs === undefined
        ? 'The server is limiting how many requests the app may send. Wait a minute and try again.'
        : `The server is limiting how many requests the app may send. Wait ${formatWait(retryAfterMs)} and try again.`,
  }
  if (retryAfterMs !== undefined) error.retryAfterMs = retryAfterMs
  return error
}

/**
 * The rate pacer would have to wait longer than a request may take: the headers said the
 * server's budget is spent until then. No 429 was met (nothing was sent), so no status.
 */
export function budgetSpentError(waitMs: number): AppError {
  return {
    code: 'rate_limited',
    retryAfterMs: waitMs,
    message: `The server's limit on requests is used up for now. Wait ${formatWait(waitMs)} and try again.`,
  }
}

export function errorForStatus(
  status: number,
  body: string,
  ctx: RequestContext,
  retryAfterMs?: number,
): AppError {
  if (status === 401) {
    return { code: 'unauthorized', status, message: 'The server refused the token. Enter a new token for this account.' }
  }
  if (status === 403) return forbiddenError(status, body, ctx)
  if (status === 404 || status === 410) {
    return {
      code: 'not_found',
      status,
      message: ctx.notFound
        ? ctx.notFound(status)
        : ctx.collection
        ? `${capitalize(ctx.what)} was not found at ${ctx.host} (HTTP ${status}). Check that the account's address ends at the API root, for example https://example.com/api/v1.`
        : `${capitalize(ctx.what)} was not found (HTTP ${status}). It may have been deleted; refresh the list.`,
    }
  }
  if (status === 400 || status === 409 || status === 422) return validationError(status, body, ctx)
  if (status === 429) return rateLimitedError(retryAfterMs)
  if (status === 408) {
    return { code: 'timeout', status, message: `The server at ${ctx.host} gave up waiting for the request (HTTP 408). Try again.` }
  }
  if (status >= 500 && status <= 599) {
    // Laravel's {"message": "Server Error"}, or the title of a proxy's error page.
    const said = serverMessage(body, ctx) ?? (body.trim() === '' ? undefined : excerpt(body, ctx.secrets))
    return {
      code: 'server',
      status,
      message: `The server at ${ctx.host} had a problem answering (HTTP ${status}${said ? `: ${said}` : ''}). Try again later; if it keeps happening, tell the server's administrator.`,
    }
  }
  return {
    code: 'bad_response',
    status,
    message: `The server answered with an unexpected HTTP status ${status} for ${ctx.what}: ${excerpt(body, ctx.secrets)}.`,
  }
}
