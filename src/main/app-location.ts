// Where the renderer lives and which addresses count as "the app itself". Only the app's own
// page may be navigated to and may call IPC, so this one answer backs both checks.
import { pathToFileURL } from 'node:url'

export interface AppLocation {
  /** The address the window loads. */
  readonly url: string
  /** True only for the app's own page (any #route or ?query of it). */
  isAppUrl(address: string): boolean
}

function parse(address: string): URL | null {
  try {
    return new URL(address)
  } catch {
    return null
  }
}

/** The names of this machine's loopback interface, as the WHATWG URL parser writes them. */
const LOOPBACK_HOSTNAMES: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * A dev server the window may load: http(s) on this machine's loopback address only, with no
 * user name or password in it. ELECTRON_RENDERER_URL comes from the environment, which anyone
 * who starts the app can set; a page from another host would be the app, with window.api.
 */
export function isLoopbackDevServer(address: URL): boolean {
  return (
    (address.protocol === 'http:' || address.protocol === 'https:') &&
    LOOPBACK_HOSTNAMES.has(address.hostname) &&
    address.username === '' &&
    address.password === ''
  )
}

/**
 * In development electron-vite serves the renderer from a dev server and names it in
 * ELECTRON_RENDERER_URL; a packaged or built app loads out/renderer/index.html from disk.
 * The caller passes devServerUrl only when the app is not packaged; a dev server that is not
 * on a loopback address is ignored here (see isLoopbackDevServer).
 */
export function appLocation(options: { devServerUrl?: string; indexHtmlPath: string }): AppLocation {
  const devServer = options.devServerUrl ? parse(options.devServerUrl) : null
  if (devServer && isLoopbackDevServer(devServer)) {
    return {
      url: devServer.href,
      isAppUrl: (address) => parse(address)?.origin === devServer.origin,
    }
  }

  // file:// URLs all share the opaque origin "null", so the page is matched by its exact path:
  // another local file is not the app.
  const index = pathToFileURL(options.indexHtmlPath)
  return {
    url: index.href,
    isAppUrl: (address) => {
      const url = parse(address)
      return url !== null && url.protocol === 'file:' && url.host === index.host && url.pathname === index.pathname
    },
  }
}
