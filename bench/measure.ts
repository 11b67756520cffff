// Small helpers the benchmarks share: a timer that reports the median of several runs, a heap
// reading after a forced collection when node runs with --expose-gc, and the lines they print:
// a figure, a figure with its target (and whether it met it), or why a figure was not measured.
import { performance } from 'node:perf_hooks'

// Every benchmark imports this file: run alone too, core's health checks in it (and in what
// it starts) reach only loopback, never a seeded site's real-looking name.
process.env.SITE_MANAGER_LOOPBACK_ONLY = '1'

export async function medianMs(runs: number, work: () => Promise<unknown> | unknown): Promise<number> {
  const times = await timesMs(runs, work)
  return percentile(times, 0.5)
}

/** Every run's time, in run order. */
export async function timesMs(runs: number, work: () => Promise<unknown> | unknown): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await work()
    times.push(performance.now() - start)
  }
  return times
}

/** Nearest-rank percentile (p in 0..1) of the values; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))
  return sorted[rank] as number
}

export function heapMiB(): number {
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  return process.memoryUsage().heapUsed / 1024 / 1024
}

export function rssMiB(): number {
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  return process.memoryUsage().rss / 1024 / 1024
}

const LABEL_WIDTH = 74

export function line(label: string, value: number, unit: string, digits = 1): void {
  console.log(`${label.padEnd(LABEL_WIDTH)} ${value.toFixed(digits).padStart(9)} ${unit}`)
}

export interface Target {
  /** 'max': the value must be at most `value` (or below it when `strict`); 'min': at least. */
  kind: 'max' | 'min'
  value: number
  strict?: boolean
}

export const atMost = (value: number): Target => ({ kind: 'max', value })
export const below = (value: number): Target => ({ kind: 'max', value, strict: true })
export const atLeast = (value: number): Target => ({ kind: 'min', value })

function targetText(target: Target, unit: string): string {
  const sign = target.kind === 'min' ? '≥' : target.strict ? '<' : '≤'
  return `${sign} ${target.value} ${unit}`.trim()
}

function meets(value: number, target: Target): boolean {
  if (!Number.isFinite(value)) return false
  if (target.kind === 'min') return value >= target.value
  return target.strict ? value < target.value : value <= target.value
}

/** A figure with its target: `label  value unit   target < X unit   met|MISSED`. */
export function figure(label: string, value: number, unit: string, target: Target, digits = 1): boolean {
  const ok = meets(value, target)
  console.log(
    `${label.padEnd(LABEL_WIDTH)} ${value.toFixed(digits).padStart(9)} ${unit.padEnd(6)} target ${targetText(target, unit).padEnd(14)} ${ok ? 'met' : 'MISSED'}`,
  )
  return ok
}

/** A figure that could not be measured in this run, and why. Never a number. */
export function notMeasured(label: string, why: string): void {
  console.log(`${label.padEnd(LABEL_WIDTH)} not measured: ${why}`)
}

export function heading(text: string): void {
  console.log(`\n## ${text}`)
}
