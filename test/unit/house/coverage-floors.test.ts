// Coverage cannot fall silently: every room of src/ has a floor in vitest.config.ts,
// the test command runs the unit step with coverage, a room below its floor fails a vitest run,
// and test-all.sh counts that failure with its reason even when every test passed.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
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

describe('a room below its floor', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('fails the vitest run, and the test command says why when every test passed', { timeout: 120_000 }, () => {
    // A tiny project inside the repository (it needs its node_modules): one function of two
    // tested, under a floor of 100 % of functions.
    mkdirSync(join(root, '.tmp'), { recursive: true })
    dir = mkdtempSync(join(root, '.tmp', 'coverage-floor-'))
    writeFileSync(join(dir, 'maths.ts'), 'export const double = (n: number) => n * 2\nexport const half = (n: number) => n / 2\n')
    writeFileSync(join(dir, 'maths.test.ts'), "import { expect, it } from 'vitest'\nimport { double } from './maths'\nit('doubles', () => expect(double(2)).toBe(4))\n")
    writeFileSync(
      join(dir, 'vitest.config.ts'),
      "export default { test: { include: ['maths.test.ts'], coverage: { provider: 'v8', include: ['maths.ts'], reporter: ['text-summary'], thresholds: { '**/maths.ts': { functions: 100 } } } } }\n",
    )
    const report = join(dir, 'report.json')
    const run = spawnSync(
      process.execPath,
      [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--root', dir, '--coverage', '--reporter=json', `--outputFile.json=${report}`],
      { cwd: root, encoding: 'utf8', env: { ...process.env, CI: 'true' } },
    )
    expect(run.stdout + run.stderr).toMatch(/Coverage for functions \(50%\) does not meet ".*maths\.ts" threshold \(100%\)/)
    expect(run.status).toBe(1)

    const counted = execFileSync(process.execPath, [join(root, 'scripts/lib/count-results.mjs'), 'vitest', report, String(run.status)], { encoding: 'utf8' })
    expect(counted).toMatch(/^1 1 0 exited with status 1 though no test failed: a coverage floor not met/)
  })
})
