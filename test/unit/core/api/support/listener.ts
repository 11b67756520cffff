// A plain node:http server on 127.0.0.1 for the cases the reference server does not cover:
// a second origin, redirects, huge bodies, odd headers. It records every request it receives.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedRequest {
  method: string
  url: string
  authorization: string | undefined
  contentType: string | undefined
  accept: string | undefined
  body: string
}

export interface TestListener {
  /** http://127.0.0.1:PORT */
  origin: string
  requests: RecordedRequest[]
  close(): Promise<void>
}

export type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => unknown

export async function startListener(handler: Handler): Promise<TestListener> {
  const requests: RecordedRequest[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        accept: req.headers.accept,
        body,
      })
      Promise.resolve(handler(req, res, body)).catch((error: unknown) => {
        res.statusCode = 599
        res.end(String(error))
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(value))
}

/** A Laravel-style envelope for `items` at `page` (15 per page) with links under `linkBase`. */
export function envelope<T>(items: T[], page: number, listAddress: string, linkBase = listAddress, perPage = 15) {
  const total = items.length
  const lastPage = Math.max(1, Math.ceil(total / perPage))
  const data = items.slice((page - 1) * perPage, page * perPage)
  const from = data.length > 0 ? (page - 1) * perPage + 1 : null
  return {
    data,
    links: {
      first: `${linkBase}?page=1`,
      last: `${linkBase}?page=${lastPage}`,
      prev: page > 1 ? `${linkBase}?page=${page - 1}` : null,
      next: page < lastPage ? `${linkBase}?page=${page + 1}` : null,
    },
    meta: { current_page: page, from, last_page: lastPage, per_page: perPage, to: from === null ? null : from + data.length - 1, total, path: listAddress },
  }
}

export function tag(id: number, extra: Record<string, unknown> = {}) {
  return { id, name: `Tag ${id}`, created_at: '2026-01-01T10:00:00+00:00', updated_at: '2026-01-01T10:00:00+00:00', ...extra }
}

export function pageOf(url: string | undefined): number {
  return Number(new URL(url ?? '/', 'http://x').searchParams.get('page') ?? '1')
}

export function site(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    name: `Site ${id}`,
    url: `https://site${id}.test`,
    admin_url: `https://site${id}.test/admin`,
    notes: '',
    status: 'Ok',
    published: 1,
    tags: [tag(1)],
    server: { ip: '192.0.2.1', web: 'nginx', php: '8.3.1', mysql: '8.0.36' },
    updates_count: 0,
    created_at: '2026-01-01T10:00:00+00:00',
    updated_at: '2026-01-01T10:00:00+00:00',
    last_check_at: null,
    ...extra,
  }
}
