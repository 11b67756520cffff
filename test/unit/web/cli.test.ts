// The web shell's command line as a real process (tsx runs the source): what a person sees
// when the port is taken or not usable.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { findAppFiles } from '../../../src/web/app-files'
import { DATA_FOLDER_LOCK_FILE } from '../../../src/core/util/data-folder-lock'

const CLI = fileURLToPath(new URL('../../../src/web/cli.ts', import.meta.url))

function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
    child.once('error', reject)
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}

/** A web shell left running: its process and, once it listens, its address. */
interface RunningShell {
  child: ChildProcess
  url: Promise<string>
  exited: Promise<number | null>
  stderr: () => string
}

function startShell(args: string[]): RunningShell {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  running.push(child)
  let stdout = ''
  let stderr = ''
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
      const match = /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/.exec(stdout)
      if (match) resolve(match[0])
    })
    void exited.then((code) => reject(new Error(`the shell exited (${code}) before listening: ${stderr}`)))
  })
  url.catch(() => undefined)
  return { child, url, exited, stderr: () => stderr }
}

const running: ChildProcess[] = []
let blocker: Server | null = null
let dataDir: string | null = null
afterEach(async () => {
  for (const child of running.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  await new Promise<void>((done) => (blocker ? blocker.close(() => done()) : done()))
  blocker = null
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
  dataDir = null
})

describe('web shell command line', () => {
  it('refuses --port 80 before starting anything', async () => {
    const result = await runCli(['--port', '80', '--no-open'])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('--port 80 cannot be used')
    expect(result.stdout).toBe('')
  }, 40_000)

  // Needs the built renderer (`node scripts/build.mjs`): the shell checks for it before listening.
  const built = (() => {
    const app = findAppFiles()
    return existsSync(join(app.rendererDir, 'index.html')) && existsSync(app.bridgeScriptFile)
  })()

  it.runIf(built)('says plainly that a taken port is in use, and exits 1', async () => {
    blocker = createServer()
    await new Promise<void>((done) => blocker!.listen(0, '127.0.0.1', done))
    const address = blocker.address()
    if (address === null || typeof address === 'string') throw new Error('no port')
    dataDir = await mkdtemp(join(tmpdir(), 'site-manager-cli-'))

    const result = await runCli(['--port', String(address.port), '--no-open', '--data-dir', dataDir])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(
      `Port ${address.port} is already in use: pick another with --port, or leave --port out to get a free one.`,
    )
    expect(result.stderr).not.toContain('EADDRINUSE')
    expect(result.stdout).toBe('')
  }, 40_000)

  it.runIf(built)(
    'a second shell on the same data folder says which process has it and exits 1; the first keeps running',
    async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'site-manager-cli-'))
      const first = startShell(['--no-open', '--data-dir', dataDir])
      const address = await first.url
      const lock = JSON.parse(readFileSync(join(dataDir, DATA_FOLDER_LOCK_FILE), 'utf8'))
      expect(lock).toMatchObject({ pid: first.child.pid, shell: 'web' })

      const second = await runCli(['--no-open', '--data-dir', dataDir])
      expect(second.code).toBe(1)
      expect(second.stdout).toBe('')
      expect(second.stderr).toMatch(
        new RegExp(
          `^The web shell could not start: Site Manager is already running with this data folder \\(process ${first.child.pid}, started \\d\\d:\\d\\d\\)\\. Close it first, or use another --data-dir\\.\\n$`,
        ),
      )

      // The first is untouched: it still answers, and its lock is still its own.
      expect((await fetch(address, { redirect: 'manual' })).status).toBe(200)
      expect(JSON.parse(readFileSync(join(dataDir, DATA_FOLDER_LOCK_FILE), 'utf8')).pid).toBe(first.child.pid)

      // Stopped cleanly, it gives the folder back; and it wrote its log there.
      first.child.kill('SIGTERM')
      expect(await first.exited).toBe(0)
      expect(existsSync(join(dataDir, DATA_FOLDER_LOCK_FILE))).toBe(false)
      const logs = readdirSync(join(dataDir, 'logs'))
      expect(logs.some((name) => /^site-manager\.\d+\.log$/.test(name))).toBe(true)
    },
    60_000,
  )

  it.runIf(built)('a shell killed with SIGKILL leaves a stale lock that the next start takes over', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'site-manager-cli-'))
    const first = startShell(['--no-open', '--data-dir', dataDir])
    await first.url
    first.child.kill('SIGKILL')
    await first.exited
    expect(JSON.parse(readFileSync(join(dataDir, DATA_FOLDER_LOCK_FILE), 'utf8')).pid).toBe(first.child.pid)

    const next = startShell(['--no-open', '--data-dir', dataDir])
    await next.url
    expect(JSON.parse(readFileSync(join(dataDir, DATA_FOLDER_LOCK_FILE), 'utf8')).pid).toBe(next.child.pid)
    next.child.kill('SIGTERM')
    expect(await next.exited).toBe(0)
  }, 60_000)
})
