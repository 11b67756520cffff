// The printed page's frame: A4, with the report's period and name at the foot of every page
// and "Page n of m". The browser's print (the web shell) draws them from CSS page-margin boxes
// (@bottom-left, @bottom-right: Chromium prints them since 131). The desktop's printToPDF
// draws its own footer from a template instead (main/report-pdf.ts), so a page it prints
// leaves the margin boxes out: Chromium prints both when both are there, one over the other.
// The period is text, so it goes into a style element written here as a CSS string, escaped;
// it lives as long as the view that prints.
import { onBeforeUnmount, watchEffect, type Ref } from 'vue'

/** A CSS string literal of any text: quotes, backslashes and line breaks escaped. */
export function cssString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/[\r\n]+/g, ' ')}"`
}

/** The @page rules; `marginBoxes` false: the printer draws the foot itself (printToPDF's footer template). */
export function pageRules(foot: string, marginBoxes = true): string {
  if (!marginBoxes) return '@page { size: A4; margin: 16mm 14mm 18mm; }'
  return `@page { size: A4; margin: 16mm 14mm 18mm;
  @bottom-left { content: ${cssString(foot)}; font: 8pt system-ui, sans-serif; }
  @bottom-right { content: "Page " counter(page) " of " counter(pages); font: 8pt system-ui, sans-serif; } }`
}

export function usePrintPage(foot: Ref<string>, options: { marginBoxes?: boolean } = {}): void {
  const style = document.createElement('style')
  style.dataset.report = 'page'
  document.head.append(style)
  watchEffect(() => {
    style.textContent = pageRules(foot.value, options.marginBoxes ?? true)
  })
  onBeforeUnmount(() => style.remove())
}
