// How a health level looks: a badge tone and an icon whose shape differs by level, so a
// finding never reads by colour alone (the text beside it says what it is). The Sites rows
// draw these paths as plain <svg> (no component per row); HealthIcon.vue draws them elsewhere.
import type { HealthFinding, HealthLevel } from '../../../../shared/health'

export type HealthTone = 'danger' | 'warning' | 'neutral' | 'success'

/** A circle with a cross: a problem. */
const ERROR_PATH = 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-3-12 6 6m0-6-6 6'
/** A triangle with a mark: a warning. */
const WARNING_PATH = 'M12 4 2.5 20h19L12 4Zm0 6v4.5m0 2.5v.01'
/** A circle with an i: worth knowing. */
const INFO_PATH = 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-10v6m0-9v.01'
/** A circle with a tick: all well. */
const OK_PATH = 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-4-9 3 3 5-6'
/** A circle with a question mark: the check could not tell. */
const UNKNOWN_PATH = 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-2.5-11.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6m0 3v.01'

export const HEALTH_LOOK: Readonly<Record<HealthLevel, { tone: HealthTone; path: string }>> = {
  ok: { tone: 'success', path: OK_PATH },
  unknown: { tone: 'neutral', path: UNKNOWN_PATH },
  note: { tone: 'neutral', path: INFO_PATH },
  notice: { tone: 'neutral', path: INFO_PATH },
  warning: { tone: 'warning', path: WARNING_PATH },
  error: { tone: 'danger', path: ERROR_PATH },
}

/** What a Sites row's Health cell shows: its worst finding, and how many more it has. */
export interface HealthCellView {
  tone: HealthTone
  path: string
  text: string
  /** Findings besides the one shown. */
  more: number
  /** Every finding's sentence, one a line (the cell's title and accessible description). */
  title: string
}

/** The cell of a row's findings (worst first, as core sends them); null when there are none. */
export function healthCell(findings: ReadonlyArray<Pick<HealthFinding, 'level' | 'label' | 'reason'>> | undefined): HealthCellView | null {
  const worst = findings?.[0]
  if (!findings || !worst) return null
  const look = HEALTH_LOOK[worst.level]
  return { tone: look.tone, path: look.path, text: worst.label, more: findings.length - 1, title: findings.map((f) => f.reason).join('\n') }
}
