// bench/report.bench.ts's page: the app's own report document (components/reports) with the
// app's stylesheets, mounted with a report the benchmark computed in core (as the preview on
// screen, or as the printed page), and timed from mount to the frame after it is drawn.
import { createApp, h } from 'vue'
import '../../../src/renderer/src/styles/index.css'
import ReportDocument from '../../../src/renderer/src/components/reports/ReportDocument.vue'
import { pageRules } from '../../../src/renderer/src/components/reports/usePrintPage'
import type { Report, ReportTemplate } from '../../../src/shared/report'

interface BenchGlobals {
  renderReport(report: Report, template: ReportTemplate, screen: boolean): Promise<number>
}

;(window as unknown as BenchGlobals).renderReport = async (report, template, screen) => {
  const style = document.createElement('style')
  style.textContent = pageRules(`${report.request.selection.label} · ${report.periodLabel}`)
  document.head.append(style)
  const started = performance.now()
  createApp({ render: () => h(ReportDocument, { report, template, screen, paged: screen }) }).mount('#app')
  // Laid out and painted: the frame after the next one.
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  return performance.now() - started
}
