// The app's one window, with the secure webPreferences of DESIGN.md. The preferences are
// built by their own function so a test can read exactly what the window gets.
import { BrowserWindow, type WebPreferences } from 'electron'
import type { WindowState } from './window-state'

export function secureWebPreferences(options: { preloadPath: string; devTools: boolean }): WebPreferences {
  return {
    preload: options.preloadPath,
    // The renderer is a web page and nothing more: it sees window.api and no Node.
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    // Dropping a file or link on the window must not navigate it away from the app.
    navigateOnDragDrop: false,
    safeDialogs: true,
    devTools: options.devTools,
  }
}

export interface MainWindowOptions {
  title: string
  preloadPath: string
  devTools: boolean
  /** Remembered placement, already checked to be on a display; absent: centred default. */
  state?: WindowState
}

export const DEFAULT_SIZE = { width: 1200, height: 800 } as const
export const MIN_SIZE = { width: 720, height: 480 } as const

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const placement = options.state
    ? { x: options.state.x, y: options.state.y, width: options.state.width, height: options.state.height }
    : { ...DEFAULT_SIZE, center: true }

  const window = new BrowserWindow({
    ...placement,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: options.title,
    // Shown once the first paint is ready, so the user never sees a blank white frame.
    show: false,
    webPreferences: secureWebPreferences({ preloadPath: options.preloadPath, devTools: options.devTools }),
  })

  window.once('ready-to-show', () => {
    if (options.state?.maximized) window.maximize()
    window.show()
  })
  return window
}
