// The main process's lifecycle: one instance, one core, one secure window. Everything here
// is wiring; the pieces it wires live in their own files.
import { join } from 'node:path'
import { app, dialog, screen, session, shell, type BrowserWindow } from 'electron'
import { createCore, type Core } from '../core'
import { appLocation } from './app-location'
import { PRELOAD_PATH, RENDERER_INDEX_HTML, WINDOW_STATE_FILE } from './app-paths'
import { parseLaunchOptions } from './argv'
import { CONTENT_SECURITY_POLICY } from './csp'
import { webOnlyOpener } from './external-links'
import { registerChannels } from './ipc'
import { installApplicationMenu } from './menu'
import { forwardPushEvents } from './push-events'
import { hardenWebContents, lockDownSession } from './security'
import { trustedSenderCheck } from './trusted-sender'
import { createMainWindow } from './window'
import { keepIfOnScreen, loadWindowState } from './window-state'
import { trackWindowState } from './window-state-tracker'

/** How long quitting waits for core to close its connections and files. */
const DISPOSE_TIMEOUT_MS = 3000

export interface RunAppOptions {
  argv: readonly string[]
  /** electron-vite's dev server (ELECTRON_RENDERER_URL); honoured only when not packaged. */
  devServerUrl?: string
}

export function runApp(options: RunAppOptions): void {
  // Every renderer is sandboxed, even one created without the secure preferences by mistake.
  app.enableSandbox()

  // A second launch hands over to the first (below: 'second-instance') and leaves.
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return
  }

  const launch = parseLaunchOptions(options.argv)
  const devTools = !app.isPackaged
  // A packaged app never takes the page it loads from the environment.
  const location = appLocation({
    devServerUrl: app.isPackaged ? undefined : options.devServerUrl,
    indexHtmlPath: RENDERER_INDEX_HTML,
  })
  const openExternal = webOnlyOpener((url) => shell.openExternal(url))

  let core: Core | null = null
  let mainWindow: BrowserWindow | null = null

  const openMainWindow = (): BrowserWindow => {
    const stateFile = join(app.getPath('userData'), WINDOW_STATE_FILE)
    const saved = loadWindowState(stateFile)
    const workAreas = screen.getAllDisplays().map((display) => display.workArea)
    const window = createMainWindow({
      title: app.getName(),
      preloadPath: PRELOAD_PATH,
      devTools,
      state: saved && keepIfOnScreen(saved, workAreas),
    })
    trackWindowState(window, stateFile)
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = null
    })
    window.loadURL(location.url).catch(() => {
      // A failed load shows Chromium's error page in the window; nothing else to do here.
    })
    return window
  }

  app.on('web-contents-created', (_event, contents) => {
    hardenWebContents(contents, { isAppUrl: location.isAppUrl, openExternal })
  })

  app.on('second-instance', () => {
    if (!core) return
    if (!mainWindow) {
      mainWindow = openMainWindow()
      return
    }
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.show()
    mainWindow.focus()
  })

  app.on('window-all-closed', () => {
    // macOS apps stay in the dock without windows; 'activate' opens a new one.
    if (process.platform !== 'darwin') app.quit()
  })
  app.on('activate', () => {
    if (core && !mainWindow) mainWindow = openMainWindow()
  })

  let disposing = false
  app.on('will-quit', (event) => {
    if (!core) return
    // Hold the quit until core has closed its connections and files, but never for long.
    event.preventDefault()
    if (disposing) return
    disposing = true
    const closing = core
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, DISPOSE_TIMEOUT_MS).unref())
    void Promise.race([closing.dispose().catch(() => {}), timeout]).then(() => {
      core = null
      app.quit()
    })
  })

  app
    .whenReady()
    .then(() => {
      lockDownSession(session.defaultSession, CONTENT_SECURITY_POLICY)
      const dataDir = app.getPath('userData')
      installApplicationMenu({
        platform: process.platform,
        appName: app.getName(),
        devTools,
        showDataFolder: () => void shell.openPath(dataDir),
      })

      const started = createCore({
        dataDir,
        shell: 'electron',
        appName: app.getName(),
        appVersion: app.getVersion(),
        openExternal,
        openDemoOnStart: launch.demo,
      })
      core = started
      registerChannels(started.handlers, trustedSenderCheck(() => mainWindow, location.isAppUrl))
      forwardPushEvents(started, () => mainWindow?.webContents ?? null)
      mainWindow = openMainWindow()
    })
    .catch((error: unknown) => {
      dialog.showErrorBox(
        `${app.getName()} could not start`,
        error instanceof Error ? error.message : String(error),
      )
      app.exit(1)
    })
}
