// The app's one window, with the secure webPreferences of DESIGN.md. They are written out
// where the window is made, as one literal, so that a static checker (Electronegativity, in
// the test command) reads exactly what the window gets; tests read them from the window.
import { BrowserWindow } from 'electron'
import type { WindowState } from './window-state'

export interface MainWindowOptions {
  title: string
  preloadPath: string
  /** The window's icon (Windows and Linux; macOS shows the bundle's). */
  iconPath?: string
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
    ...(options.iconPath ? { icon: options.iconPath } : {}),
    // Shown once the first paint is ready, so the user never sees a blank white frame.
    show: false,
    webPreferences: {
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
      // A middle click on a link fires auxclick, which could open it inside the app; links
      // go to the system browser (security.ts), so the page never needs the event.
      disableBlinkFeatures: 'Auxclick',
      // Dropping a file or link on the window must not navigate it away from the app.
      navigateOnDragDrop: false,
      safeDialogs: true,
      devTools: options.devTools,
    },
  })

  window.once('ready-to-show', () => {
    if (options.state?.maximized) window.maximize()
    window.show()
  })
  return window
}
