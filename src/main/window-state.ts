// The window's remembered size and position: a small JSON file under userData, read with
// suspicion (it may be hand-edited, truncated by a crash, or from a monitor since unplugged)
// and written with the project's one atomic writer, so a crash or power cut mid-write never
// leaves half a file.
import { readFileSync } from 'node:fs'
import { writeFileAtomic } from '../node-utils/atomic-write'

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

export interface WindowState extends Rect {
  maximized: boolean
}

// Wide enough for any real desktop spanning several monitors; anything beyond is garbage.
const MAX_COORDINATE = 100_000
const MIN_SIZE = 200
const MAX_SIZE = 20_000

function isIntegerIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
}

/** The state in a parsed file, or undefined when anything about it is off. */
export function parseWindowState(raw: unknown): WindowState | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined
  const { x, y, width, height, maximized } = raw as Record<string, unknown>
  if (!isIntegerIn(x, -MAX_COORDINATE, MAX_COORDINATE) || !isIntegerIn(y, -MAX_COORDINATE, MAX_COORDINATE)) {
    return undefined
  }
  if (!isIntegerIn(width, MIN_SIZE, MAX_SIZE) || !isIntegerIn(height, MIN_SIZE, MAX_SIZE)) return undefined
  return { x, y, width, height, maximized: maximized === true }
}

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  }
}

/**
 * The state if the window would be reachable on one of today's displays, else undefined (the
 * window then opens centred at its default size). Reachable means a good part of its title
 * bar lies on a display's work area, so the user can grab it and move it.
 */
export function keepIfOnScreen(state: WindowState, workAreas: readonly Rect[]): WindowState | undefined {
  const titleBar: Rect = { x: state.x, y: state.y, width: state.width, height: 32 }
  const grabbable = workAreas.some((area) => {
    const o = overlap(titleBar, area)
    return o.width >= Math.min(100, state.width) && o.height >= 16
  })
  return grabbable ? state : undefined
}

export function loadWindowState(file: string): WindowState | undefined {
  try {
    return parseWindowState(JSON.parse(readFileSync(file, 'utf8')))
  } catch {
    // Missing on first launch, or unreadable: either way, fall back to the default placement.
    return undefined
  }
}

/**
 * Written through writeFileAtomic: a temp file of its own name beside the target, flushed to
 * disk, then renamed over it, so a reader sees the old file or the new one, never a mix.
 */
export function saveWindowState(file: string, state: WindowState): Promise<void> {
  return writeFileAtomic(file, `${JSON.stringify(state, null, 2)}\n`)
}
