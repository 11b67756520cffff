// The desktop's PDF of a report: the save dialog first (cancel: no window at all), then the
// report's own page in a hidden window with the secure preferences, printed once the page says
// it is drawn, written where the person chose; the window goes whatever happens.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EMPTY_FILTER } from '../../../src/shared'
import type { ReportRequest } from '../../../src/shared/report'
import { chooseFolderWithDialog, reportPdfName, reportPdfPrinter } from '../../../src/main/report-pdf'
import { withTempDirs } from '../core/support/temp-dir'

const printed = vi.hoisted(() => ({ readyAfter: 2, asked: 0, options: [] as unknown[], destroyed: 0, openAnswer: { canceled: false, filePaths: ['/home/me/reports'] }, opened: [] as unknown[] }))

vi.mock('electron', async () => {
  const fake = await import('./fake-electron')
  // The fake window, with what printing needs: a page that draws after a few looks, and a PDF.
  class PrintWindow extends fake.BrowserWindow {
    constructor(options: Record<string, unknown>) {
      super(options)
      Object.assign(this.webContents, {
        executeJavaScript: async (code: string) => {
          expect(code).toContain('reportReady')
          printed.asked += 1
          // The page's foot once it says it is drawn, null before.
          return printed.asked >= printed.readyAfter ? 'Acme & Co. · <1 Oct 2026 – 31 Oct 2026>' : null
        },
        printToPDF: async (options: unknown) => {
          printed.options.push(options)
          return Buffer.from('%PDF-1.7 report')
        },
      })
    }
    destroy(): void {
      this.destroyed = true
      printed.destroyed += 1
    }
  }
  const dialog = Object.assign(fake.dialog, {
    showOpenDialog: async (...args: unknown[]) => {
      printed.opened.push(args)
      return printed.openAnswer
    },
  })
  return { ...fake, BrowserWindow: PrintWindow, dialog }
})

const { BrowserWindow, resetFakeElectron } = await import('./fake-electron')
const dirs = await withTempDirs()

const request: ReportRequest = {
  selection: { scope: ['6f1c1c3e-4a51-4bb5-9d58-8a3f0f5e7a10'], filter: EMPTY_FILTER, label: 'Acme & Co.' },
  period: { from: '2026-10-01', to: '2026-11-01', timeZone: 'Europe/Berlin' },
  sections: ['summary'],
  notes: '',
}

afterEach(async () => {
  resetFakeElectron()
  Object.assign(printed, { readyAfter: 2, asked: 0, options: [], destroyed: 0, openAnswer: { canceled: false, filePaths: ['/home/me/reports'] }, opened: [] })
  await dirs.cleanup()
})

describe('reportPdfPrinter', () => {
  it('offers a name from the client and the period', () => {
    expect(reportPdfName(request)).toBe('report-acme-co-2026-10-01.pdf')
  })

  it('opens no window when the person cancels the save dialog', async () => {
    const print = reportPdfPrinter({ preloadPath: '/p.cjs', pageUrl: (r) => `file:///index.html#${r}`, chooseSavePath: async () => null })
    await expect(print(request, null)).resolves.toEqual({ kind: 'cancelled' })
    expect(BrowserWindow.created).toHaveLength(0)
  })

  it('prints the report page of a hidden, sandboxed window once drawn, into the chosen file', async () => {
    const path = join(await dirs.make(), 'acme.pdf')
    const windows: unknown[] = []
    const print = reportPdfPrinter({ preloadPath: '/p.cjs', pageUrl: (r) => `file:///index.html#${r}`, chooseSavePath: async (name) => (name.endsWith('.pdf') ? path : null), onWindow: (w) => windows.push(w) })
    const template = { id: '0b6a8f2e-93c4-4a7e-8d1f-2c5e9b7a4d30', name: 't', agencyName: 'A', logo: null, accent: '#1d4ed8', coverLine: '', footer: '', showAppName: false }

    await expect(print(request, template)).resolves.toEqual({ kind: 'saved', name: 'report-acme-co-2026-10-01.pdf', path, rows: 1 })
    const window = BrowserWindow.created[0]!
    expect(window.options).toMatchObject({ show: false, webPreferences: { preload: '/p.cjs', contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true } })
    const url = new URL(window.webContents.loadedUrl!.replace('#', '?hash=').replace('?request', '&request'))
    expect(window.webContents.loadedUrl).toMatch(/^file:\/\/\/index\.html#\/reports\/print\?request=/)
    expect(JSON.parse(url.searchParams.get('request')!)).toEqual(request)
    expect(url.searchParams.get('template')).toBe(template.id)
    // Chromium's footer draws the page numbers, so the page leaves out its own margin boxes.
    expect(url.searchParams.get('footer')).toBe('printer')
    // Asked until the page said it was drawn, then printed with the page's own size and a
    // footer of the page's foot (escaped: the template is HTML) and "Page n of m".
    expect(printed.asked).toBe(2)
    expect(printed.options).toEqual([
      {
        printBackground: true,
        preferCSSPageSize: true,
        displayHeaderFooter: true,
        headerTemplate: '<span></span>',
        footerTemplate: expect.stringContaining('<span>Acme &#38; Co. · &#60;1 Oct 2026 – 31 Oct 2026&#62;</span><span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span>'),
      },
    ])
    expect(readFileSync(path, 'utf8')).toBe('%PDF-1.7 report')
    expect(windows).toEqual([window, null])
    expect(printed.destroyed).toBe(1)
  })

  it('gives up on a page that never draws, closing the window and writing nothing', async () => {
    printed.readyAfter = Number.POSITIVE_INFINITY
    const path = join(await dirs.make(), 'never.pdf')
    const print = reportPdfPrinter({ preloadPath: '/p.cjs', pageUrl: (r) => `app://${r}`, chooseSavePath: async () => path, timeoutMs: 250 })
    await expect(print(request, null)).rejects.toThrow(/did not finish drawing/)
    expect(existsSync(path)).toBe(false)
    expect(printed.destroyed).toBe(1)
  })

  it('asks for the folder of "Reports for all clients" with the folder dialog, null when cancelled', async () => {
    const choose = chooseFolderWithDialog(() => null)
    await expect(choose()).resolves.toBe('/home/me/reports')
    expect(printed.opened).toEqual([[{ title: 'Folder for the reports', properties: ['openDirectory', 'createDirectory'] }]])
    printed.openAnswer = { canceled: true, filePaths: [] }
    await expect(choose()).resolves.toBeNull()
  })
})
