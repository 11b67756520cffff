// Runs one of the repo's own commands (`node scripts/start.mjs ...`, `node scripts/web.mjs ...`)
// as a real process, the way `npm start` / `npm run web` do, and reads what it prints.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const APP_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..', '..')

/** Whether out/ holds both builds; the commands would otherwise build first, which takes long. */
export const appIsBuilt = [
  join(APP_ROOT, 'out', 'renderer', 'index.html'),
  join(APP_ROOT, 'out', 'web', 'cli.js'),
  join(APP_ROOT, 'out', 'web', 'bridge.js'),
].every((file) => existsSync(file))

/** The address line the web shell prints: http://127.0.0.1:PORT/?token=TOKEN */
export const URL_LINE = /^http:\/\/127\.0\.0\.1:(\d+)\/\?token=([A-Za-z0-9_-]+)$/m

export interface RunningCommand {
  child: ChildProcess
  stdout(): string
  stderr(): string
  /** Resolves with the stdout so far once it holds a match for `pattern`. */
  waitForStdout(pattern: RegExp, ms?: number): Promise<RegExpExecArray>
  /** Sends SIGTERM and resolves with how the process ended; SIGKILL after `ms` as a last resort. */
  stop(ms?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; killed: boolean }>
}

export function runAppCommand(script: string, args: string[], env: NodeJS.ProcessEnv): RunningCommand {
  const child = spawn(process.execPath, [join(APP_ROOT, 'scripts', script), ...args], {
    cwd: APP_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  )

  const waitForStdout = (pattern: RegExp, ms = 60_000) =>
    new Promise<RegExpExecArray>((resolveMatch, reject) => {
      const check = () => {
        const found = pattern.exec(stdout)
        if (!found) return
        clearTimeout(timer)
        child.stdout.off('data', check)
        resolveMatch(found)
      }
      const timer = setTimeout(() => {
        child.stdout.off('data', check)
        reject(new Error(`${script} printed no ${pattern} within ${ms} ms.\nstdout:\n${stdout}\nstderr:\n${stderr}`))
      }, ms)
      child.stdout.on('data', check)
      void exited.then(({ code }) => {
        // A late match may still sit in the buffer when the process ends.
        check()
        clearTimeout(timer)
        reject(new Error(`${script} exited with code ${code}.\nstdout:\n${stdout}\nstderr:\n${stderr}`))
      })
      check()
    })

  const stop = async (ms = 10_000) => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    let killed = false
    const timer = setTimeout(() => {
      killed = true
      child.kill('SIGKILL')
    }, ms)
    const ended = await exited
    clearTimeout(timer)
    return { ...ended, killed }
  }

  return { child, stdout: () => stdout, stderr: () => stderr, waitForStdout, stop }
}

/** Whether a process with this id still exists (signal 0 only checks). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
