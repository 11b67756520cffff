// What the saved view's name dialog is given, for its lazy wrapper (ViewNameDialog.vue) and the
// form it loads (ViewNameForm.vue) alike.
import type { Result } from '../../../../../shared'

export interface ViewNameProps {
  title: string
  description: string
  submitLabel: string
  initialName?: string
  /** Why a name cannot be used, or null. */
  check: (name: string) => string | null
  submit: (name: string) => Promise<Result<unknown>>
}
