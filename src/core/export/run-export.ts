// Writes an export's lines to where it goes, a chunk at a time: the text of a few hundred rows
// is gathered, written, and only then are the next rows read, so a file of fifty thousand
// sites never sits in memory whole and core answers other calls between chunks. A failure
// part-way leaves no file behind.
import type { ExportResult } from '../../shared'
import type { ExportDelivery } from './export-delivery'

const CHUNK_CHARS = 64 * 1024

export async function runExport(delivery: ExportDelivery, name: string, lines: Iterable<string>, rows: () => number): Promise<ExportResult> {
  const target = await delivery(name)
  if (target === null) return { kind: 'cancelled' }
  try {
    let chunk = ''
    for (const line of lines) {
      chunk += line
      if (chunk.length >= CHUNK_CHARS) {
        await target.write(chunk)
        chunk = ''
      }
    }
    if (chunk !== '') await target.write(chunk)
    return await target.finish(rows())
  } catch (thrown) {
    await target.abort()
    throw thrown
  }
}
