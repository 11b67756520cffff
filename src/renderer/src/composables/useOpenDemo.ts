// Opening the demo workspace from a button (welcome screen, Accounts view): the button is
// busy while core sets it up, and a failure stays on screen to retry.
import { ref } from 'vue'
import type { AppError } from '../../../shared'
import { useAccountsStore } from '../stores/accounts'

export function useOpenDemo() {
  const accounts = useAccountsStore()
  const demoBusy = ref(false)
  const demoError = ref<AppError | null>(null)

  /** Resolves true once the demo workspace is open (and active). */
  async function openDemo(): Promise<boolean> {
    demoBusy.value = true
    demoError.value = null
    const result = await accounts.openDemo()
    demoBusy.value = false
    if (!result.ok) demoError.value = result.error
    return result.ok
  }

  return { demoBusy, demoError, openDemo }
}
