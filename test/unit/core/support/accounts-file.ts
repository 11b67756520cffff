// Writes an accounts.json straight to a data folder, as an earlier run of the app left it, so a
// test can start an AccountStore over saved accounts without adding them through a server.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { StoredAccount } from '../../../../src/core/accounts'

/** A saved remote account; ids are stable UUIDs, so tests can name them. */
export function savedAccount(n: number, overrides: Partial<StoredAccount> = {}): StoredAccount {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    label: `Account ${n}`,
    baseUrl: `https://api${n}.example.com/api/v1`,
    kind: 'remote',
    createdAt: '2024-05-01T10:00:00.000Z',
    ...overrides,
  }
}

export async function writeAccountsFile(dataDir: string, content: unknown): Promise<string> {
  const path = join(dataDir, 'accounts.json')
  await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2))
  return path
}

/** accounts.json holding these accounts, none active. */
export async function writeAccounts(dataDir: string, accounts: StoredAccount[]): Promise<void> {
  await writeAccountsFile(dataDir, { version: 1, accounts, lastActiveId: null })
}
