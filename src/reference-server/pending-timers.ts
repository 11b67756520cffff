// Every wait the server makes (latency, trickled bodies) goes through here, so close() can
// cancel them all at once and no timer outlives the server.

export class PendingTimers {
  private readonly waits = new Map<NodeJS.Timeout, () => void>()
  private closed = false

  get isClosed(): boolean {
    return this.closed
  }

  /** Resolves after `ms`, or at once when the server closes (then isClosed is true). */
  sleep(ms: number): Promise<void> {
    if (this.closed || ms <= 0) return Promise.resolve()
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waits.delete(timer)
        resolve()
      }, ms)
      this.waits.set(timer, resolve)
    })
  }

  closeAll(): void {
    this.closed = true
    for (const [timer, resolve] of this.waits) {
      clearTimeout(timer)
      resolve()
    }
    this.waits.clear()
  }
}
