// How the `npm run server` process ends: always through close(), so the sockets are closed and
// the last state write is flushed before exit. It ends when told to (Ctrl+C, kill, a closed
// terminal), and also when it is left alone: if the process that started it dies without
// passing a signal on (tsx relays only SIGINT and SIGTERM; a SIGKILLed parent relays nothing),
// the server would otherwise keep its port and run forever. Standard input is never read, so
// whether it is closed, a pipe or a terminal makes no difference.
import { constants } from 'node:os'

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const
/** How often to look whether the parent is still there (an orphan is re-parented). */
const PARENT_CHECK_MS = 1000
/** A close that hangs (a stuck disk write) must not keep the process alive forever. */
const CLOSE_TIMEOUT_MS = 10_000

export function stopProcessOnShutdown(close: () => Promise<void>): void {
  let stopping = false
  const stop = (reason: string) => {
    if (stopping) return
    stopping = true
    note(`Stopping (${reason})`)
    setTimeout(() => {
      note(`Still closing after ${CLOSE_TIMEOUT_MS / 1000}s, exiting anyway`)
      process.exit(1)
    }, CLOSE_TIMEOUT_MS).unref()
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        note(`Error while closing: ${String(error)}`)
        process.exit(1)
      },
    )
  }

  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      // A second Ctrl+C while closing means "now".
      if (stopping) process.exit(128 + constants.signals[signal])
      stop(signal)
    })
  }

  const parent = process.ppid
  setInterval(() => {
    if (process.ppid !== parent) stop('the parent process is gone')
  }, PARENT_CHECK_MS).unref()

  // Whoever read our output has gone (EPIPE): nobody is left to use the server. Without a
  // listener the error would crash the process before the last write is flushed.
  process.stdout.on('error', () => stop('stdout closed'))
  process.stderr.on('error', () => stop('stderr closed'))
}

function note(line: string): void {
  if (!process.stderr.destroyed) process.stderr.write(`${line}\n`)
}
