// Pushes sent while a page was not listening are lost: after a gap (a reconnect of the web
// shell's page, or a page that opened on primed answers whose missed pushes the shell no
// longer holds), core is asked for what they would have said, and the page hears it as
// pushes. Both ends of the web shell's socket use it, so it lives in the contract. Each
// account's data is announced as changed, so the views read their snapshot again (a local
// read, no network) and keep what was typed; a restarted shell may also be a new process whose
// sync states the page has never seen.
import type { PushEvent } from './channels'
import type { Invoke } from './create-api'
import type { AccountsState } from './domain'
import type { SyncState, WorkspaceChanged } from './workspace'

export async function catchUpPushes(request: Invoke, emit: (event: PushEvent, payload: unknown) => void): Promise<void> {
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
