// Starts a real web shell server on loopback around a stand-in core, with a tiny renderer
// folder, so the tests exercise the shell's own job (access, files, the socket protocol)
// without depending on how far core has come.
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import type { Core } from '../../../src/core'
import type { ExportDownloads } from '../../../src/core/export'
import type { Logger } from '../../../src/core/util/logger'
import { PushEmitter } from '../../../src/core/util/push-emitter'
import type { ChannelHandlers, PushEvent, PushEvents } from '../../../src/shared'
import { fail, ok, REQUEST_CHANNELS } from '../../../src/shared'
import { startWebShellServer, type WebShellServer } from '../../../src/web/server'

export { upgradeStatus } from '../support/websocket-upgrade'

export { recordingLogger } from './recording-logger'

export const TOKEN = 'test-token-0123456789abcdef'
export const INDEX_HTML = `<!doctype html>
<html><head><title>t</title>
    <script type="module" crossorigin src="./assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="./assets/index-abc.css">
</head><body><div id="app"></div></body></html>`

export interface Harness {
  server: WebShellServer
  /** Emits a push event from the stand-in core. */
  push<E extends PushEvent>(event: E, payload: PushEvents[E]): void
  /** Inputs the stand-in core received, by channel. */
  calls: Array<{ channel: string; input: unknown }>
  /** The cookie header a browser holds after its first visit. */
  cookie: string
  close(): Promise<void>
}

/** `slowReadMs`: prefs:get answers only after this long (a cold core at a shell's start). */
export function fakeCore(calls: Harness['calls'], events: PushEmitter, slowReadMs = 0): Core {
  const handlers = Object.fromEntries(
    REQUEST_CHANNELS.map((channel) => [
      channel,
      async (input: unknown) => {
        calls.push({ channel, input })
        if (channel === 'app:info') return ok({ name: 'Site Manager', version: '9.8.7', shell: 'web', platform: 'linux' })
        if (channel === 'sync:site') return fail({ code: 'not_found', message: 'No such site.', status: 404 })
        // A slow channel, so a test can drop the socket while the call is in flight.
        if (channel === 'sync:now') return new Promise(() => {})
        if (channel === 'prefs:get' && slowReadMs > 0) return new Promise((resolve) => setTimeout(() => resolve(ok('fresh')), slowReadMs).unref())
        return ok(null)
      },
    ]),
  ) as unknown as ChannelHandlers
  return { handlers, on: (event, listener) => events.on(event, listener), dispose: async () => {} }
}

/** `port`: a fixed one, to start a shell again where an earlier one listened (a restart). */
export async function startHarness(
  options: { logger?: Logger; port?: number; downloads?: ExportDownloads; firstCallsFile?: string; firstAnswersFile?: string; firstScreenFile?: string; slowReadMs?: number } = {},
): Promise<Harness> {
  const dir = await mkdtemp(join(tmpdir(), 'web-shell-test-'))
  await mkdir(join(dir, 'renderer', 'assets'), { recursive: true })
  await writeFile(join(dir, 'renderer', 'index.html'), INDEX_HTML)
  await writeFile(join(dir, 'renderer', 'assets', 'index-abc.js'), 'console.log("app")\n')
  await writeFile(join(dir, 'renderer', 'assets', 'index-abc.css'), 'body { margin: 0 }\n')
  await writeFile(join(dir, 'renderer', 'assets', 'SitesView-abc.css'), '.site-row[data-v-5a1b2c3d] { color: red }\n')
  // It names a class the kept screen's markup has too (cell-name), under its own scope mark.
  await writeFile(join(dir, 'renderer', 'assets', 'AddSiteDialog-abc.css'), '.dialog[data-v-6e7f8a9b], .cell-name[data-v-6e7f8a9b] { color: blue }\n')
  await writeFile(join(dir, 'secret.txt'), 'outside the renderer folder\n')
  await writeFile(join(dir, 'bridge.js'), 'window.bridge = true\n')

  const calls: Harness['calls'] = []
  const events = new PushEmitter()
  const server = await startWebShellServer({
    core: fakeCore(calls, events, options.slowReadMs),
    token: TOKEN,
    port: options.port ?? 0,
    rendererDir: join(dir, 'renderer'),
    bridgeScriptFile: join(dir, 'bridge.js'),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.downloads ? { downloads: options.downloads } : {}),
    ...(options.firstCallsFile ? { firstCallsFile: options.firstCallsFile } : {}),
    ...(options.firstAnswersFile ? { firstAnswersFile: options.firstAnswersFile } : {}),
    ...(options.firstScreenFile ? { firstScreenFile: options.firstScreenFile } : {}),
  })
  return {
    server,
    calls,
    push: (event, payload) => events.emit(event, payload),
    cookie: `site_manager_token_${server.port}=${TOKEN}`,
    close: async () => {
      await server.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/** An open, authorized socket as the page's bridge would hold it. */
export function openSocket(harness: Harness, query = ''): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${harness.server.port}/__ws${query}`, {
      headers: { Cookie: harness.cookie, Origin: harness.server.origin },
    })
    socket.once('open', () => resolve(socket))
    socket.once('error', reject)
  })
}

/** The next text frame on a socket, parsed. */
export function nextMessage(socket: WebSocket): Promise<any> {
  return new Promise((resolve) => socket.once('message', (data) => resolve(JSON.parse(data.toString()))))
}
