// The report's hidden print window (report-pdf.ts) and the app's window (window.ts) each write
// their webPreferences out literally, because Electronegativity reads every BrowserWindow's
// options statically and cannot follow a shared constant. Two literals can drift apart; this
// test is what keeps them one rule: every security key the same, no key in one only.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { EMPTY_FILTER } from '../../../src/shared'
import type { ReportRequest } from '../../../src/shared/report'
import { BrowserWindow, resetFakeElectron } from './fake-electron'
import { createMainWindow } from '../../../src/main/window'
import { printReportToFile } from '../../../src/main/report-pdf'

vi.mock('electron', async () => {
  const fake = await import('./fake-electron')
  // The print window is destroyed whatever happens; the shared fake has no destroy().
  class PrintWindow extends fake.BrowserWindow {
    destroy(): void {
      this.destroyed = true
    }
  }
  return { ...fake, BrowserWindow: PrintWindow }
})

const request: ReportRequest = {
  selection: { scope: ['6f1c1c3e-4a51-4bb5-9d58-8a3f0f5e7a10'], filter: EMPTY_FILTER, label: 'Acme' },
  period: { from: '2026-10-01', to: '2026-11-01', timeZone: 'Europe/Berlin' },
  sections: ['summary'],
  notes: '',
}

/** The keys that may differ: which preload, and developer tools (the print window never offers them). */
const PER_WINDOW = ['preload', 'devTools']

function securityKeys(preferences: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(preferences).filter(([key]) => !PER_WINDOW.includes(key)))
}

async function printWindowPreferences(): Promise<Record<string, unknown>> {
  // The page load fails at once: the window has been made with its options, nothing is printed.
  BrowserWindow.loadFailure = new Error('no page in this test')
  try {
    await expect(printReportToFile({ preloadPath: '/p/index.cjs', pageUrl: (route) => `app://${route}` }, request, null, '/nowhere/report.pdf')).rejects.toThrow(
      'no page in this test',
    )
  } finally {
    BrowserWindow.loadFailure = null
  }
  return BrowserWindow.created.at(-1)!.options.webPreferences as Record<string, unknown>
}

describe('the report print window and the main window', () => {
  beforeEach(resetFakeElectron)

  it('have the same security webPreferences, key for key', async () => {
    const main = createMainWindow({ title: 'Site Manager', preloadPath: '/p/index.cjs', devTools: true }) as unknown as BrowserWindow
    const mainPreferences = main.options.webPreferences as Record<string, unknown>
    const printPreferences = await printWindowPreferences()

    expect(securityKeys(printPreferences)).toEqual(securityKeys(mainPreferences))
    // The keys that matter most, named so a change to both at once still fails here.
    expect(securityKeys(mainPreferences)).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, webSecurity: true })
    expect(printPreferences).toMatchObject({ preload: '/p/index.cjs', devTools: false })
  })
})
