// The same API address with the same token is the same account: adding it twice would sync
// and show every site twice under two names. Tokens never leave core, so the comparison is
// made here, against the keychain, in constant time (a timing difference must not tell a
// caller how much of a guessed token matched).
import { createHash, timingSafeEqual } from 'node:crypto'
import { appError, type AppErrorException } from '../errors'
import type { SecretStore } from '../secrets'
import type { StoredAccount } from './settings-file'

/** Equal strings, compared over fixed-length digests so neither length nor content leaks. */
export function sameToken(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest()
  return timingSafeEqual(digest(a), digest(b))
}

/**
 * The remote account, other than `except`, that already has this normalised base URL and
 * this token; undefined when there is none. An account whose token cannot be read (locked
 * keychain, entry gone) cannot be compared and does not count as a duplicate.
 */
export async function findDuplicate(
  accounts: readonly StoredAccount[],
  secrets: SecretStore,
  baseUrl: string,
  token: string,
  except?: string,
): Promise<StoredAccount | undefined> {
  for (const account of accounts) {
    if (account.kind !== 'remote' || account.id === except || account.baseUrl !== baseUrl) continue
    const stored = await secrets.get(account.id).catch(() => null)
    if (stored !== null && sameToken(stored, token)) return account
  }
  return undefined
}

/** The refusal, on the token field: the address alone may rightly be shared by two accounts. */
export function duplicateAccount(existing: StoredAccount): AppErrorException {
  const message = `This address and token are already added as "${existing.label}".`
  return appError({ code: 'invalid_input', message, fields: { token: [message] } })
}
