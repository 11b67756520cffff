// Serves the built renderer (out/renderer) and the bridge script, checked on disk on each
// request so a rebuild shows up without restarting the shell. Only files inside the renderer
// folder are ever read.
import { readFileSync, statSync } from 'node:fs'
import { extname, resolve, sep } from 'node:path'
import { BRIDGE_SCRIPT_PATH, STYLESHEET_HREF } from './protocol'
import { itemKeys, parseStyleItems, type ReadStylesheet } from './style-selectors'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
}

export interface StaticFile {
  body: Buffer
  contentType: string
  /** index.html changes with every build and carries no hash: never cache it. */
  cacheable: boolean
  /** The app's page (index.html), which the shell completes with primed answers as it sends it. */
  page?: true
}

export interface StaticFiles {
  /** The file for a URL path, or null for 404. */
  read(urlPath: string): Promise<StaticFile | null>
  /** The build's stylesheet at this page-relative href (./assets/NAME.css), read into its rules, or null when it has none there. */
  stylesheet(href: string): ReadStylesheet | null
}

/**
 * The bridge must define window.api before the renderer's module script runs. A deferred
 * classic script placed ahead of it runs first (deferred and module scripts run in document
 * order once the page is parsed), and it does not stop the parser: the app's bundle is asked
 * for at once, beside the bridge, instead of after the bridge has arrived and run. Chromium
 * fetches a deferred script at low priority, behind the bundle; the bridge opens the socket
 * the app's first calls wait for, so it is asked for at high priority.
 */
export function injectBridgeScript(html: string): string {
  const tag = `<script defer fetchpriority="high" src="${BRIDGE_SCRIPT_PATH}"></script>`
  const firstScript = html.search(/<script\b/i)
  if (firstScript !== -1) return `${html.slice(0, firstScript)}${tag}\n    ${html.slice(firstScript)}`
  const headEnd = html.search(/<\/head>/i)
  if (headEnd !== -1) return `${html.slice(0, headEnd)}${tag}\n  ${html.slice(headEnd)}`
  return `${tag}\n${html}`
}

interface CachedFile {
  mtimeMs: number
  size: number
  body: Buffer
}

/**
 * Reads a file, from memory while it is unchanged on disk (same modification time and size),
 * so a rebuild still shows at once. Synchronous on purpose: a few small local files, and a
 * cold window asks for them all together; each asynchronous read was four trips through the
 * thread pool and back to an event loop that core shares.
 */
function fileReader(): (path: string) => Buffer | null {
  const cache = new Map<string, CachedFile>()
  return (path) => {
    try {
      const stats = statSync(path)
      if (!stats.isFile()) return null
      const cached = cache.get(path)
      if (cached && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size) return cached.body
      const body = readFileSync(path)
      cache.set(path, { mtimeMs: stats.mtimeMs, size: stats.size, body })
      return body
    } catch {
      cache.delete(path)
      return null
    }
  }
}

export function staticFiles(options: { rendererDir: string; bridgeScriptFile: string }): StaticFiles {
  const root = resolve(options.rendererDir)
  const readIfFile = fileReader()
  const readStylesheets = new Map<string, ReadStylesheet>()
  const indexHtml = async (): Promise<StaticFile | null> => {
    const html = readIfFile(resolve(root, 'index.html'))
    if (!html) return null
    return {
      body: Buffer.from(injectBridgeScript(html.toString('utf8'))),
      contentType: CONTENT_TYPES['.html']!,
      cacheable: false,
      page: true,
    }
  }

  return {
    async read(urlPath) {
      if (urlPath === BRIDGE_SCRIPT_PATH) {
        const body = readIfFile(options.bridgeScriptFile)
        return body && { body, contentType: CONTENT_TYPES['.js']!, cacheable: false }
      }
      let decoded: string
      try {
        decoded = decodeURIComponent(urlPath)
      } catch {
        return null
      }
      if (decoded.includes('\0')) return null
      if (decoded === '/' || decoded === '/index.html') return indexHtml()

      const path = resolve(root, `.${decoded}`)
      if (!path.startsWith(root + sep)) return null
      const body = readIfFile(path)
      if (body) {
        const ext = extname(path).toLowerCase()
        return { body, contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream', cacheable: true }
      }
      // A client-side route (no file extension) gets the app; a missing asset stays a 404.
      return extname(decoded) === '' ? indexHtml() : null
    },
    stylesheet(href) {
      if (!STYLESHEET_HREF.test(href)) return null
      const path = resolve(root, href)
      const body = path.startsWith(root + sep) ? readIfFile(path) : null
      if (body === null) return null
      // A hashed name never changes content: read once.
      let sheet = readStylesheets.get(href)
      if (sheet === undefined) {
        const items = parseStyleItems(body.toString('utf8'))
        sheet = { items, keys: itemKeys(items) }
        readStylesheets.set(href, sheet)
      }
      return sheet
    },
  }
}
