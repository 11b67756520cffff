// The desktop app's menu and tray ask for a command by id (the 'app:command' push, kept by
// stores/shell-requests.ts) and it runs here from the command registry, exactly as the palette would run it. It also registers the
// two commands only the menu needed: the About box and the command palette itself.
// Called once, by App.vue (the shell), so it lives as long as the window.
import { nextTick, watch } from 'vue'
import { useRouter } from 'vue-router'
import { shortcutOf } from '../../../shared/keybindings'
import { useCommandsStore, type AppCommand } from '../stores/commands'
import { useShellRequestsStore } from '../stores/shell-requests'
import { useToastsStore } from '../stores/toasts'
import { useUiStore } from '../stores/ui'
import { useCommands } from './useCommands'

/**
 * Commands a view registers only while it is on screen; asked for elsewhere, the menu goes
 * to that view first (File → Export Sites… from the Tags view exports the sites).
 */
const VIEW_OF_COMMAND: Readonly<Record<string, string>> = {
  'sites.import': 'sites',
  'sites.export.csv': 'sites',
  'sites.export.json': 'sites',
}

export function useMenuCommands(): void {
  const requests = useShellRequestsStore()
  const commands = useCommandsStore()
  const toasts = useToastsStore()
  const ui = useUiStore()
  const router = useRouter()

  useCommands((): AppCommand[] => [
    {
      id: 'help.about',
      title: 'About Site Manager',
      group: 'Help',
      keywords: ['version', 'licenses', 'credits', 'electron'],
      run: () => void router.push({ name: 'about' }).catch(() => {}),
    },
    {
      id: 'app.palette',
      title: 'Command palette',
      group: 'Help',
      shortcut: shortcutOf('app.palette'),
      keywords: ['commands', 'actions'],
      run: () => {
        ui.paletteOpen = !ui.paletteOpen
      },
    },
  ])

  const find = (id: string): AppCommand | undefined => commands.all.find((c) => c.id === id)

  async function run(id: string): Promise<void> {
    let command = find(id)
    const view = VIEW_OF_COMMAND[id]
    if (!command && view && router.currentRoute.value.name !== view) {
      await router.push({ name: view }).catch(() => {})
      // The view registers its commands as it mounts.
      await nextTick()
      command = find(id)
    }
    if (!command) {
      toasts.info('That action is not available here.')
      return
    }
    if (command.enabled === false) {
      toasts.info(`“${command.title}” is not available right now.`)
      return
    }
    try {
      await command.run()
    } catch (error) {
      toasts.error(`“${command.title}” failed: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  // Each command as it is asked for (flush 'sync': at the push, as a listener would).
  watch(
    () => requests.commands,
    () => {
      for (const id of requests.takeCommands()) void run(id)
    },
    { immediate: true, flush: 'sync' },
  )
}
