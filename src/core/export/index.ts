// Exports written by core straight to the file (shared/exports.ts is the contract).
export { ExportDownloads, DOWNLOAD_TTL_MS, type ExportDownload } from './export-downloads'
export { savedDelivery, downloadDelivery, noDelivery, type ExportDelivery, type ExportTarget } from './export-delivery'
export { runExport } from './run-export'
export { queryRows, storedEvents, counting } from './export-rows'
export { siteLines } from './site-lines'
export { eventLines, EVENT_CSV_HEADER, ACCOUNT_EVENT_CSV_HEADER } from './event-lines'
export { exportFileName, fileNamePart, localDay } from './file-names'
