// Starts the reference server as a process of its own, the way `npm run server` does, so what
// a benchmark measures in its own process is the client alone: the server's CPU, memory and
// event loop are not the measuring process's. Reads the first stdout line ({baseUrl, tokens})
// and, with --stats (always passed here), the server's own counts from GET /__stats.
import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import type { ServerStats } from '../../src/reference-server/stats'

export type { ServerStats }

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export interface ServerProcessOptions {
  seed?: string
  sites: number
  tags?: number
  events?: number
  latencyMs?: number
  /** Requests a minute per token; absent: no limit. */
  rateLimit?: number
  /** Any further CLI flags of src/reference-server/cli.ts. */
  extraArgs?: string[]
  /** How long the server may take to generate its data and listen (default 120 s). */
  startTimeoutMs?: number
}

export interface ServerProcess {
  baseUrl: string
  /** http://host:port, where /__stats is. */
  origin: string
  tokens: string[]
  pid: number
  /** Startup, data generation included, in ms. */
  startedInMs: number
  stats(): Promise<ServerStats>
  stop(): Promise<void>
}

export function serverArgs(options: ServerProcessOptions): string[] {
  const args = ['--port', '0', '--seed', options.seed ?? 'bench', '--sites', String(options.sites), '--stats']
  if (options.tags !== undefined) args.push('--tags', String(options.tags))
  if (options.events !== undefined) args.push('--events', String(options.events))
  if (options.latencyMs !== undefined) args.push('--latency-ms', String(options.latencyMs))
  if (options.rateLimit !== undefined) args.push('--rate-limit', String(options.rateLimit))
  return [...args, ...(options.extraArgs ?? [])]
}

const live = new Set<ChildProcess>()
// A benchmark that throws or is interrupted must not leave servers behind (they would also
// stop by themselves within a second of this process dying: process-lifetime.ts).
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL')
})

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/reference-server/cli.ts', ...serverArgs(options)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  live.add(child)
  let stderr = ''
  child.stderr!.setEncoding('utf8')
  child.stderr!.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000)
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const lines = createInterface({ input: child.stdout! })
  let first: string
  try {
    first = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the reference server did not start in time')), options.startTimeoutMs ?? 120_000)
      lines.once('line', (text) => {
        clearTimeout(timer)
        resolve(text)
      })
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`the reference server exited with ${code} before printing: ${stderr.trim()}`))
      })
    })
  } catch (error) {
    child.kill('SIGKILL')
    live.delete(child)
    throw error
  }
  lines.close()
  const { baseUrl, tokens } = JSON.parse(first) as { baseUrl: string; tokens: string[] }
  const origin = new URL(baseUrl).origin
  return {
    baseUrl,
    origin,
    tokens,
    pid: child.pid!,
    startedInMs: performance.now() - started,
    async stats() {
      const response = await fetch(`${origin}/__stats`)
      if (!response.ok) throw new Error(`GET /__stats answered ${response.status}`)
      return (await response.json()) as ServerStats
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
        await exited
        clearTimeout(timer)
      }
      live.delete(child)
    },
  }
}

/** Answers with this status between two stats readings. */
export function statusCount(before: ServerStats, after: ServerStats, status: number): number {
  return (after.statuses[String(status)] ?? 0) - (before.statuses[String(status)] ?? 0)
}

export function cpuMsBetween(before: ServerStats, after: ServerStats): number {
  return after.cpuMs.user + after.cpuMs.system - before.cpuMs.user - before.cpuMs.system
}
