// Proves the house's own lint rules (eslint-rules/house-checks.js) with ESLint's RuleTester:
// each finds what it names, in each spelling and over several lines, and lets the rest be;
// and eslint.config.js turns them on where they belong.
import { ESLint, RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { afterAll, describe, expect, it } from 'vitest'
import { house, SLEEP_LIMIT_MS } from '../../../eslint-rules/house-checks.js'

RuleTester.describe = describe
RuleTester.it = it
RuleTester.itOnly = it.only
Object.assign(RuleTester, { afterAll })

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' } })
const slept = (ms: number) => ({ messageId: 'sleep', data: { ms: String(ms) } })

tester.run('house/no-long-sleeps', house.rules['no-long-sleeps'], {
  valid: [
    `await new Promise((resolve) => setTimeout(resolve, ${SLEEP_LIMIT_MS}))`,
    'await new Promise((resolve) => setTimeout(resolve, 0))',
    'await new Promise((resolve) => setTimeout(resolve, ms))',
    "const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)",
    "setTimeout(() => reject(new Error('no address')), 20_000)",
    'test.setTimeout(60_000)',
    'await vi.advanceTimersByTimeAsync(5_000)',
    // A function that only shares a helper's name with something else is not called as a sleep.
    'await expect.poll(() => count(), { timeout: 5_000 }).toBe(1)',
  ],
  invalid: [
    { code: 'await new Promise((resolve) => setTimeout(resolve, 600))', errors: [slept(600)] },
    { code: 'await new Promise((r) => setTimeout(r, 1_000))', errors: [slept(1000)] },
    { code: 'const flush = () => new Promise((done) => setTimeout(done, 51))', errors: [slept(51)] },
    { code: 'await page.waitForTimeout(200)', errors: [slept(200)] },
    { code: "import { setTimeout as sleep } from 'node:timers/promises'\nawait sleep(500)", errors: [slept(500)] },
    { code: 'await setTimeout(300)', errors: [slept(300)] },
    { code: 'await scheduler.wait(120)', errors: [slept(120)] },
    { code: 'await delay(100)', errors: [slept(100)] },
    { code: 'function nap(ms: number) {\n  return new Promise((resolve) => setTimeout(resolve, ms))\n}\nawait nap(250)', errors: [slept(250)] },
    { code: 'const rest = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))\nawait rest(75)', errors: [slept(75)] },
    // Over several lines: what the line-by-line scanner missed.
    { code: 'await new Promise((resolve) =>\n  setTimeout(\n    resolve,\n    400,\n  ),\n)', errors: [slept(400)] },
    { code: 'await page\n  .waitForTimeout(\n    300,\n  )', errors: [slept(300)] },
    { code: 'const nap = (ms: number) =>\n  new Promise((resolve) => {\n    setTimeout(resolve, ms)\n  })\nawait nap(\n  90,\n)', errors: [slept(90)] },
  ],
})

const empty = [{ messageId: 'empty' }]

tester.run('house/no-empty-presence-checks', house.rules['no-empty-presence-checks'], {
  valid: [
    "expect(screen.getByText('No sites yet')).toBeVisible()",
    "expect(screen.queryByText('Gone')).toBeNull()",
    'expect(command).toBeTruthy()',
    "expect(screen.getAllByRole('row')).toHaveLength(3)",
  ],
  invalid: [
    { code: "expect(screen.getByText('No sites yet')).toBeTruthy()", errors: empty },
    { code: "expect(within(dialog()).getByRole('button', { name: 'Save' })).toBeTruthy()", errors: empty },
    { code: "expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy()", errors: empty },
    { code: "expect(getAllByText('x')).toBeTruthy()", errors: empty },
    // Over several lines.
    { code: "expect(\n  screen.getByRole('dialog', {\n    name: 'Add an account',\n  }),\n).toBeTruthy()", errors: empty },
  ],
})

const missing = (name: string) => ({ messageId: 'missing', data: { name } })

tester.run('house/setup-store-returns-state', house.rules['setup-store-returns-state'], {
  valid: [
    "defineStore('a', () => {\n  const items = ref([])\n  const count = computed(() => items.value.length)\n  return { items, count }\n})",
    "defineStore('a', () => {\n  const cache = shallowRef(new Map())\n  return { cache: cache }\n})",
    // An options store has no setup function to read.
    "defineStore('a', { state: () => ({ n: 1 }) })",
  ],
  invalid: [
    { code: "defineStore('a', () => {\n  const picked = ref(null)\n  const theme = computed(() => picked.value)\n  return { theme }\n})", errors: [missing('picked')] },
    // eslint-plugin-pinia's rule knows only ref and reactive; shallowRef is state too.
    { code: "defineStore('a', () => {\n  const sources = shallowRef(new Map())\n  const all = computed(() => [...sources.value.values()])\n  return { all }\n})", errors: [missing('sources')] },
    { code: "defineStore('a', function () {\n  const form = reactive({})\n  const list = shallowReactive([])\n  return {}\n})", errors: [missing('form'), missing('list')] },
  ],
})

describe('eslint.config.js', () => {
  const eslint = new ESLint({ cwd: process.cwd() })

  it.each([
    ['test/unit/x.test.ts', 'house/no-long-sleeps'],
    ['test/e2e/x.spec.ts', 'house/no-empty-presence-checks'],
    ['src/renderer/src/stores/x.ts', 'house/setup-store-returns-state'],
  ])('turns the rule on for %s: %s', async (file, rule) => {
    const config = (await eslint.calculateConfigForFile(file)) as { rules: Record<string, unknown> }
    expect(config.rules[rule]).toEqual([2])
  })
})
