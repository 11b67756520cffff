// Misbehaviour on purpose, switchable per server at runtime: the conditions a client must
// survive (slow, limited, failing, broken answers), reproducible through a seeded RNG.
import type { ReferenceServerFaults } from './types'
import type { SeededRandom } from './random'

export const DEFAULT_FAULTS: ReferenceServerFaults = {
  latencyMs: 0,
  rateLimitPerMinute: null,
  failureRate: 0,
  failureStatuses: [500, 502, 503],
  slowBodyMs: 0,
  malformedJson: false,
  htmlErrorPage: false,
}

/** Merges a change into the current faults, refusing values that make no sense. */
export function mergeFaults(current: ReferenceServerFaults, change: Partial<ReferenceServerFaults>): ReferenceServerFaults {
  const next = { ...current, ...change, failureStatuses: [...(change.failureStatuses ?? current.failureStatuses)] }
  const nonNegative = (name: string, value: number) => {
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a number >= 0, got ${value}`)
  }
  nonNegative('latencyMs', next.latencyMs)
  nonNegative('slowBodyMs', next.slowBodyMs)
  if (!(next.failureRate >= 0 && next.failureRate <= 1)) throw new RangeError(`failureRate must be within 0..1, got ${next.failureRate}`)
  if (next.rateLimitPerMinute !== null && !(Number.isInteger(next.rateLimitPerMinute) && next.rateLimitPerMinute > 0)) {
    throw new RangeError(`rateLimitPerMinute must be a positive integer or null, got ${next.rateLimitPerMinute}`)
  }
  if (next.failureStatuses.length === 0 || next.failureStatuses.some((s) => !Number.isInteger(s) || s < 400 || s > 599)) {
    throw new RangeError('failureStatuses must be a non-empty list of 4xx/5xx statuses')
  }
  return next
}

/** The status of a random failure for this request, or null when it goes through. */
export function pickFailure(faults: ReferenceServerFaults, random: SeededRandom): number | null {
  if (faults.failureRate <= 0 || !random.chance(faults.failureRate)) return null
  return random.pick(faults.failureStatuses)
}

const REASONS: Record<number, string> = {
  500: 'Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
}

/** Laravel answers a failure with {"message": "Server Error"} and the like. */
export function failureMessage(status: number): string {
  return REASONS[status] ?? 'Server Error'
}

/** What a misconfigured proxy or PHP crash shows: a page, not JSON. */
export const HTML_ERROR_PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Server Error</title>
</head>
<body>
<h1>500 | Server Error</h1>
<p>Whoops, something went wrong on our servers.</p>
</body>
</html>
`

/** A body that starts like the real JSON and stops in the middle, as a cut connection would leave it. */
export function breakJson(json: string): string {
  return json.slice(0, Math.max(1, Math.floor(json.length / 2)))
}
