// How the desktop prints a report's page to PDF (webContents.printToPDF's options), apart from
// report-pdf.ts so a test can hand the same options to Chromium through Playwright's page.pdf
// (the same print path and option names) where Electron cannot start.

/** The options of printToPDF (Electron) and page.pdf (Playwright) a report uses. */
export interface ReportPrintOptions {
  printBackground: true
  preferCSSPageSize: true
  displayHeaderFooter: true
  headerTemplate: string
  footerTemplate: string
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The page's own A4 size and margins, backgrounds (the accent), and the foot of every page drawn
 * by Chromium in the bottom margin: the client and period at the left, "Page n of m" at the
 * right (Chromium fills in pageNumber and totalPages). No header: an empty element, since
 * Chromium's default one is the date and title. The text is 8pt: Chromium's default is too
 * small to read. The foot is the page's text, escaped: the template is HTML.
 */
export function reportPrintOptions(foot: string): ReportPrintOptions {
  const style = 'font: 8pt system-ui, sans-serif; color: #444; width: 100%; padding: 0 14mm; display: flex; justify-content: space-between; gap: 6mm;'
  return {
    printBackground: true,
    preferCSSPageSize: true,
    displayHeaderFooter: true,
    headerTemplate: '<span></span>',
    footerTemplate: `<div style="${style}"><span>${escapeHtml(foot)}</span><span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`,
  }
}
