// Coverage cannot fall silently: every room of src/ has a floor in vitest.config.ts and the
// test command runs the unit step with coverage. That a room below its floor fails the run is
// vitest's own (coverage.thresholds); that test-all.sh counts that failure with its reason when
// every test passed is scripts/lib/count-results.mjs's, tested in test/unit/scripts.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import config from '../../../vitest.config'

const root = join(import.meta.dirname, '../../..')
const METRICS = ['lines', 'statements', 'functions', 'branches'] as const

/** The rooms of DESIGN.md: each folder of src/, the renderer by its source folder. */
function rooms(): string[] {
  return readdirSync(join(root, 'src'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => (entry.name === 'renderer' ? 'src/renderer/src/**' : `src/${entry.name}/**`))
}

describe('coverage floors', () => {
  it('has a floor for each room of src/, on every metric', () => {
    const thresholds = (config.test?.coverage as { thresholds?: Record<string, unknown> } | undefined)?.thresholds ?? {}
    for (const room of rooms()) {
      const floor = thresholds[room] as Record<string, number> | undefined
      expect(floor, `no coverage floor for ${room}`).toBeDefined()
      for (const metric of METRICS) expect(floor![metric], `${room} ${metric}`).toBeGreaterThan(0)
    }
  })

  it('is checked by the test command: the unit step runs vitest with coverage', () => {
    const script = readFileSync(join(root, 'scripts/test-all.sh'), 'utf8')
    const unitRun = script.split('\n').find((line) => /npx vitest run/.test(line))
    expect(unitRun).toContain('--coverage')
  })
})
