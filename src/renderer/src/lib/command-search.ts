// Finding commands in the palette by what the person types: every typed word must appear in
// the command's title, group or keywords (so "th da" finds "Theme: Dark"), and the ones whose
// title starts with, or has a word starting with, what was typed come first.
import type { AppCommand } from './app-command'

export interface CommandGroup {
  title: string
  commands: AppCommand[]
}

function words(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}?]+/u).filter(Boolean)
}

/** Higher is better; null when the command does not match every typed word. */
export function commandScore(command: AppCommand, query: string): number | null {
  const typed = words(query)
  if (typed.length === 0) return 0
  const title = command.title.toLowerCase()
  const titleWords = words(command.title)
  const otherWords = [...words(command.group), ...(command.keywords ?? []).flatMap(words)]
  const haystack = [title, ...otherWords].join(' ')
  let score = 0
  for (const word of typed) {
    if (titleWords.some((w) => w.startsWith(word))) score += 3
    else if (otherWords.some((w) => w.startsWith(word))) score += 2
    else if (haystack.includes(word)) score += 1
    else return null
  }
  if (title.startsWith(query.trim().toLowerCase())) score += 4
  return score
}

/**
 * The commands that match, grouped under their headings. With a query, the best match's
 * group comes first and each group is ordered best first; without one, the order they were
 * registered in, after the recently used ones (most recent first, under "Recent").
 */
export function searchCommands(all: readonly AppCommand[], query: string, recentIds: readonly string[] = []): CommandGroup[] {
  const groups = new Map<string, Array<{ command: AppCommand; score: number }>>()
  const add = (title: string, command: AppCommand, score: number): void => {
    const list = groups.get(title) ?? []
    list.push({ command, score })
    groups.set(title, list)
  }

  if (query.trim() === '') {
    const byId = new Map(all.map((c) => [c.id, c]))
    const recent = recentIds.map((id) => byId.get(id)).filter((c): c is AppCommand => c !== undefined)
    for (const command of recent) add('Recent', command, 0)
    const shown = new Set(recent.map((c) => c.id))
    for (const command of all) if (!shown.has(command.id)) add(command.group, command, 0)
    return [...groups].map(([title, list]) => ({ title, commands: list.map((e) => e.command) }))
  }

  for (const command of all) {
    const score = commandScore(command, query)
    if (score !== null) add(command.group, command, score)
  }
  return [...groups]
    .map(([title, list]) => ({ title, list: [...list].sort((a, b) => b.score - a.score) }))
    .sort((a, b) => b.list[0]!.score - a.list[0]!.score)
    .map(({ title, list }) => ({ title, commands: list.map((e) => e.command) }))
}
