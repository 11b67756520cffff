// One read of core over the views' scope (the active account, or every account in the All
// scope), held for a view while it follows it: read when a view starts following and whenever
// the scope changes, and again quietly when core says an account of the scope changed (the
// store owning it decides which pushes matter). A quiet read that fails keeps what is shown; an
// answer older than the last question (a scope left, a read overtaken) is dropped. Nothing is
// read while no view follows. The Overview's figures, events and trend are each one of these.
import { computed, ref, shallowRef, watch } from 'vue'
import type { AppError, Result } from '../../../shared'
import { call } from '../lib/call'
import { useAccountsStore } from './accounts'

export type ReadStatus = 'loading' | 'ready' | 'error'

export function followedScopeRead<T>(
  read: (scope: string[]) => Promise<Result<T>>,
  options: { forgetOnNewScope?: boolean } = {},
) {
  const accounts = useAccountsStore()
  const value = shallowRef<T | null>(null)
  const status = ref<ReadStatus>('loading')
  const error = ref<AppError | null>(null)
  /** How many views follow the read now. */
  const followers = ref(0)
  const scopeIds = computed(() => accounts.scopeAccounts.map((a) => a.id))
  let asked = 0

  async function load(quiet = false): Promise<void> {
    const scope = [...scopeIds.value]
    if (scope.length === 0) return
    const request = ++asked
    if (!quiet) status.value = 'loading'
    const result = await call(() => read(scope))
    if (request !== asked) return
    if (result.ok) {
      value.value = result.value
      status.value = 'ready'
      error.value = null
    } else if (!quiet || status.value !== 'ready') {
      // A failed quiet refresh keeps the figures already shown.
      error.value = result.error
      status.value = 'error'
    }
  }

  /** A view starts showing the read: it is read afresh, as the view first shows it. */
  function follow(): void {
    followers.value++
    if (followers.value > 1) return
    value.value = null
    status.value = 'loading'
    error.value = null
    void load()
  }

  function unfollow(): void {
    if (followers.value > 0) followers.value--
  }

  /** The views' scope changed: read it (another scope's figures are never shown as this one's). */
  function scopeChanged(): void {
    if (followers.value === 0) return
    if (options.forgetOnNewScope) value.value = null
    void load()
  }

  watch(() => scopeIds.value.join('\n'), scopeChanged)

  /** Core changed something in these accounts: read again quietly if one is in the scope. */
  function changedIn(accountIds: readonly string[]): void {
    if (followers.value > 0 && accountIds.some((id) => scopeIds.value.includes(id))) void load(true)
  }

  return { value, status, error, followers, scopeIds, load, follow, unfollow, scopeChanged, changedIn }
}

export type FollowedScopeRead<T> = ReturnType<typeof followedScopeRead<T>>

/**
 * What a store of one followed read gives its views besides the answer, which the store names
 * itself (stats, days): the read's state, following it, and reading it again.
 */
export function followedScopeReadState<T>(read: FollowedScopeRead<T>) {
  return {
    status: read.status,
    error: read.error,
    followers: read.followers,
    follow: read.follow,
    unfollow: read.unfollow,
    reload: () => read.load(),
  }
}
