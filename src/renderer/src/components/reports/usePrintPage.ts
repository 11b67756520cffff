// The printed page's frame: A4, with the report's period and name at the foot of every page
// and "Page n of m" (CSS page-margin boxes, which Chromium prints, both for the browser's print
// and for printToPDF). The period is text, so it goes into a style element written here as a
// CSS string, escaped; it lives as long as the view that prints.
import { onBeforeUnmount, watchEffect, type Ref } from 'vue'

/** A CSS string literal of any text: quotes, backslashes and line breaks escaped. */
export function cssString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/[\r\n]+/g, ' ')}"`
}

export function pageRules(foot: string): string {
  return `@page { size: A4; margin: 16mm 14mm 18mm;
  @bottom-left { content: ${cssString(foot)}; font: 8pt system-ui, sans-serif; }
  @bottom-right { content: "Page " counter(page) " of " counter(pages); font: 8pt system-ui, sans-serif; } }`
}

export function usePrintPage(foot: Ref<string>): void {
  const style = document.createElement('style')
  style.dataset.report = 'page'
  document.head.append(style)
  watchEffect(() => {
    style.textContent = pageRules(foot.value)
  })
  onBeforeUnmount(() => style.remove())
}
