// Whether a program is on the PATH: the tests of the real keychain skip themselves, saying so,
// where D-Bus or gnome-keyring is not installed.
import { execFileSync } from 'node:child_process'

export function hasCommand(command: string): boolean {
  try {
    execFileSync('which', [command], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}
