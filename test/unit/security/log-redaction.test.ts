// What went wrong is written down, and no secret is. A real core (the
// core-harness pattern, a real reference server) runs with the real file logger through an
// account added with its token, a token the server refuses (401), a site created with a
// private key, a handler that throws with secrets in its message, and a push listener that
// throws; then every file in <dataDir>/logs is searched for every secret used.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createSiteApiClient } from '../../../src/core/api'
import { createFileLogger, type FileLogger } from '../../../src/core/logging'
import type { SiteApi } from '../../../src/core/api/site-api'
import { makeCore } from '../core/support/core-harness'
import { GOOD_TOKEN, startTestServer } from '../core/support/reference-server'
import { withTempDirs } from '../core/support/temp-dir'
import { recordingLogger } from '../web/recording-logger'

const WRONG_TOKEN = 'revoked-token-9f8e7d6c5b4a39281706'
const SHELL_TOKEN = 'web-shell-launch-token-55aa66bb77cc'
const KEY_BODY = 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW'
const PRIVATE_KEY = `-----BEGIN OPENSSH PRIVATE KEY-----\n${KEY_BODY}\nQyNTUxOQAAACBhZ2VuY3lrZXktZm9yLXRlc3RzLW9ubHk=\n-----END OPENSSH PRIVATE KEY-----\n`
const PASSWORD = 'correct-horse-battery-staple-42'

let server: Awaited<ReturnType<typeof startTestServer>>
const dirs = await withTempDirs()
let logger: FileLogger | null = null

beforeAll(async () => {
  server = await startTestServer(12)
})
afterAll(async () => {
  await server.close()
})
afterEach(async () => {
  await logger?.close()
  logger = null
  await dirs.cleanup()
})

/** The real API client, except that creating a tag throws a plain Error full of secrets. */
function clientThatThrowsOnCreateTag(options: Parameters<typeof createSiteApiClient>[0]): SiteApi {
  const client = createSiteApiClient(options)
  return new Proxy(client, {
    get(target, property) {
      if (property === 'createTag') {
        return async () => {
          throw new Error(
            `boom: Authorization: Bearer ${options.token} at ${options.baseUrl}/tags?token=${options.token} key ${PRIVATE_KEY}`,
          )
        }
      }
      const value = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

async function logText(dataDir: string): Promise<string> {
  const dir = join(dataDir, 'logs')
  const files = (await readdir(dir)).filter((name) => name.endsWith('.log'))
  expect(files.length).toBeGreaterThan(0)
  return (await Promise.all(files.map((name) => readFile(join(dir, name), 'utf8')))).join('')
}

describe('the log after a run with secrets', () => {
  it('records what failed, where, and none of the secrets used', async () => {
    const dataDir = await dirs.make()
    logger = createFileLogger({ dataDir, shell: 'web' })
    logger.registerSecret(SHELL_TOKEN)
    const { call, value, core } = makeCore(dataDir, { logger, createApiClient: clientThatThrowsOnCreateTag, autoSync: false })
    try {
      // A listener that throws, with a secret in its error.
      core.on('accounts:changed', () => {
        throw new Error(`listener broke holding ${GOOD_TOKEN}`)
      })

      const account = await value('accounts:add', { label: 'Agency', baseUrl: server.baseUrl, token: GOOD_TOKEN })
      const refused = await call('accounts:add', { label: 'Old', baseUrl: server.baseUrl, token: WRONG_TOKEN })
      expect(refused).toMatchObject({ ok: false, error: { code: 'unauthorized' } })

      const created = await call('sites:create', {
        accountId: account.id,
        site: { name: 'Keyed shop', url: 'https://keyed.example.com', private_key: PRIVATE_KEY, tags: [] },
      })
      expect(created.ok).toBe(true)

      const thrown = await call('tags:create', { accountId: account.id, name: 'Boom' })
      expect(thrown).toMatchObject({ ok: false, error: { code: 'internal' } })

      // Invalid input naming a secret-looking field: the value is never logged.
      await call('accounts:add', { label: 'x', baseUrl: 'not a url', token: WRONG_TOKEN, password: PASSWORD })

      // A shell logging carelessly: fields named like secrets at any depth, headers, cookies.
      logger.warn('careless caller', {
        token: GOOD_TOKEN,
        request: { headers: { Authorization: `Bearer ${WRONG_TOKEN}`, cookie: `site_manager_token_1234=${SHELL_TOKEN}` } },
        deep: { a: { b: { c: { d: { e: { f: { g: { h: { private_key: PRIVATE_KEY, password: PASSWORD } } } } } } } } },
        url: `http://127.0.0.1:1234/?token=${SHELL_TOKEN}`,
      })
      logger.error(`a message naming ${WRONG_TOKEN} and ${SHELL_TOKEN}`)
    } finally {
      await core.dispose()
    }
    await logger.close()

    const text = await logText(dataDir)
    for (const secret of [GOOD_TOKEN, WRONG_TOKEN, SHELL_TOKEN, PASSWORD, KEY_BODY, PRIVATE_KEY, JSON.stringify(PRIVATE_KEY).slice(1, -1)]) {
      expect(text, `the log holds ${secret.slice(0, 24)}…`).not.toContain(secret)
    }

    // What happened is there, one JSON object a line, with the channel and no input values.
    const lines = text.trim().split('\n').map((line) => JSON.parse(line) as Record<string, any>)
    const internal = lines.find((l) => l.channel === 'tags:create')
    expect(internal).toMatchObject({ level: 'error', code: 'internal' })
    expect(internal?.error?.message).toContain('boom')
    expect(internal?.error?.stack).toBeTruthy()
    expect(lines.find((l) => l.channel === 'accounts:add' && l.code === 'unauthorized')).toMatchObject({ level: 'info', status: 401 })
    expect(lines.find((l) => l.channel === 'accounts:add' && l.code === 'invalid_input')).toBeTruthy()
    expect(lines.find((l) => l.event === 'accounts:changed')).toMatchObject({ level: 'error' })
    expect(lines.some((l) => l.msg === 'careless caller')).toBe(true)
    expect(lines.every((l) => l.shell === 'web' && typeof l.time === 'string')).toBe(true)
  })

  it('writes down a demo workspace that could not start, at --demo and when opened', async () => {
    const dataDir = await dirs.make()
    const recorded = recordingLogger()
    const { call, core } = makeCore(dataDir, {
      logger: recorded,
      openDemoOnStart: true,
      autoSync: false,
      startDemoServer: async () => {
        throw Object.assign(new Error('listen EACCES: permission denied 127.0.0.1'), { code: 'EACCES' })
      },
    })
    try {
      const opened = await call('demo:open')
      expect(opened).toMatchObject({ ok: false, error: { code: 'internal' } })
    } finally {
      await core.dispose()
    }
    const starts = recorded.lines.filter((l) => l.message === 'The demo workspace could not start its server')
    expect(starts.length).toBeGreaterThanOrEqual(1)
    expect(starts[0]).toMatchObject({ level: 'error', fields: { error: { message: 'listen EACCES: permission denied 127.0.0.1', code: 'EACCES' } } })
    expect(recorded.lines.some((l) => l.message === '--demo: the demo workspace could not be opened at start')).toBe(true)
    expect(recorded.lines.some((l) => l.fields?.channel === 'demo:open' && l.level === 'error')).toBe(true)
  })
})
