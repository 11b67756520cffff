// One table of a report as a CSV file, through the same delivery as every export (the save
// dialog, or the web shell's one-time download): the rows never pass through the renderer.
import { csvRecord } from '../../shared'
import type { ExportResult } from '../../shared'
import type { Report } from '../../shared/report'
import { reportTable, type ReportTable } from '../../shared/report-tables'
import type { ExportDelivery } from '../export'
import { fileNamePart } from '../export'

export function reportCsvName(report: Report, table: ReportTable): string {
  return `report-${fileNamePart(report.request.selection.label || 'sites')}-${table}-${report.request.period.from}.csv`
}

export async function writeReportCsv(report: Report, table: ReportTable, delivery: ExportDelivery): Promise<ExportResult> {
  const target = await delivery(reportCsvName(report, table))
  if (target === null) return { kind: 'cancelled' }
  const { header, rows } = reportTable(report, table)
  try {
    await target.write(csvRecord(header) + rows.map(csvRecord).join(''))
    return await target.finish(rows.length)
  } catch (thrown) {
    await target.abort()
    throw thrown
  }
}
