// Pushes the shell sent while the socket was down are lost: after a reconnect, core is asked
// for what they would have said, and the page hears it as pushes. Each account's data is
// announced as changed, so the views read their snapshot again (a local read, no network) and
// keep what was typed; a restarted shell may also be a new process whose sync states the
// page has never seen.
import type { AccountsState, Invoke, PushEvent, SyncState, WorkspaceChanged } from '../../shared'

export async function catchUpAfterReconnect(request: Invoke, emit: (event: PushEvent, payload: unknown) => void): Promise<void> {
  const [accounts, states] = await Promise.all([request('accounts:list', undefined), request('sync:states', undefined)])
  // A failure here has nothing to report to: the page's own calls show the problem.
  if (accounts.ok) {
    emit('accounts:changed', accounts.value)
    for (const account of accountsOf(accounts.value)) {
      const changed: WorkspaceChanged = { accountId: account.id, sites: true, tags: true, events: true, changes: null }
      emit('workspace:changed', changed)
    }
  }
  if (states.ok && Array.isArray(states.value)) {
    for (const state of states.value as SyncState[]) emit('sync:state', state)
  }
}

/** The accounts of an accounts:list answer; nothing when it is not one (a stand-in core). */
function accountsOf(value: unknown): { id: string }[] {
  const accounts = (value as Partial<AccountsState> | null)?.accounts
  return Array.isArray(accounts) ? accounts.filter((account) => typeof account?.id === 'string') : []
}
