// A scripted API server of one account that behaves until told otherwise, and then misbehaves
// as a test says. Every link and meta.path it sends names the spy: a listener on another origin
// that must never receive a request (the token goes only to the account's own base URL).
import type { IncomingMessage, ServerResponse } from 'node:http'
import { envelope, pageOf, sendJson, site, startListener, tag, type TestListener } from '../../api/support/listener'

export interface Request {
  req: IncomingMessage
  res: ServerResponse
  /** Path below the origin, e.g. "/v1/sites". */
  path: string
  page: number
  /** Requests to this path so far, this one included. */
  count: number
}

/** Answers the request itself (true), or leaves it to the well-behaved server (false). */
export type Misbehaviour = (request: Request) => boolean

export interface HostileServer {
  listener: TestListener
  /** The account's base URL. */
  baseUrl: string
  /** The other origin every link names. */
  spy: TestListener
  sites: ReturnType<typeof site>[]
  tags: ReturnType<typeof tag>[]
  /** undefined: behaves. */
  misbehave: Misbehaviour | undefined
  /** The well-behaved answer for a list path and page, with links to the spy. */
  page(path: string, page: number): ReturnType<typeof envelope>
}

const event = (id: number) => ({ id, site_id: 1 + (id % 5), category: 'client', message: `Event ${id}`, type: 'new_extension', created_at: '2026-01-01T10:00:00+00:00' })

export async function startHostileServer(): Promise<HostileServer> {
  const spy = await startListener((_req, res) => sendJson(res, 200, { data: [] }))
  const counts = new Map<string, number>()
  const events = Array.from({ length: 20 }, (_, i) => event(20 - i))
  const server: HostileServer = {
    listener: undefined as unknown as TestListener,
    baseUrl: '',
    spy,
    sites: Array.from({ length: 40 }, (_, i) => site(i + 1)),
    tags: [tag(1), tag(2), tag(3)],
    misbehave: undefined,
    page(path, page) {
      const items = path === '/v1/sites' ? server.sites : path === '/v1/tags' ? server.tags : events
      // Links and path as a hostile server would send them: at the other origin.
      return envelope<unknown>(items, page, `${spy.origin}${path}`)
    },
  }
  server.listener = await startListener((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const count = (counts.get(path) ?? 0) + 1
    counts.set(path, count)
    if (server.misbehave?.({ req, res, path, page: pageOf(req.url), count })) return
    if (['/v1/sites', '/v1/tags', '/v1/logs'].includes(path)) return sendJson(res, 200, server.page(path, pageOf(req.url)))
    sendJson(res, 404, { message: 'Not Found' })
  })
  server.baseUrl = `${server.listener.origin}/v1`
  return server
}
