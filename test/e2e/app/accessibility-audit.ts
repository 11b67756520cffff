// axe-core over what is on screen, in the light and the dark theme, for the accessibility
// spec: the WCAG 2.0-2.2 A/AA rules and axe's best practices. A serious or critical violation
// fails unless an entry of the spec's allow-list covers it, and an entry that covered nothing
// in the states it names fails too, so the list shrinks as the views are fixed.
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import { expectPainted } from '../support/themes'

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']
const FAILING_IMPACTS = new Set(['serious', 'critical'])
export const THEMES = ['light', 'dark'] as const

/** A known violation whose fix belongs to files being rewritten: allowed, and checked to still occur. */
export interface AllowedViolation {
  /** The axe rule id. */
  readonly rule: string
  /** Matched against the node's target selector (joined with ' >> ' through frames and shadow roots). */
  readonly selector: RegExp
  /** Matched against the node's opening tag as axe reports it, where the selector is a generated id. */
  readonly html?: RegExp
  /** The audited states it occurs in (their names as the spec gives them). */
  readonly states: RegExp
  readonly why: string
}

export interface Finding {
  readonly state: string
  readonly theme: string
  readonly rule: string
  readonly impact: string
  readonly target: string
  readonly help: string
}

const describeFinding = (f: Finding) => `[${f.state}, ${f.theme}] ${f.rule} (${f.impact}) at ${f.target}: ${f.help}`

/** Collects the findings of the states a test audits, and what of the allow-list they used. */
export class Audit {
  private readonly findings: Finding[] = []
  private readonly states = new Set<string>()
  private readonly used = new Set<AllowedViolation>()

  constructor(
    private readonly page: Page,
    private readonly allowed: readonly AllowedViolation[],
  ) {}

  /** Runs axe on the page as it is now, once per theme; ends in the light theme. */
  async check(state: string): Promise<void> {
    this.states.add(state)
    for (const theme of THEMES) {
      await this.page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' })
      await expectPainted(this.page, theme)
      const results = await new AxeBuilder({ page: this.page }).withTags(AXE_TAGS).analyze()
      for (const violation of results.violations) {
        if (!FAILING_IMPACTS.has(violation.impact ?? '')) {
          // Reported for whoever reads the run, not failed on: best practices below serious.
          console.log(`axe, ${violation.impact ?? 'no impact'} (not failing): [${state}, ${theme}] ${violation.id} at ${violation.nodes.map((n) => n.target.join(' >> ')).join(', ')}`)
          continue
        }
        for (const node of violation.nodes) {
          const target = node.target.map((part) => (Array.isArray(part) ? part.join(' >> ') : String(part))).join(' >> ')
          const entry = this.allowed.find(
            (a) => a.rule === violation.id && a.states.test(state) && a.selector.test(target) && (a.html === undefined || a.html.test(node.html)),
          )
          if (entry) {
            this.used.add(entry)
            continue
          }
          this.findings.push({ state, theme, rule: violation.id, impact: node.impact ?? violation.impact ?? '', target, help: `${violation.help} (${violation.helpUrl})` })
        }
      }
    }
    await this.page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
    await expectPainted(this.page, 'light')
  }

  /** Fails with every finding, and with every allow-list entry for these states that matched nothing. */
  expectClean(): void {
    for (const finding of this.findings) console.log(`axe: ${describeFinding(finding)}`)
    const stale = this.allowed.filter((a) => [...this.states].some((s) => a.states.test(s)) && !this.used.has(a))
    expect(this.findings.map(describeFinding), 'serious or critical axe violations').toEqual([])
    expect(
      stale.map((a) => `${a.rule} at ${a.selector} (${a.why})`),
      'allow-list entries that no longer match anything: fixed, so remove them',
    ).toEqual([])
  }
}
