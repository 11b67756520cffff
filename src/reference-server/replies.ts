// Answers as plain values, so handlers stay free of the socket and the fault layer can
// still change them (break the JSON, trickle the body) on their way out. JSON is encoded the
// way Laravel's json_encode does by default: "/" as "\/" and non-ASCII as \uXXXX, which is
// valid JSON that only a real parser reads correctly.

export interface Reply {
  status: number
  headers: Record<string, string>
  /** null = an empty body. */
  body: string | null
}

export function encodeLikeLaravel(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

export function jsonReply(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache, private', ...headers },
    body: encodeLikeLaravel(value),
  }
}

/** Deletion answers 200 with an empty body (spec 4). */
export function emptyReply(status = 200, headers: Record<string, string> = {}): Reply {
  return { status, headers: { 'Cache-Control': 'no-cache, private', ...headers }, body: null }
}

export function messageReply(status: number, message: string, headers: Record<string, string> = {}): Reply {
  return jsonReply(status, { message }, headers)
}

export function htmlReply(status: number, html: string): Reply {
  return { status, headers: { 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': 'no-cache, private' }, body: html }
}

export const unauthenticated = (): Reply => messageReply(401, 'Unauthenticated.')

/** Laravel's answer when route model binding finds nothing. */
export function modelNotFound(model: 'Site' | 'Tag', id: string): Reply {
  return messageReply(404, `No query results for model [App\\Models\\${model}] ${id}`)
}

export function routeNotFound(pathname: string): Reply {
  return messageReply(404, `The route ${pathname.replace(/^\/+/, '')} could not be found.`)
}

export function methodNotAllowed(method: string, pathname: string, allowed: string[]): Reply {
  const list = allowed.join(', ')
  return messageReply(
    405,
    `The ${method} method is not supported for route ${pathname.replace(/^\/+/, '')}. Supported methods: ${list}.`,
    { Allow: list },
  )
}
