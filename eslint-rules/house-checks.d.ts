// Types of house-checks.js for the TypeScript that tests it.
import type { Rule } from 'eslint'

export const SLEEP_LIMIT_MS: number
export const house: {
  meta: { name: string }
  rules: Record<'no-long-sleeps' | 'no-empty-presence-checks' | 'setup-store-returns-state', Rule.RuleModule>
}
