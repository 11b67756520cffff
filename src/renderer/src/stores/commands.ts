// Every action the app offers, registered by whoever owns it (the shell registers the views
// and app-wide actions, a view its own while it is on screen), so the command palette
// (Ctrl/Cmd+Shift+P) and the shortcut sheet (?) list exactly what can be done right now.
import { defineStore } from 'pinia'
import { computed, shallowRef } from 'vue'
import type { AppCommand } from '../lib/app-command'

export type { AppCommand } from '../lib/app-command'

type Source = () => readonly AppCommand[]

export const useCommandsStore = defineStore('commands', () => {
  const sources = shallowRef<ReadonlyMap<symbol, Source>>(new Map())

  /** Adds a source of commands (read again whenever what it reads changes); returns its removal. */
  function register(source: Source): () => void {
    const key = Symbol('commands')
    sources.value = new Map(sources.value).set(key, source)
    return () => {
      const next = new Map(sources.value)
      next.delete(key)
      sources.value = next
    }
  }

  /** Every registered command, later registrations first among equal ids (a view overrides the shell). */
  const all = computed<AppCommand[]>(() => {
    const seen = new Map<string, AppCommand>()
    for (const source of [...sources.value.values()].reverse()) {
      for (const command of source()) if (!seen.has(command.id)) seen.set(command.id, command)
    }
    return [...seen.values()]
  })

  return { sources, register, all }
})
