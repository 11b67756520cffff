// axe-core over what is on screen, in the light and the dark theme, for the accessibility
// specs: the WCAG 2.0-2.2 A/AA rules and axe's best practices. Every serious or critical
// violation fails; the milder best practices are printed for whoever reads the run.
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import { expectPainted } from '../support/themes'

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']
const FAILING_IMPACTS = new Set(['serious', 'critical'])
export const THEMES = ['light', 'dark'] as const

export interface Finding {
  readonly state: string
  readonly theme: string
  readonly rule: string
  readonly impact: string
  readonly target: string
  readonly help: string
}

const describeFinding = (f: Finding) => `[${f.state}, ${f.theme}] ${f.rule} (${f.impact}) at ${f.target}: ${f.help}`

/**
 * The computed colour, background and colour scheme of the element at `selector` and its
 * ancestors up to the table or the body, and the root's theme, as one line.
 */
function computedColours(page: Page, selector: string): Promise<string> {
  return page.evaluate((selector) => {
    // The few DOM names this needs: the node code's TypeScript settings have no DOM library.
    interface Element {
      tagName: string
      parentElement: Element | null
    }
    const browser = globalThis as unknown as {
      document: { querySelector(selector: string): Element | null; documentElement: Element & { dataset: { theme?: string } } }
      getComputedStyle(element: Element): { color: string; backgroundColor: string; colorScheme: string }
    }
    const parts = [`html[data-theme=${browser.document.documentElement.dataset.theme ?? ''}]`]
    let element = selector.includes('>>') ? null : browser.document.querySelector(selector)
    for (let depth = 0; element && depth < 5; depth++, element = element.parentElement) {
      const style = browser.getComputedStyle(element)
      parts.push(`${element.tagName.toLowerCase()} color ${style.color} on ${style.backgroundColor} (${style.colorScheme})`)
      if (element.tagName === 'TABLE' || element.tagName === 'BODY') break
    }
    return parts.join(' < ')
  }, selector)
}

/** Collects the serious and critical findings of the states a test audits. */
export class Audit {
  private readonly findings: Finding[] = []
  private readonly states: string[] = []

  constructor(private readonly page: Page) {}

  /** Runs axe on the page as it is now, once per theme; ends in the light theme. */
  async check(state: string): Promise<void> {
    this.states.push(state)
    for (const theme of THEMES) {
      await this.page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' })
      await expectPainted(this.page, theme)
      const results = await new AxeBuilder({ page: this.page }).withTags(AXE_TAGS).analyze()
      for (const violation of results.violations) {
        if (!FAILING_IMPACTS.has(violation.impact ?? '')) {
          console.log(`axe, ${violation.impact ?? 'no impact'} (not failing): [${state}, ${theme}] ${violation.id} at ${violation.nodes.map((n) => n.target.join(' >> ')).join(', ')}`)
          continue
        }
        for (const node of violation.nodes) {
          const target = node.target.map((part) => (Array.isArray(part) ? part.join(' >> ') : String(part))).join(' >> ')
          // axe's own summary says which colours, which names: what to fix without running it again.
          const why = (node.failureSummary ?? '').split('\n').slice(1).join(' ').trim()
          // A contrast finding also says what the browser computed, up the tree: a colour left
          // from the other theme shows there (29 Nov: header labels once kept the light theme's).
          const computed = violation.id === 'color-contrast' ? ` [computed: ${await computedColours(this.page, target)}]` : ''
          this.findings.push({ state, theme, rule: violation.id, impact: node.impact ?? violation.impact ?? '', target, help: `${violation.help}${why ? `: ${why}` : ''}${computed} (${violation.helpUrl})` })
        }
      }
    }
    await this.page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
    await expectPainted(this.page, 'light')
  }

  /** Fails with every serious or critical finding of every state checked. */
  expectClean(): void {
    expect(this.states.length, 'states audited').toBeGreaterThan(0)
    for (const finding of this.findings) console.log(`axe: ${describeFinding(finding)}`)
    expect(this.findings.map(describeFinding), `serious or critical axe violations in: ${this.states.join(', ')}`).toEqual([])
  }
}
