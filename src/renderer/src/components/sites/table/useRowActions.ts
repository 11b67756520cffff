// What a row's own buttons and menu items do outside the app: copy its address to the
// clipboard, open an address in a new tab (the system browser in the desktop app), each saying
// in a toast what happened or why it could not.
import type { TableSite } from '../../../../../shared/sites-query'
import { useToastsStore } from '../../../stores/toasts'

export function useRowActions() {
  const toasts = useToastsStore()

  async function copyAddress(site: TableSite): Promise<void> {
    try {
      await navigator.clipboard.writeText(site.url)
      toasts.success(`Copied ${site.url}`)
    } catch {
      toasts.error(`Could not copy the address of “${site.name}”. Your browser did not allow it.`)
    }
  }

  function openExternal(url: string | null): void {
    // In the desktop app main hands a new window's http(s) address to the system browser.
    if (url) window.open(url, '_blank', 'noopener,noreferrer')
    else toasts.error('This address is not a web address (http or https), so it cannot be opened.')
  }

  return { copyAddress, openExternal }
}
