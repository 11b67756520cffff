// Reads a successful answer as JSON and checks its shape, so nothing malformed gets past the
// client: HTML where JSON belongs, cut-off JSON and wrong shapes all become bad_response with
// the status and enough of the body to see what happened.
import type { z } from 'zod'
import type { AppError } from '../../shared'
import { AppErrorException } from '../errors'
import { excerpt, redact } from './excerpt'
import { MAX_JSON_DEPTH, nestedTooDeep } from '../../shared'
import { describeIssues } from './schemas'
import type { RequestContext } from './status-errors'

export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
  /** Bytes of the body as received (for the read budget); Buffer.byteLength(text) when absent. */
  bytes?: number
}

export function bodyBytes(response: RawResponse): number {
  return response.bytes ?? Buffer.byteLength(response.text)
}

function badResponse(status: number, message: string): AppErrorException {
  return new AppErrorException({ code: 'bad_response', status, message })
}

/** What came back where JSON belonged, for a caller that words it for its own situation. */
export interface ReceivedBody {
  kind: 'web_page' | 'empty' | 'not_json'
  status: number
  /** The media type in words: "application/json", "no content type". */
  contentType: string
  /** The first readable words of the body, redacted (see excerpt.ts). */
  excerpt: string
}

/**
 * A bad_response for a body that could not be read as JSON at all. Adding an account tells
 * these apart from "no API answered" (verify-credentials.ts): the server did answer.
 */
export class UnreadableBodyException extends AppErrorException {
  constructor(
    error: AppError,
    readonly received: ReceivedBody,
  ) {
    super(error)
  }
}

function contentType(response: RawResponse): string {
  const value = response.headers['content-type']
  return (Array.isArray(value) ? value[0] : value)?.toLowerCase() ?? ''
}

/** The media type without parameters, bounded: the header is the server's to fill. */
function mediaType(response: RawResponse, secrets: readonly string[]): string {
  const type = contentType(response).split(';')[0]?.trim() ?? ''
  return type === '' ? 'no content type' : redact(type.slice(0, 60), secrets)
}

function unreadable(kind: ReceivedBody['kind'], response: RawResponse, ctx: RequestContext, message: (got: ReceivedBody) => string): UnreadableBodyException {
  const got: ReceivedBody = {
    kind,
    status: response.status,
    contentType: mediaType(response, ctx.secrets),
    excerpt: kind === 'empty' ? '' : excerpt(response.text, ctx.secrets),
  }
  return new UnreadableBodyException({ code: 'bad_response', status: response.status, message: message(got) }, got)
}

function looksLikeHtml(response: RawResponse): boolean {
  return contentType(response).includes('text/html') || /^\s*</.test(response.text)
}

export function parseJsonResponse(response: RawResponse, ctx: RequestContext): unknown {
  if (looksLikeHtml(response)) {
    throw unreadable(
      'web_page',
      response,
      ctx,
      (got) =>
        `The server answered ${ctx.what} with a web page instead of JSON (HTTP ${got.status}, ${got.contentType}: "${got.excerpt}"). Check that the account's address is the API root, for example https://example.com/api/v1.`,
    )
  }
  if (response.text.trim() === '') {
    throw unreadable('empty', response, ctx, (got) => `The server sent an empty answer for ${ctx.what} (HTTP ${got.status}). Try again later.`)
  }
  if (nestedTooDeep(response.text)) {
    throw badResponse(
      response.status,
      `The server's answer for ${ctx.what} is nested more than ${MAX_JSON_DEPTH} levels deep, which no answer of the API is (HTTP ${response.status}: "${excerpt(response.text, ctx.secrets)}"). Try again later; if it stays, tell the server's administrator.`,
    )
  }
  try {
    return JSON.parse(response.text) as unknown
  } catch {
    throw unreadable(
      'not_json',
      response,
      ctx,
      (got) =>
        `The server's answer for ${ctx.what} is not valid JSON (HTTP ${got.status}, ${got.contentType}: "${got.excerpt}"). Try again later; if it stays, tell the server's administrator.`,
    )
  }
}

export function validateResponse<T>(schema: z.ZodType<T, unknown>, value: unknown, status: number, ctx: RequestContext): T {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  throw badResponse(
    status,
    `The server's answer for ${ctx.what} does not have the expected shape (HTTP ${status}): ${describeIssues(result.error)}.`,
  )
}

export function readJson<T>(schema: z.ZodType<T, unknown>, response: RawResponse, ctx: RequestContext): T {
  return validateResponse(schema, parseJsonResponse(response, ctx), response.status, ctx)
}

/**
 * Deletions answer 200 with an empty body (spec 4). Some servers send JSON instead (a message,
 * the deleted item); that is success too. A web page is not: it means the request never
 * reached the API (a login portal, a proxy), so nothing was deleted.
 */
export function checkDeletionResponse(response: RawResponse, ctx: RequestContext): void {
  if (response.text.trim() === '') return
  parseJsonResponse(response, ctx)
}
