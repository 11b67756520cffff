// The commands the whole app offers in the palette (Ctrl/Cmd+Shift+P), whatever view is on
// screen: going to each view, the app-wide actions, one "Switch to" per account, the theme.
// Views add their own through useCommands while they are mounted.
import { useRouter } from 'vue-router'
import type { ThemePreference } from '../../../shared'
import { shortcutOf } from '../../../shared/keybindings'
import { focusSearchAnywhere } from './useGlobalShortcuts'
import { useCommands } from './useCommands'
import { useSwitchAccount } from './useSwitchAccount'
import { useAccountsStore } from '../stores/accounts'
import type { AppCommand } from '../stores/commands'
import { useSettingsStore } from '../stores/settings'
import { useSyncStore } from '../stores/sync'
import { useToastsStore } from '../stores/toasts'
import { useUiStore } from '../stores/ui'
import { plural } from '../lib/format'
import { tokenBannerCovers } from '../lib/sync-text'

const VIEWS = [
  { name: 'overview', title: 'Overview', keywords: ['dashboard', 'charts', 'totals', 'home', 'summary'] },
  { name: 'sites', title: 'Sites', keywords: ['list', 'table', 'websites'] },
  { name: 'tags', title: 'Tags', keywords: ['labels'] },
  { name: 'events', title: 'Events', keywords: ['log', 'activity', 'history'] },
  { name: 'accounts', title: 'Accounts', keywords: ['tokens', 'servers', 'manage'] },
  { name: 'settings', title: 'Settings', keywords: ['preferences', 'options', 'sync interval', 'theme'] },
] as const

const THEMES: ReadonlyArray<{ value: ThemePreference; title: string; keywords: string[] }> = [
  { value: 'system', title: 'System', keywords: ['appearance', 'colour', 'color', 'automatic', 'auto'] },
  { value: 'light', title: 'Light', keywords: ['appearance', 'colour', 'color', 'mode'] },
  { value: 'dark', title: 'Dark', keywords: ['appearance', 'colour', 'color', 'mode', 'night'] },
]

export function useAppCommands(): void {
  const accounts = useAccountsStore()
  const settings = useSettingsStore()
  const sync = useSyncStore()
  const toasts = useToastsStore()
  const ui = useUiStore()
  const router = useRouter()
  const switchTo = useSwitchAccount()

  function go(name: string): void {
    void router.push({ name }).catch(() => {})
  }

  async function syncAll(): Promise<void> {
    const all = [...accounts.accounts]
    const results = await Promise.all(all.map((account) => sync.syncNow(account.id)))
    const problems = all.flatMap((account, i) => {
      const result = results[i]!
      if (!result.ok) return [{ account, error: result.error }]
      return result.value.status === 'failed' ? [{ account, error: result.value.error }] : []
    })
    // The active account's refused token is on screen already (the token banner, with its
    // way out): saying it again in a toast would be a second alert for one cause.
    const unsaid = problems.filter(({ account, error }) => !(account.id === accounts.activeAccountId && tokenBannerCovers(error, account)))
    if (problems.length === 0) toasts.success(`Synced ${plural(all.length, 'account', 'accounts')}.`)
    else if (unsaid.length > 0) toasts.error(`${plural(unsaid.length, 'account', 'accounts')} of ${all.length} could not sync. Settings shows why.`)
  }

  async function openDemo(): Promise<void> {
    const existing = accounts.accounts.find((a) => a.kind === 'demo')
    if (existing) {
      await switchTo(existing.id)
      return
    }
    const result = await accounts.openDemo()
    if (!result.ok) {
      toasts.error(`Could not open the demo workspace: ${result.error.message}`)
      return
    }
    toasts.success('The demo workspace is open.')
    // From the welcome screen, into the app, as its own demo button does.
    if (router.currentRoute.value.name === 'welcome') await router.replace({ name: 'overview' }).catch(() => {})
  }

  async function setTheme(theme: ThemePreference): Promise<void> {
    const result = await settings.setTheme(theme)
    if (!result.ok) toasts.error(`Could not save the theme: ${result.error.message}`)
  }

  useCommands((): AppCommand[] => {
    const has = accounts.hasAccounts
    const active = accounts.activeAccountId !== null
    return [
      ...VIEWS.map((view) => ({
        id: `go.${view.name}`,
        title: `Go to ${view.title}`,
        group: 'Go to',
        keywords: [...view.keywords, 'open', 'view', 'navigate'],
        enabled: has,
        run: () => go(view.name),
      })),
      { id: 'sites.new', title: 'New site', group: 'App', shortcut: shortcutOf('sites.new'), keywords: ['add', 'create'], enabled: active, run: () => ui.openNewSite() },
      {
        id: 'view.refresh',
        title: 'Refresh',
        group: 'App',
        shortcut: shortcutOf('view.refresh'),
        keywords: ['reload', 'sync', 'update'],
        enabled: ui.commands.refresh !== undefined,
        run: () => ui.refresh(),
      },
      {
        // The id the Sites view uses for its own: there, its command stands in for this one.
        id: 'sites.search.focus',
        title: 'Focus search',
        group: 'App',
        shortcut: shortcutOf('sites.search.focus'),
        keywords: ['find', 'filter'],
        enabled: active,
        run: () => focusSearchAnywhere(ui, router),
      },
      {
        id: 'sync.all',
        title: 'Sync all accounts now',
        group: 'Account',
        keywords: ['refresh', 'update', 'download'],
        enabled: has,
        run: syncAll,
      },
      ...accounts.accounts.map((account) => ({
        id: `account.switch.${account.id}`,
        title: `Switch to account ${account.label}`,
        group: 'Account',
        keywords: ['change', 'use', account.kind === 'demo' ? 'demo' : account.baseUrl],
        enabled: account.id !== accounts.activeAccountId,
        run: () => switchTo(account.id),
      })),
      {
        id: 'account.add',
        title: 'Add account',
        group: 'Account',
        keywords: ['new', 'token', 'server', 'connect'],
        run: () => {
          if (has) {
            go('accounts')
            ui.addAccountOpen = true
          } else {
            go('welcome')
          }
        },
      },
      { id: 'demo.open', title: 'Open the demo workspace', group: 'Account', keywords: ['sample', 'try', 'example'], run: openDemo },
      ...THEMES.map((theme) => ({
        id: `theme.${theme.value}`,
        title: `Theme: ${theme.title}`,
        group: 'Appearance',
        keywords: theme.keywords,
        run: () => setTheme(theme.value),
      })),
      {
        id: 'help.shortcuts',
        title: 'Show keyboard shortcuts',
        group: 'Help',
        shortcut: shortcutOf('help.shortcuts'),
        keywords: ['keys', 'keyboard', 'help', 'cheat sheet'],
        run: () => {
          ui.shortcutsOpen = true
        },
      },
    ]
  })
}
