// Desktop "Print / Save as PDF" of a client report: the report's own page (the renderer's
// /reports/print, the same page and print stylesheet the web shell prints) in a hidden window
// with the app's secure preferences, printed by Chromium's printToPDF once the page says it is
// drawn (<html data-report-ready>), into the file the person chose in the save dialog. Every
// page's foot (the client and period, "Page n of m") is printToPDF's footer template; the page
// is opened with ?footer=printer so it leaves out its own CSS margin boxes (printed both, they
// would overlap).
import { BrowserWindow, dialog } from 'electron'
import { rename, writeFile } from 'node:fs/promises'
import type { ExportResult } from '../shared'
import type { ReportRequest, ReportTemplate } from '../shared/report'
import { reportPrintOptions } from './report-print-options'

export interface ReportPageOptions {
  preloadPath: string
  /** The app's page at a hash route ("/reports/print?..."). */
  pageUrl: (route: string) => string
  /** How long the page may take to draw the report (default 60 s). */
  timeoutMs?: number
  /** The hidden window while it prints, for the IPC sender check (it reads the report through window.api). */
  onWindow?: (window: BrowserWindow | null) => void
}

export interface ReportPdfOptions extends ReportPageOptions {
  chooseSavePath: (suggestedName: string) => Promise<string | null>
}

const POLL_MS = 100

/** "report-acme-2026-10-01.pdf" */
export function reportPdfName(request: ReportRequest): string {
  const who = request.selection.label.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'sites'
  return `report-${who}-${request.period.from}.pdf`
}

export function reportPdfPrinter(options: ReportPdfOptions) {
  return async (request: ReportRequest, template: ReportTemplate | null): Promise<ExportResult> => {
    const name = reportPdfName(request)
    const path = await options.chooseSavePath(name)
    if (path === null) return { kind: 'cancelled' }
    await printReportToFile(options, request, template, path)
    return { kind: 'saved', name, path, rows: 1 }
  }
}

/** The folder for "Reports for all clients": the system's folder dialog; null when cancelled. */
export function chooseFolderWithDialog(window: () => BrowserWindow | null) {
  return async (): Promise<string | null> => {
    const options: Electron.OpenDialogOptions = { title: 'Folder for the reports', properties: ['openDirectory', 'createDirectory'] }
    const owner = window()
    const chosen = owner ? await dialog.showOpenDialog(owner, options) : await dialog.showOpenDialog(options)
    return chosen.canceled || chosen.filePaths.length === 0 ? null : chosen.filePaths[0]!
  }
}

/** The report's own page in a hidden window, printed to `path` once drawn; the window goes whatever happens. */
export async function printReportToFile(options: ReportPageOptions, request: ReportRequest, template: ReportTemplate | null, path: string): Promise<void> {
  const window = new BrowserWindow({
    show: false,
    width: 900,
    height: 1200,
    // Written out here as in window.ts rather than shared: Electronegativity (CI) reads each
    // BrowserWindow's options statically and flags a window whose preferences it cannot see.
    // test/unit/main/window-preferences-parity.test.ts keeps the two literals the same.
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      disableBlinkFeatures: 'Auxclick',
      navigateOnDragDrop: false,
      safeDialogs: true,
      devTools: false,
    },
  })
  options.onWindow?.(window)
  try {
    const query = new URLSearchParams({ request: JSON.stringify(request), ...(template ? { template: template.id } : {}), footer: 'printer' })
    await window.loadURL(options.pageUrl(`/reports/print?${query.toString()}`))
    const foot = await waitUntilDrawn(window, options.timeoutMs ?? 60_000)
    const pdf = await window.webContents.printToPDF(reportPrintOptions(foot))
    // Written beside the target, then moved into place: a failed write leaves no half file.
    await writeFile(`${path}.partial`, pdf, { mode: 0o644 })
    await rename(`${path}.partial`, path)
  } finally {
    options.onWindow?.(null)
    if (!window.isDestroyed()) window.destroy()
  }
}

/** Waits for the page to say it is drawn; answers its foot (<html data-report-foot>). */
async function waitUntilDrawn(window: BrowserWindow, timeoutMs: number): Promise<string> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const foot = (await window.webContents.executeJavaScript(
      "document.documentElement.dataset.reportReady === '1' ? (document.documentElement.dataset.reportFoot ?? '') : null",
      true,
    )) as string | null
    if (foot !== null) return foot
    if (Date.now() > until) throw new Error('The report page did not finish drawing in time.')
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}
