// The app's one logger, for core and both shells: pino, writing JSON lines to a rotating file
// in the data folder (<dataDir>/logs/site-manager.N.log, a new file every 5 MB, the newest 5
// kept: pino-roll, used as a plain stream in this process, no worker thread). Secrets are
// redacted by rule (see redaction.ts) before a line reaches the file.
//
// It returns at once: the file opens in the background and lines logged meanwhile wait for it,
// so a shell can hand the logger to core before anything else. A file that cannot be opened
// (a read-only or full disk) costs the log, never the app.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import pino from 'pino'
import pinoRoll from 'pino-roll'
import type { SonicBoom } from 'sonic-boom'
import type { LogFields, Logger } from '../util/logger'
import { pinoRedactPaths, REDACTED, redactFields, SecretScrubber } from './redaction'

export const LOG_FOLDER = 'logs'
export const LOG_FILE_BASE = 'site-manager'
export const DEFAULT_MAX_FILE_KB = 5 * 1024
export const DEFAULT_KEEP_FILES = 5

/** A logger that can be told the secrets it must never write. */
export interface SecretAwareLogger extends Logger {
  /** A value that is a secret (a token, a private key): replaced wherever it would be written. */
  registerSecret(value: string | null | undefined): void
}

export interface FileLogger extends SecretAwareLogger {
  /** <dataDir>/logs */
  readonly dir: string
  /** True once the file is open; false when it could not be (the logger is then silent). */
  readonly ready: Promise<boolean>
  /** Resolves when every line logged so far is in the file. */
  flush(): Promise<void>
  /** Writes what is pending and closes the file; later lines are dropped. */
  close(): Promise<void>
}

export interface FileLoggerOptions {
  dataDir: string
  /** Which shell writes; on every line. */
  shell: 'web' | 'electron'
  /** Rotate at this size (default 5 MB). */
  maxFileKb?: number
  /** Files kept, the current one included (default 5). */
  keepFiles?: number
  /** Told once when the file cannot be opened or written (default: nothing). */
  onFileError?: (error: unknown) => void
}

/** Lines kept while the file opens; beyond this the oldest wait is not worth the memory. */
const MAX_PENDING_LINES = 1_000

export function isSecretAware(logger: Logger): logger is SecretAwareLogger {
  return typeof (logger as Partial<SecretAwareLogger>).registerSecret === 'function'
}

export function createFileLogger(options: FileLoggerOptions): FileLogger {
  const dir = join(options.dataDir, LOG_FOLDER)
  const scrubber = new SecretScrubber()
  let file: SonicBoom | null = null
  let failed = false
  let closed = false
  const pending: string[] = []
  let reported = false
  const report = (error: unknown): void => {
    if (reported) return
    reported = true
    options.onFileError?.(error)
  }

  // pino writes to this; it forwards to the file once open.
  const sink = {
    write(line: string): void {
      if (closed || failed) return
      if (file) file.write(line)
      else if (pending.length < MAX_PENDING_LINES) pending.push(line)
    },
  }

  const log = pino(
    {
      level: 'info',
      base: { pid: process.pid, shell: options.shell },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // The second net for fields named like secrets (redactFields is the first, at any depth).
      redact: { paths: pinoRedactPaths(), censor: REDACTED },
      // The last step before the file: learned secret values and secret shapes, in the whole line.
      hooks: { streamWrite: (line) => scrubber.scrub(line) },
    },
    sink,
  )

  const ready = (async (): Promise<boolean> => {
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    const stream = await pinoRoll({
      file: join(dir, `${LOG_FILE_BASE}.log`),
      size: `${options.maxFileKb ?? DEFAULT_MAX_FILE_KB}k`,
      // With removeOtherLogFiles the count is of all files, the current one included, and
      // files from earlier runs count too.
      limit: { count: options.keepFiles ?? DEFAULT_KEEP_FILES, removeOtherLogFiles: true },
      // Lines are few: written at once, they survive a crash that follows them.
      sync: true,
      mode: 0o600,
    })
    stream.on('error', report)
    if (closed) {
      stream.end()
      return true
    }
    file = stream
    for (const line of pending.splice(0)) stream.write(line)
    return true
  })().catch((error: unknown) => {
    failed = true
    pending.length = 0
    report(error)
    return false
  })

  const write = (level: 'info' | 'warn' | 'error') => (message: string, fields?: LogFields) => {
    if (closed) return
    try {
      if (fields === undefined) log[level](message)
      else log[level](redactFields(fields) as object, message)
    } catch (error) {
      // Logging must never be why something fails.
      report(error)
    }
  }

  return {
    dir,
    ready,
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    registerSecret: (value) => scrubber.register(value),
    async flush() {
      await ready
      try {
        file?.flushSync()
      } catch {
        // Nothing buffered (sync writes) or the file is gone: nothing to flush.
      }
    },
    async close() {
      if (closed) return
      await ready
      closed = true
      const open = file
      file = null
      if (!open) return
      await new Promise<void>((resolve) => {
        open.once('close', () => resolve())
        open.once('error', () => resolve())
        open.end()
      })
    },
  }
}
