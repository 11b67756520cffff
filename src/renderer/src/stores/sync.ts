// Where each account's sync stands, as core reports it ('sync:state' pushes, the state a
// snapshot was read with, the answer of a Refresh), and the person's ways to start or stop
// one. Core runs the syncs; this store only shows them and asks.
import { defineStore } from 'pinia'
import { computed, onScopeDispose, ref, watch } from 'vue'
import type { AppError, Result, SyncState } from '../../../shared'
import { useApi } from '../lib/api'
import { call } from '../lib/call'
import { useAccountsStore } from './accounts'
import { onTokenRestored } from './token-restored'

export const useSyncStore = defineStore('sync', () => {
  const api = useApi()
  const accounts = useAccountsStore()

  const states = ref<Record<string, SyncState>>({})
  /**
   * The error of each account's last failed sync, kept while a retry runs (so the banner
   * saying the data is old does not blink away and back) and cleared once one completes.
   */
  const failures = ref<Record<string, AppError>>({})
  /** Accounts with a Refresh asked for and not answered yet: "Syncing…" shows at once. */
  const requested = ref<Record<string, true>>({})
  // Pushes seen per account. A state read some other way (with a snapshot, in an answer) may
  // be older than a push that overtook it: it is taken only when no push came meanwhile.
  const pushes = new Map<string, number>()

  function set(state: SyncState): void {
    states.value[state.accountId] = state
    if (state.status === 'failed' && state.error) failures.value[state.accountId] = state.error
    else if (state.status === 'idle') delete failures.value[state.accountId]
  }

  function receive(state: SyncState): void {
    if (!accounts.accounts.some((a) => a.id === state.accountId)) return
    pushes.set(state.accountId, (pushes.get(state.accountId) ?? 0) + 1)
    set(state)
  }

  /** Marks the moment a read that carries a state starts; call the result with what it read. */
  function readMark(accountId: string): (state: SyncState) => void {
    const seen = pushes.get(accountId) ?? 0
    return (state) => {
      if ((pushes.get(accountId) ?? 0) === seen && accounts.accounts.some((a) => a.id === accountId)) set(state)
    }
  }

  function stateOf(accountId: string | null): SyncState | null {
    return accountId ? (states.value[accountId] ?? null) : null
  }

  function failureOf(accountId: string | null): AppError | null {
    return accountId ? (failures.value[accountId] ?? null) : null
  }

  function isSyncing(accountId: string | null): boolean {
    if (!accountId) return false
    return states.value[accountId]?.status === 'syncing' || requested.value[accountId] === true
  }

  const active = computed(() => stateOf(accounts.activeAccountId))
  const activeFailure = computed(() => failureOf(accounts.activeAccountId))
  const activeSyncing = computed(() => isSyncing(accounts.activeAccountId))

  /** Syncs the account now (core joins a sync under way); answers the state it ended in. */
  async function syncNow(accountId: string | null = accounts.activeAccountId): Promise<Result<SyncState>> {
    if (!accountId) return { ok: false, error: { code: 'invalid_input', message: 'No account is selected.' } }
    requested.value[accountId] = true
    const take = readMark(accountId)
    const result = await call(() => api.syncNow({ accountId }))
    delete requested.value[accountId]
    if (result.ok) take(result.value)
    return result
  }

  async function cancel(accountId: string): Promise<Result<void>> {
    return call(() => api.syncCancel({ accountId }))
  }

  /** Every account's state (the Settings view lists them all); pushes keep them fresh after. */
  async function loadAll(): Promise<Result<SyncState[]>> {
    const marks = new Map(accounts.accounts.map((a) => [a.id, readMark(a.id)]))
    const result = await call(() => api.syncStates())
    if (result.ok) for (const state of result.value) marks.get(state.accountId)?.(state)
    return result
  }

  onScopeDispose(api.on('sync:state', receive))

  // A token that works again (a new one entered, the keychain unlocked) brings data back
  // without a click; core joins the sync if it started one itself.
  onTokenRestored((accountId) => void syncNow(accountId))

  // A removed account's states go with it.
  watch(
    () => accounts.accounts.map((a) => a.id),
    (ids) => {
      for (const record of [states.value, failures.value, requested.value] as Record<string, unknown>[]) {
        for (const id of Object.keys(record)) if (!ids.includes(id)) delete record[id]
      }
      for (const id of pushes.keys()) if (!ids.includes(id)) pushes.delete(id)
    },
  )

  return {
    states,
    failures,
    requested,
    active,
    activeFailure,
    activeSyncing,
    stateOf,
    failureOf,
    isSyncing,
    readMark,
    syncNow,
    cancel,
    loadAll,
    receive,
  }
})
