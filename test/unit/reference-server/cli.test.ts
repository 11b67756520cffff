// The command, run as a real process like `npm run server -- ...` does.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterEach, describe, expect, it } from 'vitest'

const children = new Set<ChildProcess>()
/** Server processes (tsx's children) that a test orphaned on purpose. */
const servers = new Set<number>()
const folders = new Set<string>()
afterEach(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  children.clear()
  for (const pid of servers) killQuietly(pid)
  servers.clear()
  await Promise.all([...folders].map((dir) => rm(dir, { recursive: true, force: true })))
  folders.clear()
})

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL')
  } catch {
    // Already gone, as it should be.
  }
}

function runServer(args: string[], stdin: 'ignore' | 'pipe' = 'ignore'): { child: ChildProcess; firstLine: Promise<string> } {
  // The same command as the package.json script "server": tsx src/reference-server/cli.ts
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/reference-server/cli.ts', ...args], {
    cwd: process.cwd(),
    stdio: [stdin, 'pipe', 'pipe'],
  })
  children.add(child)
  const lines = createInterface({ input: child.stdout! })
  const firstLine = new Promise<string>((resolve, reject) => {
    lines.once('line', resolve)
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before printing`)))
  })
  return { child, firstLine }
}

/** tsx runs the server in a child process of its own; its pid, from Linux's /proc. */
function serverPid(tsx: ChildProcess): number {
  const pids = readFileSync(`/proc/${tsx.pid}/task/${tsx.pid}/children`, 'utf8').trim().split(/\s+/)
  expect(pids).toHaveLength(1)
  const pid = Number(pids[0])
  servers.add(pid)
  return pid
}

/** False once the process has exited, also while it waits as a zombie for its new parent to reap it. */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z'
  } catch {
    return false
  }
}

async function isListening(baseUrl: string): Promise<boolean> {
  try {
    await fetch(`${baseUrl}/sites`)
    return true
  } catch {
    return false
  }
}

async function tempDataFile(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'refserver-cli-'))
  folders.add(dir)
  return join(dir, 'state.json')
}

async function createTag(info: { baseUrl: string; tokens: string[] }, name: string): Promise<void> {
  const response = await fetch(`${info.baseUrl}/tags`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${info.tokens[0]}`, Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  })
  expect(response.status).toBe(200)
}

async function savedTagNames(dataFile: string): Promise<string[]> {
  const saved = JSON.parse(await readFile(dataFile, 'utf8'))
  return saved.accounts[0].tags.map((tag: { name: string }) => tag.name)
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode)
    else child.once('exit', (code) => resolve(code))
  })
}

describe('npm run server', () => {
  it('prints {baseUrl, tokens} first and serves the seeded demo with its faults; stops on SIGTERM', async () => {
    const { child, firstLine } = runServer(['--port', '0', '--seed', 'demo', '--latency-ms', '5', '--rate-limit', '100'])
    const info = JSON.parse(await firstLine)
    expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/)
    expect(info.tokens).toHaveLength(2)

    const response = await fetch(`${info.baseUrl}/sites?page=2`, {
      headers: { Authorization: `Bearer ${info.tokens[0]}`, Accept: 'application/json' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-ratelimit-limit')).toBe('100')
    const page = (await response.json()) as any
    expect(page.meta).toMatchObject({ current_page: 2, from: 16, to: 30, total: 60, last_page: 4, per_page: 15 })
    expect(page.links.prev).toBe(`${info.baseUrl}/sites?page=1`)

    child.kill('SIGTERM')
    expect(await exitCode(child)).toBe(0)
  })

  it('refuses unknown options with exit code 2 and the usage', async () => {
    const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/reference-server/cli.ts', '--bogus'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.add(child)
    let stderr = ''
    child.stderr!.on('data', (chunk) => (stderr += chunk))
    expect(await exitCode(child)).toBe(2)
    expect(stderr).toContain('Usage: npm run server')
  })

  it('stops cleanly on SIGINT (Ctrl+C), relayed by tsx', async () => {
    const { child, firstLine } = runServer(['--port', '0'])
    await firstLine
    child.kill('SIGINT')
    expect(await exitCode(child)).toBe(0)
  })

  it.skipIf(process.platform !== 'linux')('stops cleanly on SIGHUP (a closed terminal), saving the last change', async () => {
    const dataFile = await tempDataFile()
    const { child, firstLine } = runServer(['--port', '0', '--data', dataFile])
    const info = JSON.parse(await firstLine)
    await createTag(info, 'Before hangup')
    // tsx does not relay SIGHUP; a terminal sends it to the whole process group, server included.
    process.kill(serverPid(child), 'SIGHUP')
    expect(await exitCode(child)).toBe(0)
    expect(await isListening(info.baseUrl)).toBe(false)
    expect(await savedTagNames(dataFile)).toEqual(['Before hangup'])
  })

  it.skipIf(process.platform !== 'linux')('stops by itself when its parent dies without passing a signal on', async () => {
    const dataFile = await tempDataFile()
    const { child, firstLine } = runServer(['--port', '0', '--data', dataFile])
    const info = JSON.parse(await firstLine)
    const pid = serverPid(child)
    await createTag(info, 'Before orphaning')
    child.kill('SIGKILL')
    // It looks for its parent once a second (process-lifetime.ts), then closes and exits.
    await expect.poll(() => isRunning(pid), { timeout: 10_000, interval: 50 }).toBe(false)
    expect(await isListening(info.baseUrl)).toBe(false)
    expect(await savedTagNames(dataFile)).toEqual(['Before orphaning'])
  })

  it('keeps serving when its standard input is closed', async () => {
    const { child, firstLine } = runServer(['--port', '0'], 'pipe')
    const info = JSON.parse(await firstLine)
    let stderr = ''
    child.stderr!.on('data', (chunk) => (stderr += chunk))
    // Once our end is closed the end of input already waits in the pipe, so a server that
    // stopped on it would see it before it answers the requests sent after (no wait needed).
    await new Promise((closed) => child.stdin!.end(closed))
    for (let round = 0; round < 2; round++) {
      const response = await fetch(`${info.baseUrl}/sites`, { headers: { Authorization: `Bearer ${info.tokens[0]}` } })
      expect(response.status).toBe(200)
    }
    expect(child.exitCode).toBeNull()
    expect(stderr).not.toContain('Stopping')
    child.kill('SIGTERM')
    expect(await exitCode(child)).toBe(0)
  })
})
