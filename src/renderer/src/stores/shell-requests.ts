// What the shell asks of the window by push, kept until whoever acts on it takes it: a command
// chosen in the desktop menu or tray ('app:command', run from the palette's registry by
// useMenuCommands), a view to open ('app:navigate': a click on a desktop notification), and a
// summary of what needs attention after a sync ('attention:summary', which the web shell's page
// shows as a browser notification: useAttentionNotifications). The store holds the requests, in
// order, rather than acting itself: acting needs the router and the page's Notification API.
import { defineStore } from 'pinia'
import { onScopeDispose, shallowRef, type ShallowRef } from 'vue'
import type { AttentionSummary, PushEvents } from '../../../shared'
import { useApi } from '../lib/api'

export type NavigateRequest = PushEvents['app:navigate']

export const useShellRequestsStore = defineStore('shell-requests', () => {
  const api = useApi()
  /** Command ids asked for and not yet taken, oldest first. */
  const commands = shallowRef<readonly string[]>([])
  const navigations = shallowRef<readonly NavigateRequest[]>([])
  const summaries = shallowRef<readonly AttentionSummary[]>([])

  function queue<T>(list: ShallowRef<readonly T[]>): (request: T) => void {
    return (request) => {
      list.value = [...list.value, request]
    }
  }
  function take<T>(list: ShallowRef<readonly T[]>): () => readonly T[] {
    return () => {
      const taken = list.value
      if (taken.length > 0) list.value = []
      return taken
    }
  }

  const addCommand = queue(commands)
  onScopeDispose(api.on('app:command', ({ id }) => addCommand(id)))
  onScopeDispose(api.on('app:navigate', queue(navigations)))
  onScopeDispose(api.on('attention:summary', queue(summaries)))

  return {
    commands,
    navigations,
    summaries,
    takeCommands: take(commands),
    takeNavigations: take(navigations),
    takeSummaries: take(summaries),
  }
})
