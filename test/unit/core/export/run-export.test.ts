// An export is written a chunk at a time: the lines are read lazily and handed to the file in
// pieces of about 64 KB, so a file of fifty thousand sites never sits in memory whole; a
// failure part-way aborts the file; a cancelled save dialog writes nothing.
import { describe, expect, it } from 'vitest'
import { runExport } from '../../../../src/core/export/run-export'
import type { ExportDelivery } from '../../../../src/core/export/export-delivery'

/** A target recording each write and how many lines had been read by then. */
function recordingDelivery(linesRead: () => number, failOnWrite = -1) {
  const writes: Array<{ chars: number; linesReadAtWrite: number }> = []
  let finished: number | null = null
  let aborted = false
  const delivery: ExportDelivery = async () => ({
    write: async (text) => {
      if (writes.length === failOnWrite) throw new Error('disk full')
      writes.push({ chars: text.length, linesReadAtWrite: linesRead() })
    },
    finish: async (rows) => {
      finished = rows
      return { kind: 'download', name: 'sites.csv', url: '/download/x', rows }
    },
    abort: async () => {
      aborted = true
    },
  })
  return { delivery, writes, finished: () => finished, aborted: () => aborted }
}

const LINE = `${'x'.repeat(99)}\n`
const LINES = 5000 // 500 KB in all

describe('runExport', () => {
  it('writes in chunks while the lines are still being read, never the whole file at once', async () => {
    let read = 0
    function* lines() {
      for (let i = 0; i < LINES; i++) {
        read++
        yield LINE
      }
    }
    const out = recordingDelivery(() => read)
    const result = await runExport(out.delivery, 'sites.csv', lines(), () => LINES)
    expect(result).toMatchObject({ rows: LINES })
    expect(out.writes.reduce((sum, w) => sum + w.chars, 0)).toBe(LINES * LINE.length)
    expect(out.writes.length).toBeGreaterThanOrEqual(7)
    // Each write but the last holds about 64 KB, and the first came when a seventh of the lines had been read.
    for (const write of out.writes.slice(0, -1)) expect(write.chars).toBeLessThan(64 * 1024 + LINE.length)
    expect(out.writes[0]!.linesReadAtWrite).toBeLessThan(LINES / 7)
    expect(out.finished()).toBe(LINES)
  })

  it('aborts the file when a write fails part-way, and writes nothing when the save was cancelled', async () => {
    const failing = recordingDelivery(() => 0, 2)
    await expect(runExport(failing.delivery, 'sites.csv', Array(LINES).fill(LINE), () => LINES)).rejects.toThrow('disk full')
    expect(failing.aborted()).toBe(true)
    expect(failing.finished()).toBeNull()

    expect(await runExport(async () => null, 'sites.csv', [LINE], () => 1)).toEqual({ kind: 'cancelled' })
  })
})
