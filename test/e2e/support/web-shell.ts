// Starts the built web shell as a real process (node out/web/cli.js) on a free port with a
// throwaway data folder, the way a person runs it, and reads its address from stdout. It runs
// from the run's own copy of the build when the global setup made one (app-snapshot.ts).
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SNAPSHOT_ENV } from './app-snapshot'

export const APP_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..')
const webShellCli = () => join(process.env[SNAPSHOT_ENV] ?? APP_ROOT, 'out', 'web', 'cli.js')

export interface WebShellLaunch {
  /** `--demo`: open straight into the demo workspace. */
  demo?: boolean
  /** `--demo-interval-ms`: how often the demo records new events (default about 25 s). */
  demoIntervalMs?: number
  /** Extra command-line arguments. */
  args?: string[]
  /** Environment additions for the shell process. */
  env?: Record<string, string>
  /**
   * An existing data folder, to start the app again over what an earlier shell left (a
   * restart); it is kept when this shell stops. Default: a new throwaway folder.
   */
  dataDir?: string
  /** `--port`: a fixed port, e.g. an earlier shell's to restart it where an open page looks. Default: a free one. */
  port?: number
  /** `--token`: a fixed access token, e.g. an earlier shell's so the page's cookie still works. Default: a new one. */
  token?: string
}

export interface RunningWebShell {
  /** The address with its token, as printed: open this with page.goto. */
  url: string
  /** http://127.0.0.1:PORT, what the page's Origin is. */
  origin: string
  port: number
  token: string
  dataDir: string
  /** The shell's process id (a benchmark reads its memory from /proc). */
  pid: number
  /** Everything the shell wrote to stderr so far, for failure messages. */
  stderr(): string
  /** Sends the process a signal (SIGSTOP freezes it: a shell that stops answering without closing anything). */
  signal(signal: NodeJS.Signals): void
  stop(): Promise<void>
}

const URL_LINE = /^(http:\/\/127\.0\.0\.1:(\d+))\/\?token=([A-Za-z0-9_-]+)$/m

function waitForExit(child: ChildProcess, ms: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((done) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      done()
    }, ms)
    child.once('exit', () => {
      clearTimeout(timer)
      done()
    })
  })
}

export async function startWebShell(launch: WebShellLaunch = {}): Promise<RunningWebShell> {
  const ownsDataDir = launch.dataDir === undefined
  const dataDir = launch.dataDir ?? (await mkdtemp(join(tmpdir(), 'site-manager-e2e-')))
  const args = [
    webShellCli(),
    '--port',
    String(launch.port ?? 0),
    '--no-open',
    '--data-dir',
    dataDir,
    ...(launch.demo ? ['--demo'] : []),
    ...(launch.demoIntervalMs === undefined ? [] : ['--demo-interval-ms', String(launch.demoIntervalMs)]),
    ...(launch.token === undefined ? [] : ['--token', launch.token]),
    ...(launch.args ?? []),
  ]
  const child = spawn(process.execPath, args, { cwd: APP_ROOT, env: { ...process.env, ...launch.env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))

  const stop = async () => {
    // A frozen shell (SIGSTOP) hears nothing until it runs again.
    child.kill('SIGCONT')
    child.kill('SIGTERM')
    await waitForExit(child, 5000)
    if (ownsDataDir) await rm(dataDir, { recursive: true, force: true })
  }

  try {
    const match = await new Promise<RegExpExecArray>((resolveMatch, reject) => {
      const timer = setTimeout(() => reject(new Error('the web shell printed no address within 20 s')), 20_000)
      const check = () => {
        const found = URL_LINE.exec(stdout)
        if (found) {
          clearTimeout(timer)
          resolveMatch(found)
        }
      }
      child.stdout.on('data', check)
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`the web shell exited with code ${code}`))
      })
    })
    const [url, origin, port, token] = [match[0], match[1]!, Number(match[2]), match[3]!]
    return { url, origin, port, token, dataDir, pid: child.pid!, stderr: () => stderr, signal: (name) => void child.kill(name), stop }
  } catch (error) {
    await stop()
    throw new Error(`The web shell did not start: ${(error as Error).message}\n${stderr}`, { cause: error })
  }
}
