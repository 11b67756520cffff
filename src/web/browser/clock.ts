// The timers and time the bridge's parts run on. The page uses the browser's; tests hand in
// their own to count or fire timers.
export interface Clock {
  setTimer(run: () => void, ms: number): unknown
  clearTimer(timer: unknown): void
  now(): number
}

export const systemClock: Clock = {
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
}
