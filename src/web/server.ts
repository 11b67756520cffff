// The web shell's HTTP server: on 127.0.0.1 only, every request needs the launch token, and
// the one WebSocket carries the contract between the page's window.api and core.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import type { Core } from '../core'
import type { ExportDownloads } from '../core/export'
import { errorFields } from '../core/logging/redaction'
import { silentLogger, type Logger } from '../core/util/logger'
import { tokenCookie } from './access-token'
import { FirstCalls, warmUpWith } from '../core/first-screen'
import { MAX_MESSAGE_BYTES, SINCE_PARAM, SOCKET_PATH } from './protocol'
import { KeptAnswers } from './kept-answers'
import { keepAnswersAtClose, sendPrimedPage } from './primed-page'
import { KeptScreens } from './kept-screen'
import { DOWNLOAD_PATH } from '../shared'
import { sendDownload } from './download-file'
import { checkDownloadAccess, checkHttpAccess, checkSocketAccess, shellOrigin } from './request-access'
import { setSecurityHeaders } from './security-headers'
import { socketChannels } from './socket-channels'
import { staticFiles } from './static-files'

export const LOOPBACK_HOST = '127.0.0.1'

export interface WebShellServerOptions {
  core: Core
  token: string
  /** 0 picks a free port. */
  port: number
  /** The built renderer: out/renderer. */
  rendererDir: string
  /** The built browser bridge: out/web/bridge.js. */
  bridgeScriptFile: string
  /** Where refused requests and failures are written down; default silent. */
  logger?: Logger
  /** Core's finished exports, each served once at DOWNLOAD_PATH + its id. */
  downloads?: ExportDownloads
  /** Where the page's first calls are kept between runs (core/first-screen/first-calls.ts); absent: in memory only. */
  firstCallsFile?: string
  /** Where the answers a page was last primed with are kept between runs (kept-answers.ts); absent: in memory only. */
  firstAnswersFile?: string
  /** Where the window's last screen is kept between runs (kept-screen.ts); absent: in memory only. */
  firstScreenFile?: string
}

export interface WebShellServer {
  readonly port: number
  readonly origin: string
  /** The address to open, with the token: http://127.0.0.1:PORT/?token=... */
  readonly url: string
  close(): Promise<void>
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
  res.end(`${text}\n`)
}

function refuseUpgrade(socket: Duplex, status: 401 | 403 | 404, reason: string): void {
  const title = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[status]
  socket.end(
    `HTTP/1.1 ${status} ${title}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
  )
}

function listen(server: ReturnType<typeof createServer>, port: number): Promise<number> {
  return new Promise((resolvePort, reject) => {
    server.once('error', reject)
    server.listen(port, LOOPBACK_HOST, () => {
      server.off('error', reject)
      const address = server.address()
      if (address === null || typeof address === 'string') reject(new Error('The server has no TCP address.'))
      else resolvePort(address.port)
    })
  })
}

/** What the log keeps of a refused request: never its query (it may hold a token) or cookies. */
function describeRequest(req: IncomingMessage): Record<string, unknown> {
  const path = (req.url ?? '/').split('?')[0]!.slice(0, 200)
  return {
    method: req.method,
    path,
    host: String(req.headers.host ?? '').slice(0, 200),
    ...(req.headers.origin === undefined ? {} : { origin: String(req.headers.origin).slice(0, 200) }),
  }
}

/** The push number a socket's page was primed at (?since=N), if it says one. */
function sinceOf(req: IncomingMessage): number | undefined {
  const since = new URL(req.url ?? '/', 'http://shell').searchParams.get(SINCE_PARAM)
  return since !== null && /^\d{1,15}$/.test(since) ? Number(since) : undefined
}

export async function startWebShellServer(options: WebShellServerOptions): Promise<WebShellServer> {
  const logger = options.logger ?? silentLogger
  const files = staticFiles(options)
  const firstCalls = new FirstCalls({ file: options.firstCallsFile ?? null, logger })
  const screens = new KeptScreens({ file: options.firstScreenFile ?? null, logger })
  const channels = socketChannels(options.core, logger, firstCalls, (screen) => screens.keep(screen))
  const priming = {
    firstCalls,
    pushSeq: () => channels.pushSeq(),
    keptAnswers: new KeptAnswers(options.firstAnswersFile ?? null, logger),
    keptScreen: { current: () => screens.current(), stylesheet: (href: string) => files.stylesheet(href) },
  }
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES })
  sockets.on('connection', (socket, req: IncomingMessage) => channels.serve(socket, sinceOf(req)))
  // Known only once listening (port 0 picks one); requests cannot arrive before that.
  let port = 0

  /** A finished export, once; the address is only ever followed by the shell's own page. */
  const serveDownload = async (req: IncomingMessage, res: ServerResponse, id: string) => {
    const access = checkDownloadAccess(req, { token: options.token, port })
    if (!access.allowed) {
      logger.warn('Refused a download', { status: access.status, reason: access.reason, ...describeRequest(req) })
      return sendText(res, access.status, access.reason)
    }
    if (req.method !== 'GET') {
      res.setHeader('Allow', 'GET')
      return sendText(res, 405, 'A download is only served to GET.')
    }
    const file = (await options.downloads?.take(id)) ?? null
    if (file === null) return sendText(res, 404, 'This download is gone: it is served once, for a few minutes. Export again.')
    await sendDownload(res, file)
  }

  const onRequest = async (req: IncomingMessage, res: ServerResponse) => {
    setSecurityHeaders(res, port)
    const access = checkHttpAccess(req, { token: options.token, port })
    if (!access.allowed) {
      logger.warn('Refused a request', { status: access.status, reason: access.reason, ...describeRequest(req) })
      return sendText(res, access.status, access.reason)
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD')
      return sendText(res, 405, 'Only GET and HEAD are served here.')
    }
    const url = new URL(req.url ?? '/', shellOrigin(port))
    if (url.pathname.startsWith(DOWNLOAD_PATH)) return serveDownload(req, res, url.pathname.slice(DOWNLOAD_PATH.length))
    // The token in the address becomes a cookie on this same answer, and the page is served at
    // once: a redirect to an address without it cost a round trip before anything could load.
    // The bridge, the page's first script, takes the token out of the address bar before the
    // app's scripts run (web/browser/address-token.ts), so it stays out of the history and
    // anything the page might pass on; nothing is redirected, so nothing can be redirected
    // elsewhere.
    if (access.fromQuery) res.setHeader('Set-Cookie', tokenCookie(port, options.token))
    const file = await files.read(url.pathname)
    if (!file) return sendText(res, 404, 'Not found.')
    if (file.page && req.method === 'GET') return sendPrimedPage(res, file, options.core.handlers, priming)
    res.writeHead(200, {
      'Content-Type': file.contentType,
      'Content-Length': file.body.length,
      // An answer to an address holding the token is never kept.
      'Cache-Control': file.cacheable && !access.fromQuery ? 'private, no-cache' : 'no-store',
    })
    res.end(req.method === 'HEAD' ? undefined : file.body)
  }

  const server = createServer((req, res) => {
    onRequest(req, res).catch((error: unknown) => {
      logger.error('A request failed inside the web shell', { ...describeRequest(req), error: errorFields(error) })
      if (!res.headersSent) sendText(res, 500, 'The web shell could not answer this request.')
      else res.destroy()
    })
  })

  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy())
    const path = new URL(req.url ?? '/', shellOrigin(port)).pathname
    if (path !== SOCKET_PATH) return refuseUpgrade(socket, 404, 'Not found.')
    const access = checkSocketAccess(req, { token: options.token, port })
    if (!access.allowed) {
      logger.warn('Refused a socket', { status: access.status, reason: access.reason, ...describeRequest(req) })
      return refuseUpgrade(socket, access.status, access.reason)
    }
    sockets.handleUpgrade(req, socket, head, (ws) => sockets.emit('connection', ws, req))
  })

  port = await listen(server, options.port)
  const origin = shellOrigin(port)
  // Core made ready for the first page a launch opens (DESIGN.md, "The first screen first"): a
  // person launching the app waits for a browser to start, and core spends that time asking the
  // page's kept first calls once, dropping the answers; what stays is warm caches (each
  // account's list, findings, the scope's sort order and widest cells; the first Sites query at
  // 10,000 sites costs about 400 ms cold, a few ms warm). Only reads are ever kept. One at a
  // time, so a page arriving meanwhile is served between two steps.
  // Its reads are not the page's: the start-up sync still waits for the page's first read.
  void warmUpWith(options.core.warmUpHandlers ?? options.core.handlers, firstCalls.calls())

  return {
    port,
    origin,
    url: `${origin}/?token=${options.token}`,
    close: async () => {
      // Before anything stops: core still answers, and the next start opens on what it says now.
      await keepAnswersAtClose(options.core.warmUpHandlers ?? options.core.handlers, priming).catch((error: unknown) => {
        logger.warn("Could not keep the page's first answers", { error: errorFields(error) })
      })
      // The pages' sockets first: a screen sent after the last write would otherwise be lost with the process.
      channels.dispose()
      await screens.flush()
      sockets.close()
      server.closeAllConnections()
      await new Promise<void>((done) => server.close(() => done()))
    },
  }
}
