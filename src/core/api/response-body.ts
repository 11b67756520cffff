// Reads a successful answer as JSON and checks its shape, so nothing malformed gets past the
// client: HTML where JSON belongs, cut-off JSON and wrong shapes all become bad_response with
// the status and enough of the body to see what happened.
import type { z } from 'zod'
import { AppErrorException } from '../errors'
import { excerpt } from './excerpt'
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

function contentType(response: RawResponse): string {
  const value = response.headers['content-type']
  return (Array.isArray(value) ? value[0] : value)?.toLowerCase() ?? ''
}

function looksLikeHtml(response: RawResponse): boolean {
  return contentType(response).includes('text/html') || /^\s*</.test(response.text)
}

export function parseJsonResponse(response: RawResponse, ctx: RequestContext): unknown {
  if (looksLikeHtml(response)) {
    throw badResponse(
      response.status,
      `The server answered ${ctx.what} with a web page instead of JSON (HTTP ${response.status}: "${excerpt(response.text, ctx.secrets)}"). Check that the account's address is the API root, for example https://example.com/api/v1.`,
    )
  }
  if (response.text.trim() === '') {
    throw badResponse(response.status, `The server sent an empty answer for ${ctx.what} (HTTP ${response.status}). Try again later.`)
  }
  try {
    return JSON.parse(response.text) as unknown
  } catch {
    throw badResponse(
      response.status,
      `The server's answer for ${ctx.what} is not valid JSON (HTTP ${response.status}: "${excerpt(response.text, ctx.secrets)}"). Try again later.`,
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
