// Sentences core has for the person that belong to no action (the local database was found
// unreadable and rebuilt, ...): the ones raised before the window listened, then the pushed
// ones. Each stays until dismissed; dismissing is for this window only.
import { defineStore } from 'pinia'
import { onScopeDispose, ref } from 'vue'
import type { AppNotice } from '../../../shared'
import { useApi } from '../lib/api'
import { call } from '../lib/call'

export const useNoticesStore = defineStore('notices', () => {
  const api = useApi()
  const notices = ref<AppNotice[]>([])
  const dismissed = new Set<string>()

  function add(notice: AppNotice): void {
    if (dismissed.has(notice.id) || notices.value.some((n) => n.id === notice.id)) return
    notices.value = [...notices.value, notice]
  }

  async function load(): Promise<void> {
    const result = await call(() => api.appNotices())
    if (result.ok) for (const notice of result.value) add(notice)
  }

  function dismiss(id: string): void {
    dismissed.add(id)
    notices.value = notices.value.filter((n) => n.id !== id)
  }

  onScopeDispose(api.on('app:notice', add))

  return { notices, load, dismiss, add }
})
