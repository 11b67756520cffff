// The file logger on its own: JSON lines in <dataDir>/logs, rotated by size with the newest
// files kept, secrets redacted by field name, by learned value and by shape, and a file that
// cannot be opened costing only the log.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  clientsLearningSecrets,
  createFileLogger,
  redactFields,
  SecretScrubber,
  secretStoreLearningSecrets,
  type FileLogger,
} from '../../../src/core/logging'
import { MemorySecretStore } from '../../../src/core/secrets'
import type { SiteApi } from '../../../src/core/api/site-api'

let dataDir: string
let logger: FileLogger | null = null
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'site-manager-log-'))
})
afterEach(async () => {
  await logger?.close()
  logger = null
  rmSync(dataDir, { recursive: true, force: true })
})

const logFiles = () => readdirSync(join(dataDir, 'logs')).filter((name) => name.endsWith('.log')).sort()
const allLines = () =>
  logFiles()
    .flatMap((name) => readFileSync(join(dataDir, 'logs', name), 'utf8').trim().split('\n'))
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)

describe('createFileLogger', () => {
  it('writes JSON lines to logs/site-manager.N.log, lines logged before the file opened included', async () => {
    logger = createFileLogger({ dataDir, shell: 'electron' })
    logger.info('started', { version: '1.2.3' })
    logger.warn('refused', { channel: 'sites:list' })
    expect(await logger.ready).toBe(true)
    logger.error('failed', { code: 'internal' })
    await logger.flush()
    expect(logFiles()).toEqual(['site-manager.1.log'])
    expect(allLines()).toMatchObject([
      { level: 'info', msg: 'started', version: '1.2.3', shell: 'electron', pid: process.pid },
      { level: 'warn', msg: 'refused', channel: 'sites:list' },
      { level: 'error', msg: 'failed', code: 'internal' },
    ])
    // Readable by its owner only.
    const mode = (await import('node:fs')).statSync(join(dataDir, 'logs', 'site-manager.1.log')).mode & 0o777
    expect(mode).toBe(0o600)
  })

  it('rotates by size and keeps the newest files only', async () => {
    logger = createFileLogger({ dataDir, shell: 'web', maxFileKb: 1, keepFiles: 3 })
    await logger.ready
    for (let i = 0; i < 120; i++) {
      logger.info(`line ${i}`, { filler: 'x'.repeat(100) })
      // pino-roll rolls once the stream has drained its write.
      await new Promise((resolve) => setImmediate(resolve))
    }
    await logger.close()
    await new Promise((resolve) => setTimeout(resolve, 20))
    const files = logFiles()
    expect(files.length).toBeLessThanOrEqual(3)
    expect(files.length).toBeGreaterThanOrEqual(2)
    const numbers = files.map((name) => Number(/\.(\d+)\.log$/.exec(name)?.[1])).sort((a, b) => a - b)
    expect(numbers.at(-1)).toBeGreaterThan(5)
    // The last line written is in the newest file that holds any: pino-roll rolls after the
    // write that crosses the size, so when line 119 is that write, the newest file is a new,
    // empty one (the line lengths vary with the pid and the time, so this happens now and then).
    const texts = numbers.map((n) => readFileSync(join(dataDir, 'logs', `site-manager.${n}.log`), 'utf8'))
    const newestWritten = texts.filter((text) => text !== '').at(-1)
    expect(newestWritten).toContain('line 119')
    expect(texts.at(-1) === '' || texts.at(-1) === newestWritten).toBe(true)
  })

  it('goes on in the newest file of an earlier run', async () => {
    const first = createFileLogger({ dataDir, shell: 'web' })
    first.info('first run')
    await first.close()
    logger = createFileLogger({ dataDir, shell: 'web' })
    logger.info('second run')
    await logger.flush()
    expect(logFiles()).toEqual(['site-manager.1.log'])
    expect(allLines().map((l) => l.msg)).toEqual(['first run', 'second run'])
  })

  it.runIf(process.getuid?.() !== 0)('is silent, never throwing, when the folder cannot be written', async () => {
    mkdirSync(join(dataDir, 'locked'), { mode: 0o500 })
    const errors: unknown[] = []
    logger = createFileLogger({ dataDir: join(dataDir, 'locked'), shell: 'web', onFileError: (e) => errors.push(e) })
    logger.error('nowhere to go')
    expect(await logger.ready).toBe(false)
    logger.error('still nowhere')
    expect(errors).toHaveLength(1)
    chmodSync(join(dataDir, 'locked'), 0o700)
  })

  it('is silent, never throwing, when logs is a file', async () => {
    writeFileSync(join(dataDir, 'logs'), 'not a folder')
    const errors: unknown[] = []
    logger = createFileLogger({ dataDir, shell: 'web', onFileError: (e) => errors.push(e) })
    logger.error('nowhere to go')
    expect(await logger.ready).toBe(false)
    logger.info('still nowhere')
    await logger.flush()
    expect(errors).toHaveLength(1)
  })

  it('takes any fields: errors, cycles, deep and long values', async () => {
    logger = createFileLogger({ dataDir, shell: 'web' })
    const cycle: Record<string, unknown> = { name: 'loop' }
    cycle.self = cycle
    let deep: Record<string, unknown> = { bottom: true }
    for (let i = 0; i < 30; i++) deep = { down: deep }
    const error = new Error('outer', { cause: Object.assign(new Error('inner'), { code: 'ECONNRESET' }) })
    logger.error('odd fields', { cycle, deep, error, long: 'y'.repeat(100_000), list: Array.from({ length: 500 }, (_, i) => i), big: 10n })
    await logger.flush()
    const [line] = allLines()
    expect(line).toMatchObject({ msg: 'odd fields', cycle: { name: 'loop', self: '[Circular]' }, big: '10' })
    expect((line!.error as Record<string, any>).cause).toMatchObject({ message: 'inner', code: 'ECONNRESET' })
    expect(String(line!.long).length).toBeLessThan(5_000)
    expect((line!.list as unknown[]).length).toBe(51)
    expect(JSON.stringify(line!.deep)).toContain('[Too deep]')
  })
})

describe('redaction rules', () => {
  it('replaces fields named like secrets at any depth, whatever their case', () => {
    const out = redactFields({
      Token: 'a',
      nested: [{ headers: { AUTHORIZATION: 'Bearer b', Cookie: 'c=d' } }],
      site: { privateKey: 'k', private_key: 'k2', name: 'shop' },
      login: { Password: 'p', access_token: 't' },
    })
    expect(out).toEqual({
      Token: '[Redacted]',
      nested: [{ headers: { AUTHORIZATION: '[Redacted]', Cookie: '[Redacted]' } }],
      site: { privateKey: '[Redacted]', private_key: '[Redacted]', name: 'shop' },
      login: { Password: '[Redacted]', access_token: '[Redacted]' },
    })
  })

  it('replaces learned values as written, JSON-escaped and URL-encoded; short values are not learned', () => {
    const scrubber = new SecretScrubber()
    scrubber.register('s3cr3t/with+chars"and\\more')
    scrubber.register('short')
    scrubber.register(null as unknown as string)
    const text = `a s3cr3t/with+chars"and\\more b ${JSON.stringify('s3cr3t/with+chars"and\\more')} c ${encodeURIComponent('s3cr3t/with+chars"and\\more')} short`
    const out = scrubber.scrub(text)
    expect(out).not.toContain('s3cr3t')
    expect(out).toContain('short')
  })

  it('replaces secret shapes nobody registered', () => {
    const scrubber = new SecretScrubber()
    const samples: Array<[string, string]> = [
      ['Authorization: Bearer abc.DEF-123_456~+/==', 'abc.DEF'],
      ['GET /?token=abcdef123456&x=1', 'abcdef123456'],
      ['Cookie: site_manager_token_8799=zzzzzzzzzzzz; other=1', 'zzzzzzzzzzzz'],
      ['{"access_token":"qqqqqqqqqqqq","ok":true}', 'qqqqqqqqqqqq'],
      ['body: {\\"token\\":\\"rrrrrrrrrrrr\\"}', 'rrrrrrrrrrrr'],
      ['-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY-----', 'MIIEpAIBAAKCAQEA'],
      ['cut short: -----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkq', 'MIIEvQIBADANBgkq'],
    ]
    for (const [text, secret] of samples) expect(scrubber.scrub(text), text).not.toContain(secret)
    // Ordinary sentences about tokens stay readable.
    expect(scrubber.scrub('The server refused this token. Check that it was copied whole.')).toBe(
      'The server refused this token. Check that it was copied whole.',
    )
  })

  it('takes time in proportion to the line, for any input', () => {
    const scrubber = new SecretScrubber()
    for (let i = 0; i < 100; i++) scrubber.register(`token-number-${i}-abcdefgh`)
    const nasty = ['-----BEGIN PRIVATE KEY-----'.repeat(20_000), '"token":"'.repeat(50_000), 'Bearer '.repeat(50_000), 'token='.repeat(100_000)]
    for (const text of nasty) {
      const started = performance.now()
      scrubber.scrub(text)
      expect(performance.now() - started, text.slice(0, 20)).toBeLessThan(1_000)
    }
  })
})

describe('learning the secrets core uses', () => {
  it('learns the token of every API client and the private key of every new site', async () => {
    const learned: unknown[] = []
    const calls: string[] = []
    const fake = {
      createSite: async (input: { private_key?: string }) => {
        calls.push(`createSite ${input.private_key}`)
        return { id: 1 }
      },
      listTags: async () => {
        calls.push('listTags')
        return { data: [] }
      },
    } as unknown as SiteApi
    const create = clientsLearningSecrets(() => fake, (value) => learned.push(value))
    const client = create({ baseUrl: 'https://api.example/v1', token: 'client-token-123456' })
    await client.listTags(1)
    await client.createSite({ name: 'n', url: 'https://n.example', private_key: 'key-material-123456' } as never)
    expect(learned).toEqual(['client-token-123456', 'key-material-123456'])
    expect(calls).toEqual(['listTags', 'createSite key-material-123456'])
  })

  it('learns every token the secret store answers or is given, and passes everything else on', async () => {
    const learned: unknown[] = []
    const memory = new MemorySecretStore()
    const store = secretStoreLearningSecrets(memory, (value) => learned.push(value))
    await store.set('a1', 'stored-token-abcdef')
    expect(await store.get('a1')).toBe('stored-token-abcdef')
    expect(await store.get('missing')).toBeNull()
    await store.delete('a1')
    expect(await memory.get('a1')).toBeNull()
    expect(learned).toEqual(['stored-token-abcdef', 'stored-token-abcdef', null])
  })
})
