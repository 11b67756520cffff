// Small helpers the benchmarks share: a timer that reports the median of several runs and
// a heap reading after a forced collection when node runs with --expose-gc.
import { performance } from 'node:perf_hooks'

export async function medianMs(runs: number, work: () => Promise<unknown> | unknown): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await work()
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)] ?? Number.NaN
}

export function heapMiB(): number {
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  return process.memoryUsage().heapUsed / 1024 / 1024
}

export function line(label: string, value: number, unit: string): void {
  console.log(`${label.padEnd(58)} ${value.toFixed(1).padStart(9)} ${unit}`)
}
