// The Health settings' own check before a round trip: whole numbers within their bounds, in
// words that say what to type; a look-for text within its length and without control characters.
import { describe, expect, it } from 'vitest'
import { healthValueProblem, lookForProblem } from '../../../../src/renderer/src/stores/health'

describe('health settings as typed', () => {
  it('takes whole numbers within the bounds', () => {
    expect(healthValueProblem('intervalMinutes', ' 5 ')).toBeNull()
    expect(healthValueProblem('concurrency', '64')).toBeNull()
    expect(healthValueProblem('intervalMinutes', '')).toBe('Enter a number of minutes.')
    expect(healthValueProblem('slowThresholdMs', '2.5')).toBe('Enter a whole number of milliseconds, like 3000.')
    expect(healthValueProblem('warningDays', '91')).toBe('Enter a number of days from 1 to 90.')
    expect(healthValueProblem('concurrency', '0')).toBe('Enter a number of checks from 1 to 64.')
  })

  it('checks a look-for text', () => {
    expect(lookForProblem('Opening hours')).toBeNull()
    expect(lookForProblem('')).toBeNull()
    expect(lookForProblem('x'.repeat(201))).toBe('Keep the text to 200 characters or fewer (it has 201).')
    expect(lookForProblem('two\nlines')).toBe('The text cannot hold line breaks or other control characters.')
  })
})
