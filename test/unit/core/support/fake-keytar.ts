// A keytar binding in memory that can stop answering (a locked keychain whose unlock prompt
// cannot show) or fail (no Secret Service), and counts the calls started on it, to inject into
// KeytarSecretStore.
import type { KeytarApi } from '../../../../src/core/secrets'

export type FakeKeytarMode = 'answer' | 'hang' | 'fail'

export class FakeKeytar implements KeytarApi {
  readonly entries = new Map<string, string>()
  mode: FakeKeytarMode = 'answer'
  failWith = 'Cannot create an item in a locked collection'
  /** Calls started on the binding (each would hold a thread of Node's pool). */
  started = 0
  private readonly held: (() => void)[] = []

  async getPassword(_service: string, account: string): Promise<string | null> {
    return this.op(() => this.entries.get(account) ?? null)
  }

  async setPassword(_service: string, account: string, password: string): Promise<void> {
    return this.op(() => {
      this.entries.set(account, password)
    })
  }

  async deletePassword(_service: string, account: string): Promise<boolean> {
    return this.op(() => this.entries.delete(account))
  }

  /** Calls started and not yet answered. */
  get outstanding(): number {
    return this.held.length
  }

  /** The keychain answers again, the held calls first. */
  release(): void {
    this.mode = 'answer'
    for (const answer of this.held.splice(0)) answer()
  }

  private op<T>(work: () => T): Promise<T> {
    this.started += 1
    if (this.mode === 'fail') return Promise.reject(new Error(this.failWith))
    if (this.mode === 'hang') return new Promise<T>((resolve) => this.held.push(() => resolve(work())))
    return Promise.resolve(work())
  }
}
