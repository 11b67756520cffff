// Short-lived messages about a change the person made: "Site created", "Tag deleted",
// "Could not delete …". One store for the whole window, so a message outlives the view or
// dialog that raised it; the Toaster component shows them and times them out. A toast may
// carry one action (Undo where the API allows it, Retry, Show).
import { defineStore } from 'pinia'
import { ref } from 'vue'

export type ToastKind = 'success' | 'error' | 'info'

export interface ToastAction {
  label: string
  run: () => void | Promise<void>
}

export interface Toast {
  id: number
  kind: ToastKind
  message: string
  action?: ToastAction
  /** Shown this long unless hovered or focused; errors stay longer (see DEFAULT_TIMEOUTS). */
  timeoutMs: number
}

export interface ToastOptions {
  action?: ToastAction
  timeoutMs?: number
}

const DEFAULT_TIMEOUTS: Record<ToastKind, number> = { success: 5000, info: 5000, error: 10_000 }
/** Beyond this many, the oldest goes: a bulk action reports once, not per item. */
const MAX_SHOWN = 4

export const useToastsStore = defineStore('toasts', () => {
  const toasts = ref<Toast[]>([])
  let nextId = 1

  function show(kind: ToastKind, message: string, options: ToastOptions = {}): number {
    const id = nextId++
    // The same sentence again replaces the one on screen instead of stacking a twin.
    toasts.value = toasts.value.filter((t) => !(t.kind === kind && t.message === message))
    toasts.value.push({ id, kind, message, action: options.action, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUTS[kind] })
    if (toasts.value.length > MAX_SHOWN) toasts.value.splice(0, toasts.value.length - MAX_SHOWN)
    return id
  }

  function dismiss(id: number): void {
    toasts.value = toasts.value.filter((t) => t.id !== id)
  }

  return {
    toasts,
    show,
    success: (message: string, options?: ToastOptions) => show('success', message, options),
    error: (message: string, options?: ToastOptions) => show('error', message, options),
    info: (message: string, options?: ToastOptions) => show('info', message, options),
    dismiss,
  }
})
