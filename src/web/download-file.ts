// Serves a finished export (core/export/export-downloads.ts) to the browser once: as an
// attachment under core's file name, never cached, and deleted as soon as it has been sent or
// the transfer broke off. A second ask for the same address finds nothing.
import { createReadStream } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { pipeline } from 'node:stream/promises'
import type { ExportDownload } from '../core/export'

/** `attachment` with the name twice: plain ASCII for old clients, UTF-8 (RFC 6266/8187) for the rest. */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

export async function sendDownload(res: ServerResponse, file: ExportDownload): Promise<void> {
  try {
    res.writeHead(200, {
      'Content-Type': file.contentType,
      'Content-Length': file.size,
      'Content-Disposition': attachmentHeader(file.name),
      'Cache-Control': 'no-store',
    })
    await pipeline(createReadStream(file.path), res)
  } finally {
    await file.release()
  }
}
