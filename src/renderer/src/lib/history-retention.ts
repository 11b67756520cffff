// The retention setting's check in the renderer (core checks it again): a whole number of
// days from 7 to 3650, said in words a person can act on.
import { HISTORY_RETENTION_DAYS } from '../../../shared'
import { formatNumber } from './format'

export const MIN_RETENTION_DAYS = HISTORY_RETENTION_DAYS.min
export const MAX_RETENTION_DAYS = HISTORY_RETENTION_DAYS.max

/** The problem with typed days, or null when they are a whole number in range. */
export function retentionProblem(text: string): string | null {
  const value = text.trim()
  if (value === '') return 'Enter how many days of history to keep.'
  if (!/^\d+$/.test(value)) return 'Enter a whole number of days, like 365.'
  const days = Number(value)
  if (days < MIN_RETENTION_DAYS || days > MAX_RETENTION_DAYS) {
    return `Enter a number of days from ${MIN_RETENTION_DAYS} to ${formatNumber(MAX_RETENTION_DAYS)} (ten years).`
  }
  return null
}
