// How long the bridge waits before its next try to reach a shell it lost.

export interface ReconnectDelays {
  /** The wait before the first try. */
  first: number
  /** The longest wait: doubling stops here. */
  max: number
}

/** 0.5 s doubling to 5 s: a restarted shell is found within seconds, a stopped one costs one try per 5 s. */
export const DEFAULT_RECONNECT_DELAY_MS: ReconnectDelays = { first: 500, max: 5000 }

/**
 * The wait before try number `retry` (0 for the first since the socket was last open): doubling
 * from `first` to `max`, each between 75 % and 125 % of it, so pages left open on one shell do
 * not all knock at the same moment. `random` answers a number in [0, 1).
 */
export function reconnectDelay(retry: number, delays: ReconnectDelays, random: () => number): number {
  const base = Math.min(delays.max, delays.first * 2 ** Math.min(retry, 30))
  return Math.round(base * (0.75 + random() * 0.5))
}
