// Every keychain call of the process goes through one gate: one call at a time, each answered
// within a deadline. Why: keytar runs each call on Node's thread pool, whose four threads also
// do every file read and write of the app. A keychain that never answers (gnome-keyring locked,
// its unlock prompt unable to show on a headless machine) holds a thread per call, and four such
// calls stall all file I/O: the page no longer loads and the process ignores SIGTERM.
//
// A call that overruns its deadline is answered at once with `noAnswer`, but keeps its thread
// until keytar returns, so the gate starts no other call meanwhile: calls waiting behind it, and
// calls asked for later, are answered with `noAnswer` at once until it returns. At most one
// keychain call is ever out.

export interface KeychainGateOptions {
  deadlineMs: number
  /** The answer for a call that did not get one in time. */
  noAnswer: () => Error
  /** Called when the running call overran: whoever runs it may end it (KeytarHost can). */
  onOverrun?: () => void
}

interface Call {
  work: () => Promise<unknown>
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
  timer: ReturnType<typeof setTimeout> | undefined
  answered: boolean
}

export class KeychainGate {
  private readonly waiting: Call[] = []
  private running: Call | undefined
  /** The running call overran its deadline and has not returned yet. */
  private overrun = false

  constructor(private readonly options: KeychainGateOptions) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.overrun) return Promise.reject(this.options.noAnswer())
    return new Promise<T>((resolve, reject) => {
      const call: Call = { work, resolve: resolve as (value: unknown) => void, reject, timer: undefined, answered: false }
      // Counted from the request, not from the start: the caller gets an answer in time even
      // when it waited its turn behind a slow call.
      call.timer = setTimeout(() => this.expire(call), this.options.deadlineMs)
      call.timer.unref?.()
      this.waiting.push(call)
      this.startNext()
    })
  }

  private startNext(): void {
    if (this.running || this.overrun) return
    const call = this.waiting.shift()
    if (!call) return
    this.running = call
    let work: Promise<unknown>
    try {
      work = call.work()
    } catch (thrown) {
      work = Promise.reject(thrown)
    }
    void work
      .then(
        (value) => this.answer(call, () => call.resolve(value)),
        (thrown: unknown) => this.answer(call, () => call.reject(thrown)),
      )
      .finally(() => {
        // Only now is its thread free again.
        this.running = undefined
        this.overrun = false
        this.startNext()
      })
  }

  private expire(call: Call): void {
    if (call !== this.running) {
      const at = this.waiting.indexOf(call)
      if (at >= 0) this.waiting.splice(at, 1)
      this.answer(call, () => call.reject(this.options.noAnswer()))
      return
    }
    this.overrun = true
    this.answer(call, () => call.reject(this.options.noAnswer()))
    // Nothing behind it can start before it returns, which may be never.
    for (const waiting of this.waiting.splice(0)) this.answer(waiting, () => waiting.reject(this.options.noAnswer()))
    this.options.onOverrun?.()
  }

  private answer(call: Call, settle: () => void): void {
    if (call.answered) return
    call.answered = true
    clearTimeout(call.timer)
    settle()
  }
}
