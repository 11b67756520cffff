// One read at a time per key, and never a stale last word: asking while a read runs does not
// start a second one but runs exactly one more after it, because the running read may have
// started before whatever prompted the new ask. Used for snapshot and feed reads, which are
// local and cheap but arrive in bursts (a sync pushes several changes in a row).

export interface Coalescer {
  /** Runs the task for the key now, or once more after the run under way; resolves when idle. */
  request(key: string): Promise<void>
  /** True while a run for the key is under way. */
  running(key: string): boolean
  /** Drops a pending extra run (the key's owner is gone). */
  forget(key: string): void
}

export function coalesce(task: (key: string) => Promise<void>): Coalescer {
  const runs = new Map<string, Promise<void>>()
  const again = new Set<string>()

  function request(key: string): Promise<void> {
    const current = runs.get(key)
    if (current) {
      again.add(key)
      return current
    }
    const run = (async () => {
      try {
        do {
          again.delete(key)
          await task(key)
        } while (again.has(key))
      } finally {
        runs.delete(key)
      }
    })()
    runs.set(key, run)
    return run
  }

  return {
    request,
    running: (key) => runs.has(key),
    forget: (key) => void again.delete(key),
  }
}
