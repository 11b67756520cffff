// What each keychain failure is called: the messages keytar passes on from libsecret and GIO,
// as seen on Debian with gnome-keyring 42, each turned into a sentence that names the fault.
import { describe, expect, it } from 'vitest'
import { keychainNoAnswer, keychainUnavailable } from '../../../../src/core/secrets'

const NOT_RUNNING = /^No keychain \(Secret Service\) is running on this machine/
const LOCKED = /^The system keychain is locked\. Unlock it/

function messageFor(detail: string): string {
  const error = keychainUnavailable(new Error(detail)).appError
  expect(error.code).toBe('keychain_unavailable')
  return error.message
}

describe('keychain failures, each named as what it is', () => {
  it.each([
    // DBUS_SESSION_BUS_ADDRESS names a bus that is gone (a stale variable, a closed session).
    ['Could not connect: No such file or directory'],
    ['Could not connect: Connection refused'],
    // No DBUS_SESSION_BUS_ADDRESS and no X11 to start a bus from.
    ['Cannot autolaunch D-Bus without X11 $DISPLAY'],
    // A bus, but nothing provides the Secret Service on it.
    ['The name org.freedesktop.secrets was not provided by any .service files'],
    ['GDBus.Error:org.freedesktop.DBus.Error.ServiceUnknown: The name is not activatable'],
  ])('no Secret Service: %s', (detail) => {
    const message = messageFor(detail)
    expect(message).toMatch(NOT_RUNNING)
    expect(message).not.toMatch(/unlock/i)
  })

  it.each([
    ['Cannot create an item in a locked collection'],
    // A running keyring daemon with no unlocked login keyring.
    ['Object does not exist at path “/org/freedesktop/secrets/collection/login”'],
    ['Object does not exist at path "/org/freedesktop/secrets/collection/login"'],
  ])('locked: %s', (detail) => {
    const message = messageFor(detail)
    expect(message).toMatch(LOCKED)
    expect(message).not.toMatch(/not running/)
  })

  it('a keychain service that restarted under the app says so', () => {
    expect(messageFor('The name :1.0 was not provided by any .service files')).toMatch(/keychain service was restarted/)
    expect(messageFor('The session wrapping the secret does not exist')).toMatch(/keychain service was restarted/)
  })

  it('a keytar module that cannot load says to reinstall', () => {
    expect(messageFor("Cannot find module '../build/Release/keytar.node'")).toMatch(/Reinstall the app/)
  })

  it('a keychain that did not answer says how long it waited, and that the app goes on', () => {
    const error = keychainNoAnswer(4000).appError
    expect(error.code).toBe('keychain_unavailable')
    expect(error.message).toBe(
      'The system keychain did not answer within 4 seconds. It may be locked and waiting for an unlock prompt that cannot be shown here. Unlock it (or restart it) and try again; the rest of the app keeps working.',
    )
  })
})
