// Stopping the web shell on Ctrl+C / SIGTERM: a clean stop (server, then core) bounded by a
// deadline, and a second signal while it runs stops at once, as people expect of a terminal
// program whose first Ctrl+C seems to hang.

export interface ShutdownOptions {
  /** Closes what is running; the process exits 0 once it resolves. */
  stop: () => Promise<void>
  exit: (code: number) => void
  log: (line: string) => void
  deadlineMs?: number
  /** setTimeout, replaceable in tests; the timer is unref'd so it never keeps the process up. */
  setTimer?: (run: () => void, ms: number) => { unref?: () => void }
}

export const SHUTDOWN_DEADLINE_MS = 5_000

/** 128 + the signal's number, the shell convention: 130 for Ctrl+C. */
export function signalExitCode(signal: NodeJS.Signals): number {
  return signal === 'SIGTERM' ? 143 : 130
}

/** Returns the handler for SIGINT and SIGTERM. */
export function createShutdown(options: ShutdownOptions): (signal: NodeJS.Signals) => void {
  const { stop, exit, log, deadlineMs = SHUTDOWN_DEADLINE_MS, setTimer = setTimeout } = options
  let stopping = false
  return (signal) => {
    if (stopping) {
      log('Stopping at once.')
      exit(signalExitCode(signal))
      return
    }
    stopping = true
    log('Stopping… (press Ctrl+C again to stop at once)')
    setTimer(() => {
      log(`Stopping took longer than ${deadlineMs / 1000} s: stopping at once.`)
      exit(1)
    }, deadlineMs).unref?.()
    stop().then(
      () => exit(0),
      (error: unknown) => {
        log(`Stopping failed: ${error instanceof Error ? error.message : String(error)}`)
        exit(1)
      },
    )
  }
}
