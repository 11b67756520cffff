// A scope names accounts by id (shared/scope.ts); a read over it is answered only when every
// one of them is an account now, so a late call naming a removed account cannot read rows
// left behind, and the refusal says which account it was.
import type { AccountStore } from '../accounts'
import { AppErrorException, appError } from '../errors'

/** Throws not_found naming the first id of `scope` that is not (or no longer) an account. */
export async function checkScope(store: Pick<AccountStore, 'record'>, scope: readonly string[]): Promise<void> {
  for (const accountId of scope) {
    try {
      await store.record(accountId)
    } catch (thrown) {
      if (!(thrown instanceof AppErrorException) || thrown.appError.code !== 'not_found') throw thrown
      throw appError({
        code: 'not_found',
        message: `The account ${accountId} does not exist; it may have been removed.`,
        fields: { scope: [`${accountId} is not an account`] },
      })
    }
  }
}
