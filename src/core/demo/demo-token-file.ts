// The demo's token: generated on first open and kept in the demo's own folder (mode 600),
// not in the keychain, so the demo works where no Secret Service runs. It guards only a
// loopback server with fake data, which is why a file is good enough here and nowhere else.
import { randomBytes } from 'node:crypto'
import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { SecretStore } from '../secrets'
import { writeFileAtomic } from '../../node-utils/atomic-write'

export class DemoTokenFile implements SecretStore {
  readonly path: string

  constructor(demoFolder: string) {
    this.path = join(demoFolder, 'token')
  }

  async get(): Promise<string | null> {
    try {
      const token = (await readFile(this.path, 'utf8')).trim()
      return token === '' ? null : token
    } catch (thrown) {
      if ((thrown as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw thrown
    }
  }

  async set(_accountId: string, token: string): Promise<void> {
    await writeFileAtomic(this.path, token, 0o600)
  }

  async delete(): Promise<void> {
    await rm(this.path, { force: true })
  }

  /** The stored token, or a new random one stored first. */
  async getOrCreate(): Promise<string> {
    const existing = await this.get()
    if (existing) return existing
    const token = randomBytes(32).toString('base64url')
    await this.set('demo', token)
    return token
  }
}
