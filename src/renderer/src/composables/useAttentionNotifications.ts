// What needs attention after a sync, shown outside the window. Core sends one
// 'attention:summary' per sync (src/core/attention), kept by stores/shell-requests.ts. The desktop app's main process shows it
// as a system notification and, on a click, sends 'app:navigate'; in the web shell this page
// shows it through the browser's Notification API, once the person has allowed it in Settings,
// and puts the pending total in the tab title. Either way a click opens the matching view of
// the account the summary is about.
import { onScopeDispose, ref, watch } from 'vue'
import { useRouter } from 'vue-router'
import type { AttentionSummary } from '../../../shared'
import { useAccountsStore } from '../stores/accounts'
import { useAppInfoStore } from '../stores/app-info'
import { useShellRequestsStore } from '../stores/shell-requests'
import { useCommands } from './useCommands'
import { usePendingTitle } from './usePendingTitle'
import { useSwitchAccount } from './useSwitchAccount'

/**
 * The query key the desktop's main process adds to 'app:navigate' to name the summary's
 * account (the push itself carries only path and query); it is not part of any view's address.
 */
export const NAVIGATE_ACCOUNT_KEY = 'account'

export function useAttentionNotifications(): void {
  const requests = useShellRequestsStore()
  const router = useRouter()
  const accounts = useAccountsStore()
  const switchTo = useSwitchAccount()
  let stopped = false
  // The app's name once core says this is the web shell; null in the desktop app.
  const webName = ref<string | null>(null)
  usePendingTitle(() => webName.value)

  const appInfo = useAppInfoStore()
  const shell = appInfo.load().then(() => {
    if (appInfo.info?.shell === 'web') webName.value = appInfo.info.name
  })

  // Whether this browser was asked yet: the palette offers the question only while it was not.
  const notAsked = ref(typeof Notification !== 'undefined' && Notification.permission === 'default')
  useCommands(() => [
    {
      id: 'notifications.settings',
      title: 'Notification settings',
      group: 'App',
      keywords: ['notify', 'alerts', 'attention', 'badge'],
      run: () => void router.push({ name: 'settings' }).catch(() => {}),
    },
    ...(webName.value !== null && notAsked.value
      ? [
          {
            id: 'notifications.allow',
            title: 'Allow notifications in this browser',
            group: 'App',
            keywords: ['notify', 'permission'],
            run: async () => {
              await Notification.requestPermission()
              notAsked.value = Notification.permission === 'default'
            },
          },
        ]
      : []),
  ])

  async function open(path: string, query: Record<string, string>, accountId: string | undefined): Promise<void> {
    // The view is about that account: switch first (out of the All accounts scope too), so its
    // filters apply to that account's sites alone.
    const elsewhere = accountId !== accounts.activeAccountId || accounts.isAllScope
    if (accountId && elsewhere && accounts.accounts.some((a) => a.id === accountId)) {
      await switchTo(accountId)
    }
    await router.push({ path, query }).catch(() => {})
  }

  function notify(summary: AttentionSummary): void {
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return
    // One notification per account at a time: the tag replaces the previous one of the account.
    const notification = new Notification(summary.title, { body: summary.body, tag: summary.accountId })
    notification.onclick = () => {
      window.focus()
      notification.close()
      void open(summary.path, summary.query, summary.accountId)
    }
  }

  // Each push as it comes (flush 'sync': at the push, as a listener would), kept by the store.
  const stops = [
    watch(
      () => requests.summaries,
      () => {
        for (const summary of requests.takeSummaries()) {
          void shell.then(() => {
            if (webName.value !== null && !stopped) notify(summary)
          })
        }
      },
      { immediate: true, flush: 'sync' },
    ),
    watch(
      () => requests.navigations,
      () => {
        for (const { path, query } of requests.takeNavigations()) {
          const { [NAVIGATE_ACCOUNT_KEY]: accountId, ...rest } = query
          void open(path, rest, accountId)
        }
      },
      { immediate: true, flush: 'sync' },
    ),
  ]

  onScopeDispose(() => {
    stopped = true
    for (const stop of stops) stop()
  })
}
