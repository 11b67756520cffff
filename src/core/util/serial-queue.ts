// Runs async jobs one after another, so that read-modify-write of a settings file cannot
// interleave and lose an update when two channels change accounts at the same moment.
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve()

  run<T>(job: () => Promise<T>): Promise<T> {
    const result = this.tail.then(job)
    // The queue keeps going after a failed job; the caller still sees the failure.
    this.tail = result.catch(() => undefined)
    return result
  }
}
