import { describe, expect, it } from 'vitest'
import { commandScore, searchCommands } from '../../../../src/renderer/src/lib/command-search'
import type { AppCommand } from '../../../../src/renderer/src/lib/app-command'

const command = (id: string, title: string, group: string, keywords: string[] = []): AppCommand => ({ id, title, group, keywords, run: () => {} })

const ALL = [
  command('go.sites', 'Go to Sites', 'Go to'),
  command('go.tags', 'Go to Tags', 'Go to'),
  command('sites.export', 'Export sites as CSV', 'Sites', ['download', 'spreadsheet']),
  command('theme.dark', 'Theme: Dark', 'Appearance', ['night']),
  command('theme.light', 'Theme: Light', 'Appearance'),
]

const titles = (groups: ReturnType<typeof searchCommands>) => groups.map((g) => [g.title, g.commands.map((c) => c.title)])

describe('searching commands', () => {
  it('needs every typed word somewhere in the title, group or keywords', () => {
    expect(commandScore(ALL[3]!, 'th da')).not.toBeNull()
    expect(commandScore(ALL[3]!, 'theme light')).toBeNull()
    expect(commandScore(ALL[2]!, 'download csv')).not.toBeNull()
    expect(commandScore(ALL[2]!, 'appearance')).toBeNull()
  })

  it('groups the matches, the best group and the best match first', () => {
    expect(titles(searchCommands(ALL, 'ta'))).toEqual([['Go to', ['Go to Tags']]])
    expect(titles(searchCommands(ALL, 'night'))).toEqual([['Appearance', ['Theme: Dark']]])
    // A title that starts with the words beats one that merely contains them.
    expect(titles(searchCommands(ALL, 'export')).at(0)).toEqual(['Sites', ['Export sites as CSV']])
    expect(titles(searchCommands(ALL, 'sites'))).toEqual([
      ['Go to', ['Go to Sites']],
      ['Sites', ['Export sites as CSV']],
    ])
    expect(searchCommands(ALL, 'nothing like it')).toEqual([])
  })

  it('with no query, lists recent commands first (most recent first) and the rest in order, once each', () => {
    expect(titles(searchCommands(ALL, '  ', ['theme.dark', 'gone.command', 'go.tags']))).toEqual([
      ['Recent', ['Theme: Dark', 'Go to Tags']],
      ['Go to', ['Go to Sites']],
      ['Sites', ['Export sites as CSV']],
      ['Appearance', ['Theme: Light']],
    ])
  })
})
