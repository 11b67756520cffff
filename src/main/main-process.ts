// The main process's lifecycle: one instance, one core, one secure window. Everything here
// is wiring; the pieces it wires live in their own files.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { app, dialog, net, screen, session, shell, type BrowserWindow } from 'electron'
import { createCore, type Core } from '../core'
import { createFileLogger, type FileLogger } from '../core/logging'
import { errorFields } from '../core/logging/redaction'
import { acquireDataFolderLock, type DataFolderLock } from '../core/util/data-folder-lock'
import { silentLogger, type Logger } from '../core/util/logger'
import { appLocation } from './app-location'
import { PRELOAD_PATH, RENDERER_INDEX_HTML, SQLITE_BINDING_ENV, WINDOW_STATE_FILE } from './app-paths'
import { parseLaunchOptions } from './argv'
import { CONTENT_SECURITY_POLICY } from './csp'
import { webOnlyOpener } from './external-links'
import { desktopFirstScreen, type DesktopFirstScreen } from './first-screen'
import { registerChannels } from './ipc'
import { installApplicationMenu } from './menu'
import { TRAY_ICON_PATH, WINDOW_ICON_PATH } from './app-icon'
import { syncAllAccounts } from './sync-all'
import { badgeCount, installTray, updatePendingTotal, updateSitesDown } from './tray'
import { showAttentionNotifications } from './notifications'
import { forwardPushEvents } from './push-events'
import { hardenWebContents, lockDownSession } from './security'
import { followAppTheme } from './native-theme'
import { chooseSavePathWithDialog } from './save-file'
import { chooseFolderWithDialog, printReportToFile, reportPdfPrinter } from './report-pdf'
import { trustedSenderCheck } from './trusted-sender'
import { createMainWindow } from './window'
import { keepIfOnScreen, loadWindowState } from './window-state'
import { trackWindowState, type WindowStateTracker } from './window-state-tracker'

/** How long quitting waits for core to close its connections and files. */
const DISPOSE_TIMEOUT_MS = 3000

export interface RunAppOptions {
  argv: readonly string[]
  /**
   * electron-vite's dev server (ELECTRON_RENDERER_URL); honoured only when the app is not
   * packaged, and only on a loopback address (see appLocation).
   */
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
  // Why ELECTRON_RENDERER_URL was not used, for the log once it is open; null when it was (or was not set).
  const devServerIgnored = !options.devServerUrl
    ? null
    : app.isPackaged
      ? 'the app is packaged'
      : location.url.startsWith('file:')
        ? 'it is not an http(s) address on this machine (127.0.0.1, localhost or [::1])'
        : null

  let core: Core | null = null
  let mainWindow: BrowserWindow | null = null
  // Answers core makes to the window's first calls as it opens (first-screen.ts), once core is up.
  let firstScreen: DesktopFirstScreen | null = null
  // The hidden window printing a report to PDF (report-pdf.ts), while it prints.
  let printWindow: BrowserWindow | null = null
  // The placement of the newest window: its last write (as it closed) is waited for on quit.
  let windowState: WindowStateTracker | null = null
  // Until the data folder is ours there is nowhere to write; then the file in <userData>/logs.
  let logger: Logger = silentLogger
  let logFile: FileLogger | null = null
  let lock: DataFolderLock | null = null
  const letGo = async (): Promise<void> => {
    await logFile?.close()
    lock?.release()
  }

  const openMainWindow = (): BrowserWindow => {
    const stateFile = join(app.getPath('userData'), WINDOW_STATE_FILE)
    const saved = loadWindowState(stateFile)
    const workAreas = screen.getAllDisplays().map((display) => display.workArea)
    const window = createMainWindow({
      title: app.getName(),
      preloadPath: PRELOAD_PATH,
      iconPath: WINDOW_ICON_PATH,
      devTools,
      state: saved && keepIfOnScreen(saved, workAreas),
    })
    windowState = trackWindowState(window, stateFile)
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = null
    })
    window.webContents.on('render-process-gone', (_event, details: { reason?: string; exitCode?: number }) => {
      logger.error('The window\'s renderer process went away', { reason: details?.reason, exitCode: details?.exitCode })
    })
    window.loadURL(location.url).catch((error: unknown) => {
      // A failed load shows Chromium's error page in the window; the log says why.
      logger.error('The window could not load the app page', { error: errorFields(error) })
    })
    // While the renderer process starts and the page loads, core answers its first calls.
    firstScreen?.windowOpening()
    return window
  }

  const showMainWindow = (): void => {
    if (!core) return
    if (!mainWindow) mainWindow = openMainWindow()
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.show()
    mainWindow.focus()
  }

  // The tray is a convenience: a desktop without one (some Linux sessions) still gets the app.
  const installDesktopTray = (started: Core): void => {
    try {
      installTray({
        appName: app.getName(),
        iconPath: TRAY_ICON_PATH,
        showWindow: showMainWindow,
        syncAll: () => void syncAllAccounts(started.handlers),
        quit: () => app.quit(),
      })
    } catch (error) {
      logger.warn('The tray icon could not be made', { error: errorFields(error) })
    }
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
    // Hold the quit until core has closed its connections and files and the window's placement
    // is on disk, but never for long.
    event.preventDefault()
    if (disposing) return
    disposing = true
    const closing = core
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, DISPOSE_TIMEOUT_MS).unref())
    const disposed = closing.dispose().catch((error: unknown) => {
      logger.error('Core did not close cleanly', { error: errorFields(error) })
    })
    const placementSaved = windowState?.settled() ?? Promise.resolve()
    void Promise.race([Promise.all([disposed, placementSaved]), timeout]).then(async () => {
      core = null
      logger.info(`${app.getName()} stopped`)
      await letGo()
      app.quit()
    })
  })

  app
    .whenReady()
    .then(() => {
      const dataDir = app.getPath('userData')
      mkdirSync(dataDir, { recursive: true, mode: 0o700 })
      // One process per data folder (the single-instance lock above is per user and app name;
      // this one also keeps out a web shell or a second copy pointed at the same folder).
      lock = acquireDataFolderLock(dataDir, { shell: 'electron', appName: app.getName() })
      logFile = createFileLogger({ dataDir, shell: 'electron' })
      logger = logFile
      logger.info(`${app.getName()} ${app.getVersion()} starting`, { packaged: app.isPackaged, devTools })
      if (devServerIgnored) logger.warn(`ELECTRON_RENDERER_URL was ignored: ${devServerIgnored}`)

      lockDownSession(session.defaultSession, CONTENT_SECURITY_POLICY)
      installApplicationMenu({
        platform: process.platform,
        appName: app.getName(),
        devTools,
        showDataFolder: () => void shell.openPath(dataDir),
        runCommand: (id) => {
          // A menu item while no window is open (macOS) opens one first; it loads, then asks again.
          const target = mainWindow ?? (mainWindow = openMainWindow())
          if (!target.webContents.isLoading()) target.webContents.send('app:command', { id })
          else target.webContents.once('did-finish-load', () => target.webContents.send('app:command', { id }))
        },
      })

      // The report's own page, printed in a hidden window (report-pdf.ts).
      const reportPage = {
        preloadPath: PRELOAD_PATH,
        pageUrl: (route: string) => `${location.url.split('#')[0]}#${route}`,
        onWindow: (window: BrowserWindow | null) => (printWindow = window),
      }
      const started = createCore({
        dataDir,
        shell: 'electron',
        appName: app.getName(),
        appVersion: app.getVersion(),
        chooseSavePath: chooseSavePathWithDialog(() => mainWindow),
        printReportPdf: reportPdfPrinter({ ...reportPage, chooseSavePath: chooseSavePathWithDialog(() => mainWindow) }),
        reportBatch: {
          chooseFolder: chooseFolderWithDialog(() => mainWindow),
          printToFile: (request, template, path) => printReportToFile(reportPage, request, template, path),
          join,
        },
        openDemoOnStart: launch.demo,
        // The badge counts the sites down while any are (core's health checks), else the pending updates.
        setBadge: (count) => {
          updatePendingTotal(count)
          app.setBadgeCount(badgeCount())
        },
        setSitesDown: (count) => {
          updateSitesDown(count)
          app.setBadgeCount(badgeCount())
        },
        logger,
        // Health checks pause while the system says it is offline (Chromium's own reading).
        health: { isOnline: () => net.isOnline() },
        // Unpackaged (npm start), better-sqlite3's own build is for Node's ABI: the start script
        // builds one for this Electron and names it here. A packaged app has it rebuilt in place.
        sqliteNativeBinding: app.isPackaged ? undefined : process.env[SQLITE_BINDING_ENV],
      })
      core = started
      // The report's print window reads the report through window.api as the app's window does.
      const fromMainWindow = trustedSenderCheck(() => mainWindow, location.isAppUrl)
      const fromPrintWindow = trustedSenderCheck(() => printWindow, location.isAppUrl)
      const fromAppWindow = (event: Parameters<typeof fromMainWindow>[0]) => fromMainWindow(event) || fromPrintWindow(event)
      const handlers = followAppTheme(started.handlers)
      registerChannels(handlers, fromAppWindow, logger)
      firstScreen = desktopFirstScreen({ dataDir, core: { handlers, on: started.on }, fromMainWindow, fromAppWindow, logger })
      forwardPushEvents(started, () => mainWindow?.webContents ?? null)
      showAttentionNotifications(started, { showWindow: showMainWindow, window: () => mainWindow })
      mainWindow = openMainWindow()
      // The tray comes once the window is on screen: starting up shows the window first.
      mainWindow.once('ready-to-show', () => installDesktopTray(started))
    })
    .catch(async (error: unknown) => {
      logger.error(`${app.getName()} could not start`, { error: errorFields(error) })
      dialog.showErrorBox(
        `${app.getName()} could not start`,
        error instanceof Error ? error.message : String(error),
      )
      await letGo()
      app.exit(1)
    })
}
