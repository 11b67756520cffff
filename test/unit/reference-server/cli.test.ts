// Issue 3.6: the command, run as a real process like `npm run server -- ...` does.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { afterEach, describe, expect, it } from 'vitest'

const children = new Set<ChildProcess>()
afterEach(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  children.clear()
})

function runServer(args: string[]): { child: ChildProcess; firstLine: Promise<string> } {
  // The same command as the package.json script "server": tsx src/reference-server/cli.ts
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/reference-server/cli.ts', ...args], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(child)
  const lines = createInterface({ input: child.stdout! })
  const firstLine = new Promise<string>((resolve, reject) => {
    lines.once('line', resolve)
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before printing`)))
  })
  return { child, firstLine }
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
})
