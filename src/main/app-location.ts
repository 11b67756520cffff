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

/**
 * In development electron-vite serves the renderer from a dev server and names it in
 * ELECTRON_RENDERER_URL; a packaged or built app loads out/renderer/index.html from disk.
 */
export function appLocation(options: { devServerUrl?: string; indexHtmlPath: string }): AppLocation {
  const devServer = options.devServerUrl ? parse(options.devServerUrl) : null
  if (devServer && (devServer.protocol === 'http:' || devServer.protocol === 'https:')) {
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
