// A create said in a toast with Undo (the create deleted again, in the account it was made in,
// and that said too), or its failure when no form field shows it: the same words for each kind
// of thing the stores create (sites, tags).
import type { Result } from '../../../shared'
import { describeError } from '../lib/errors'
import type { useToastsStore } from './toasts'

interface Named {
  id: number
  name: string
}

/**
 * `noun`: "Site" or "Tag"; `typedName`: the name as the person typed it, for a failure;
 * `undo`: deletes the created thing again (a 404 is as good: it is gone).
 */
export function toastCreated<T extends Named>(
  toasts: ReturnType<typeof useToastsStore>,
  noun: string,
  typedName: string,
  result: Result<T>,
  undo: (created: T) => Promise<Result<void>>,
): void {
  const lower = noun.toLowerCase()
  if (!result.ok) {
    // A refusal field by field is the form's to show.
    if (!result.error.fields) toasts.error(`Could not create ${lower} “${typedName}”. ${describeError(result.error).message}`)
    return
  }
  const created = result.value
  const run = async (): Promise<void> => {
    const undone = await undo(created)
    if (undone.ok || undone.error.code === 'not_found') toasts.success(`${noun} “${created.name}” removed again.`)
    else toasts.error(`Could not undo: ${lower} “${created.name}” is still there. ${describeError(undone.error).message}`)
  }
  toasts.success(`${noun} “${created.name}” created.`, { action: { label: 'Undo', run } })
}
