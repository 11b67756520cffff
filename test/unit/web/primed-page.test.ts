// The web shell's head start over real loopback HTTP and sockets: the reads a page marks as
// made while opening are answered ahead in the next page it serves, as a data block; pushes
// sent between those answers and the page's socket reach the page; calls the page answered
// itself are noted and never answered; the list survives a restart of the shell.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { WebSocket } from 'ws'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { KeptAnswers } from '../../../src/web/kept-answers'
import { PRIMED_ANSWERS_ID, parsePrimedAnswers, type PrimedAnswers } from '../../../src/web/protocol'
import { type Harness, nextMessage, openSocket, recordingLogger, startHarness } from './web-shell-harness'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'primed-page-test-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

let shells: Harness[] = []
afterEach(async () => {
  for (const shell of shells) await shell.close()
  shells = []
})

async function shell(options: Parameters<typeof startHarness>[0] = {}): Promise<Harness> {
  const started = await startHarness(options)
  shells.push(started)
  return started
}

function getPage(harness: Harness): Promise<{ headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: harness.server.port, path: '/', headers: { Cookie: harness.cookie } }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** The page's primed answers, or null when it has none. */
function primedOf(body: string): PrimedAnswers | null {
  const match = new RegExp(`<script type="application/json" id="${PRIMED_ANSWERS_ID}">(.*?)</script>`).exec(body)
  return match ? parsePrimedAnswers(match[1]!) : null
}

/** Every frame the socket receives from now on, parsed (several can arrive in one tick). */
function received(socket: WebSocket): unknown[] {
  const frames: unknown[] = []
  socket.on('message', (data) => frames.push(JSON.parse(data.toString())))
  return frames
}

/** Sends the frames and waits for the answers of those that get one. */
async function call(socket: WebSocket, frames: object[]): Promise<void> {
  const answers = received(socket)
  for (const frame of frames) socket.send(JSON.stringify(frame))
  const answered = frames.filter((frame) => !('answered' in frame)).length
  await expect.poll(() => answers.length).toBe(answered)
}

function closed(socket: WebSocket): Promise<void> {
  return new Promise((resolve) => {
    socket.once('close', () => resolve())
    socket.close()
  })
}

const OPENING_CALLS = [
  { id: 1, channel: 'app:info', opening: true },
  { id: 2, channel: 'prefs:get', input: { key: 'view:a1' }, opening: true },
  // Not a read: never answered ahead, whenever it was made.
  { id: 3, channel: 'sync:site', input: { accountId: 'a1', siteId: 3 }, opening: true },
  // Made after the person's first key: not the page's opening.
  { id: 4, channel: 'settings:get' },
]

/** A shell keeping its first calls and answers in files named after `name`, after one page made its opening calls. */
async function shellAfterOnePage(name: string): Promise<{ harness: Harness; callsFile: string; answersFile: string }> {
  const callsFile = join(dir, `${name}-calls.json`)
  const answersFile = join(dir, `${name}-answers.json`)
  const harness = await shell({ firstCallsFile: callsFile, firstAnswersFile: answersFile })
  const socket = await openSocket(harness)
  await call(socket, OPENING_CALLS)
  await closed(socket)
  return { harness, callsFile, answersFile }
}

describe('primed pages', () => {
  it('serves a first page without primed answers, whole and never cached', async () => {
    const harness = await shell()
    const page = await getPage(harness)
    expect(primedOf(page.body)).toBeNull()
    expect(page.body).toContain('<div id="app"></div></body></html>')
    expect(page.headers['cache-control']).toBe('no-store')
  })

  it("answers the last page's opening reads ahead, in the page, before </body>", async () => {
    const harness = await shell()
    const socket = await openSocket(harness)
    await call(socket, OPENING_CALLS)
    await closed(socket)
    const before = harness.calls.length

    const page = await getPage(harness)
    const primed = primedOf(page.body)
    expect(primed?.answers).toEqual([
      ['app:info', { ok: true, value: { name: 'Site Manager', version: '9.8.7', shell: 'web', platform: 'linux' } }],
      ['prefs:get {"key":"view:a1"}', { ok: true, value: null }],
    ])
    expect(page.body.indexOf(PRIMED_ANSWERS_ID)).toBeLessThan(page.body.indexOf('</body>'))
    // Core was asked exactly those two, as the page was served.
    expect(harness.calls.slice(before).map((c) => c.channel).sort()).toEqual(['app:info', 'prefs:get'])
  })

  it('notes a call the page answered itself without answering it, and primes the next page with it', async () => {
    const harness = await shell()
    const socket = await openSocket(harness)
    const before = harness.calls.length
    socket.send(JSON.stringify({ id: 1, channel: 'settings:get', opening: true, answered: true }))
    socket.send(JSON.stringify({ id: 2, channel: 'app:info' }))
    // The first frame back answers the second call: the first got none.
    expect((await nextMessage(socket)).id).toBe(2)
    expect(harness.calls.slice(before).map((c) => c.channel)).toEqual(['app:info'])
    await closed(socket)
    expect(primedOf((await getPage(harness)).body)?.answers.map(([key]) => key)).toEqual(['settings:get'])
  })

  it('sends a page the pushes made after its primed answers, first thing on its socket', async () => {
    const harness = await shell()
    const first = await openSocket(harness)
    await call(first, [{ id: 1, channel: 'app:info', opening: true }])
    await closed(first)
    harness.push('sync:state', { accountId: 'a1', phase: 'idle' } as never)
    const primed = primedOf((await getPage(harness)).body)!
    harness.push('accounts:changed', { accounts: [], activeAccountId: null } as never)

    // Listening before it opens: the missed pushes are the socket's very first frames.
    const socket = new WebSocket(`ws://127.0.0.1:${harness.server.port}/__ws?since=${primed.seq}`, {
      headers: { Cookie: harness.cookie, Origin: harness.server.origin },
    })
    const frames = received(socket)
    await expect.poll(() => frames).toEqual([{ event: 'accounts:changed', payload: { accounts: [], activeAccountId: null } }])
    socket.close()
  })

  it('has a page whose missed pushes are no longer known read everything again', async () => {
    const harness = await shell()
    const before = harness.calls.length
    const socket = await openSocket(harness, '?since=999999')
    await expect.poll(() => harness.calls.slice(before).map((c) => c.channel).sort()).toEqual(['accounts:list', 'sync:states'])
    socket.close()
  })

  it('keeps the opening reads across a restart, and starts over from a damaged list', async () => {
    const file = join(dir, 'first-calls.json')
    const harness = await shell({ firstCallsFile: file })
    const socket = await openSocket(harness)
    await call(socket, OPENING_CALLS)
    await closed(socket)
    await expect.poll(async () => JSON.parse(await readFile(file, 'utf8').catch(() => '[]'))).toHaveLength(2)
    await harness.close()
    shells = []

    const restarted = await shell({ firstCallsFile: file })
    expect(primedOf((await getPage(restarted)).body)?.answers.map(([key]) => key)).toEqual(['app:info', 'prefs:get {"key":"view:a1"}'])
    await restarted.close()
    shells = []

    await writeFile(file, '{not json')
    const logger = recordingLogger()
    const damaged = await shell({ firstCallsFile: file, logger })
    expect(primedOf((await getPage(damaged)).body)).toBeNull()
    expect(logger.lines.map((line) => line.message)).toContain("The page's first calls could not be read; the next page starts without them")
  })

  it("opens a restarted shell's first page on the answers kept from the last one when core is slow, marked stale", async () => {
    const { harness, callsFile, answersFile } = await shellAfterOnePage('kept')
    // A page primed with core's answers to every call: those are kept, and only the owner may read them.
    expect(primedOf((await getPage(harness)).body)?.stale).toBeUndefined()
    await expect.poll(async () => parsePrimedAnswers(await readFile(answersFile, 'utf8').catch(() => ''))?.answers.length).toBe(2)
    expect((await stat(answersFile)).mode & 0o777).toBe(0o600)
    await harness.close()
    shells = []

    // Restarted, core cold: prefs:get takes seconds. The page does not wait for it.
    const restarted = await shell({ firstCallsFile: callsFile, firstAnswersFile: answersFile, slowReadMs: 1500 })
    const started = performance.now()
    const primed = primedOf((await getPage(restarted)).body)
    expect(performance.now() - started).toBeLessThan(1000)
    expect(primed?.stale).toBe(true)
    expect(primed?.answers).toContainEqual(['prefs:get {"key":"view:a1"}', { ok: true, value: null }])
  })

  it("keeps core's answers of the moment as the shell closes, for the next start", async () => {
    const { harness, answersFile } = await shellAfterOnePage('close')
    // No page served since: nothing kept yet, until the shell closes.
    await expect(stat(answersFile)).rejects.toThrow()
    await harness.close()
    shells = []
    expect(parsePrimedAnswers(await readFile(answersFile, 'utf8'))?.answers.map(([key]) => key)).toEqual(['app:info', 'prefs:get {"key":"view:a1"}'])
  })

  it('starts without kept answers from a damaged file, and never keeps a failure', async () => {
    const answersFile = join(dir, 'damaged-answers.json')
    await writeFile(answersFile, '{"seq":0,"answers":[["prefs:get",')
    const logger = recordingLogger()
    await shell({ firstAnswersFile: answersFile, logger })
    expect(logger.lines.map((line) => line.message)).toContain("The page's kept first answers could not be read; the next page opens without them")

    const kept = new KeptAnswers(null)
    kept.keep([
      ['app:info', { ok: true, value: 1 }],
      ['prefs:get', { ok: false, error: { code: 'internal', message: 'x' } }],
    ])
    expect(kept.get('app:info')).toEqual({ ok: true, value: 1 })
    expect(kept.get('prefs:get')).toBeUndefined()
  })

  it('asks the kept opening reads once as a restarted shell starts, before any page does, so core is ready for the page a launch opens', async () => {
    const file = join(dir, 'warm-calls.json')
    await writeFile(file, JSON.stringify([{ channel: 'app:info' }, { channel: 'prefs:get', input: { key: 'view:a1' } }, { channel: 'app:info' }]))
    const harness = await shell({ firstCallsFile: file })
    // No page and no socket yet: the shell asked them on its own, each once.
    await expect.poll(() => harness.calls.length).toBe(2)
    expect(harness.calls).toEqual([
      { channel: 'app:info', input: undefined },
      { channel: 'prefs:get', input: { key: 'view:a1' } },
    ])
  })

  it('asks nothing on starting when no page has opened yet', async () => {
    const harness = await shell({ firstCallsFile: join(dir, 'none-yet.json') })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(harness.calls).toEqual([])
  })
})
