// A Logger that keeps what it is told, for tests that check what a shell writes down.
import type { LogFields, Logger } from '../../../src/core/util/logger'

export interface RecordedLine {
  level: string
  message: string
  fields?: LogFields
}

export function recordingLogger(): Logger & { lines: RecordedLine[] } {
  const lines: RecordedLine[] = []
  const at = (level: string) => (message: string, fields?: LogFields) =>
    void lines.push(fields === undefined ? { level, message } : { level, message, fields })
  return { lines, info: at('info'), warn: at('warn'), error: at('error') }
}
