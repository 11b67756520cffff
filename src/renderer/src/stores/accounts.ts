// Accounts as the renderer knows them (never a token: that stays in core), and which one is
// active. Every other store watches activeAccountId and keys its data by account, so
// switching is instant and one account's data never shows under another's name. Core is the
// only writer of an account's token state: it arrives with 'accounts:changed' (or the
// answer of an account action), never from a guess made here. Every change the person makes
// says how it went in a toast; a refusal about one field (a wrong token, a duplicate, a bad
// address) is shown on that field of the form instead.
//
// The scope says whether the views that can (Overview, Sites, Events) show the active account
// or all accounts together. The active account stays set in the All scope: the views that are
// one account's by nature (Tags, Settings, New site, Import) keep working on it. Choosing an
// account returns to one account; the choice is remembered across restarts (prefs 'scope').
import { defineStore } from 'pinia'
import { computed, onScopeDispose, ref } from 'vue'
import type { Account, AccountsState, AppError, Result } from '../../../shared'
import { useApi } from '../lib/api'
import { call } from '../lib/call'
import { describeError } from '../lib/errors'
import { useToastsStore } from './toasts'

/** How far a load of any list is: one type for every store. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error'

/** One account's views, or every account's together. */
export type AccountScope = 'account' | 'all'

export const SCOPE_PREF_KEY = 'scope'

export function isAccountScope(value: unknown): value is AccountScope {
  return value === 'account' || value === 'all'
}

/** The one wording for an action asked for while no account is active. */
export const NO_ACCOUNT: AppError = { code: 'invalid_input', message: 'No account is selected.' }

export const useAccountsStore = defineStore('accounts', () => {
  const api = useApi()
  const toasts = useToastsStore()
  const accounts = ref<Account[]>([])
  const activeAccountId = ref<string | null>(null)
  const status = ref<LoadStatus>('idle')
  const error = ref<AppError | null>(null)
  // What the person chose; `scope` is what applies (All needs two accounts to mean anything).
  const scopeChoice = ref<AccountScope>('account')

  const activeAccount = computed(() => accounts.value.find((a) => a.id === activeAccountId.value) ?? null)
  const hasAccounts = computed(() => accounts.value.length > 0)
  const canShowAll = computed(() => accounts.value.length >= 2)
  const scope = computed<AccountScope>(() => (scopeChoice.value === 'all' && canShowAll.value ? 'all' : 'account'))
  const isAllScope = computed(() => scope.value === 'all')
  /** The accounts the views in scope show: all of them, or the active one. */
  const scopeAccounts = computed<Account[]>(() =>
    isAllScope.value ? accounts.value : accounts.value.filter((a) => a.id === activeAccountId.value),
  )

  /** Applies a full state from core, keeping the user's choice while it still exists. */
  function applyState(state: AccountsState): void {
    accounts.value = state.accounts
    const stillThere = (id: string | null) => id !== null && state.accounts.some((a) => a.id === id)
    if (stillThere(activeAccountId.value)) return
    activeAccountId.value = stillThere(state.lastActiveId) ? state.lastActiveId : (state.accounts[0]?.id ?? null)
  }

  function upsert(account: Account): void {
    const index = accounts.value.findIndex((a) => a.id === account.id)
    if (index === -1) accounts.value = [...accounts.value, account]
    else accounts.value = accounts.value.map((a) => (a.id === account.id ? account : a))
  }

  async function load(): Promise<void> {
    status.value = 'loading'
    // Read together: the first view opens in the scope it was left in, without a second wait.
    const [result, remembered] = await Promise.all([
      call(() => api.accountsList()),
      call(() => api.prefsGet({ key: SCOPE_PREF_KEY })),
    ])
    // A scope that could not be read is one account: the safe default, never an error.
    if (remembered.ok && isAccountScope(remembered.value)) scopeChoice.value = remembered.value
    if (result.ok) {
      applyState(result.value)
      error.value = null
      status.value = 'ready'
    } else {
      error.value = result.error
      status.value = 'error'
    }
  }

  function setScope(next: AccountScope): void {
    if (scopeChoice.value === next) return
    scopeChoice.value = next
    void call(() => api.prefsSet({ key: SCOPE_PREF_KEY, value: next }))
  }

  /**
   * Switches at once, to that one account (leaving the All scope); telling core (to remember
   * it for next launch) happens in the background.
   */
  function setActive(accountId: string): void {
    if (!accounts.value.some((a) => a.id === accountId)) return
    setScope('account')
    if (activeAccountId.value === accountId) return
    activeAccountId.value = accountId
    void call(() => api.accountsSetActive({ accountId }))
  }

  /** Every account's sites and events together; the active account stays what it was. */
  function showAll(): void {
    if (canShowAll.value) setScope('all')
  }

  /** What a failed change says in its toast, unless a form shows it on a field. */
  function reportFailure(what: string, error: AppError): void {
    if (error.fields && Object.keys(error.fields).length > 0) return
    toasts.error(`${what}. ${describeError(error).message}`)
  }

  const labelOf = (accountId: string) => accounts.value.find((a) => a.id === accountId)?.label ?? 'the account'

  async function add(input: { label: string; baseUrl: string; token: string }): Promise<Result<Account>> {
    const result = await call(() => api.accountsAdd(input))
    if (result.ok) {
      upsert(result.value)
      setActive(result.value.id)
      toasts.success(`Account “${result.value.label}” added.`)
    } else if (result.error.code !== 'unauthorized') {
      // A refused token is said on the token field by the form.
      reportFailure(`Could not add account “${input.label}”`, result.error)
    }
    return result
  }

  async function rename(accountId: string, label: string): Promise<Result<Account>> {
    const before = labelOf(accountId)
    const result = await call(() => api.accountsRename({ accountId, label }))
    if (result.ok) {
      upsert(result.value)
      // Undo is the same rename back; it reports itself as a rename.
      toasts.success(`Account renamed to “${result.value.label}”.`, {
        action: { label: 'Undo', run: async () => void (await rename(accountId, before)) },
      })
    } else {
      reportFailure(`Could not rename “${before}”`, result.error)
    }
    return result
  }

  async function replaceToken(accountId: string, token: string): Promise<Result<Account>> {
    const result = await call(() => api.accountsReplaceToken({ accountId, token }))
    if (result.ok) {
      upsert(result.value)
      toasts.success(`New token saved for “${result.value.label}”.`)
    } else if (result.error.code !== 'unauthorized') {
      reportFailure(`Could not save the new token for “${labelOf(accountId)}”`, result.error)
    }
    return result
  }

  async function remove(accountId: string): Promise<Result<void>> {
    const label = labelOf(accountId)
    const result = await call(() => api.accountsRemove({ accountId }))
    if (result.ok) {
      accounts.value = accounts.value.filter((a) => a.id !== accountId)
      if (activeAccountId.value === accountId) {
        const next = accounts.value[0]?.id ?? null
        activeAccountId.value = next
        if (next) void call(() => api.accountsSetActive({ accountId: next }))
      }
      // No Undo: its token left the keychain with it.
      toasts.success(`Account “${label}” removed.`)
    } else {
      reportFailure(`Could not remove “${label}”`, result.error)
    }
    return result
  }

  async function openDemo(): Promise<Result<Account>> {
    const result = await call(() => api.demoOpen())
    if (result.ok) {
      upsert(result.value)
      setActive(result.value.id)
    }
    return result
  }

  onScopeDispose(api.on('accounts:changed', applyState))

  return {
    accounts,
    activeAccountId,
    status,
    error,
    activeAccount,
    hasAccounts,
    scopeChoice,
    scope,
    isAllScope,
    canShowAll,
    scopeAccounts,
    load,
    setActive,
    showAll,
    add,
    rename,
    replaceToken,
    remove,
    openDemo,
    applyState,
  }
})
