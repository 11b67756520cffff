// The web shell's command line as a real process (tsx runs the source): what a person sees
// when the port is taken or not usable.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { findAppFiles } from '../../../src/web/app-files'

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

let blocker: Server | null = null
let dataDir: string | null = null
afterEach(async () => {
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
})
