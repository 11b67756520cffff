// A scope names accounts by id (shared/scope.ts); a read over it is answered only when every
// one of them is an account now, so a late call naming a removed account cannot read rows
// left behind, and the refusal names the accounts that are gone (core/query's wording, the
// same as sites:query's).
import type { AccountStore, StoredAccount } from '../accounts'
import { AppErrorException, appError } from '../errors'
import { missingAccounts } from '../query'

/** The scope's stored accounts, in its order; throws not_found naming every id of `scope` that is not (or no longer) an account. */
export async function checkScope(accounts: Pick<AccountStore, 'requireAccount'>, scope: readonly string[]): Promise<StoredAccount[]> {
  const found = await Promise.all(
    scope.map((accountId) =>
      accounts.requireAccount(accountId).catch((thrown: unknown) => {
        if (thrown instanceof AppErrorException && thrown.appError.code === 'not_found') return null
        throw thrown
      }),
    ),
  )
  const missing = scope.filter((_, at) => found[at] === null)
  if (missing.length === 0) return found as StoredAccount[]
  // The form's field is the scope: each missing account named there too.
  throw appError({ ...missingAccounts(missing).appError, fields: { scope: missing.map((id) => `${id} is not an account`) } })
}
