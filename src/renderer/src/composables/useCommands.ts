// A component offers commands to the palette while it is mounted.
import { onBeforeUnmount } from 'vue'
import { useCommandsStore, type AppCommand } from '../stores/commands'

export function useCommands(source: () => readonly AppCommand[]): void {
  const unregister = useCommandsStore().register(source)
  onBeforeUnmount(unregister)
}
