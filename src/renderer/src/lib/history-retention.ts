// The retention setting's rule in the renderer (core checks it again): a whole number of
// days from 7 to 3650, said in words a person can act on.
import { HISTORY_RETENTION_DAYS } from '../../../shared'
import { formatNumber } from './format'
import { wholeNumberProblem, type WholeNumberRule } from './whole-number'

export const MIN_RETENTION_DAYS = HISTORY_RETENTION_DAYS.min
export const MAX_RETENTION_DAYS = HISTORY_RETENTION_DAYS.max

export const RETENTION_RULE: WholeNumberRule = {
  min: MIN_RETENTION_DAYS,
  max: MAX_RETENTION_DAYS,
  unit: 'days',
  example: 365,
  empty: 'Enter how many days of history to keep.',
  range: `${MIN_RETENTION_DAYS} to ${formatNumber(MAX_RETENTION_DAYS)} (ten years)`,
}

/** The problem with typed days, or null when they are a whole number in range. */
export function retentionProblem(text: string): string | null {
  return wholeNumberProblem(text, RETENTION_RULE)
}
