#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with an unlocked gnome-keyring, in throwaway
# XDG folders, so tests that store tokens in the OS keychain (keytar -> Secret Service) work
# on a headless machine and leave nothing in $HOME: dbus-run-session starts the bus,
# gnome-keyring-daemon --unlock (password on stdin) opens a login keyring in it.
#   scripts/lib/with-keyring.sh npx vitest run
set -uo pipefail

if ! command -v dbus-run-session >/dev/null 2>&1 || ! command -v gnome-keyring-daemon >/dev/null 2>&1; then
  echo "NOTE: dbus-run-session or gnome-keyring-daemon is missing (apt: dbus gnome-keyring);" \
    "running without a keychain, so keychain tests will fail." >&2
  exec "$@"
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/data" "$scratch/runtime" "$scratch/cache" "$scratch/config"
chmod 700 "$scratch/runtime"
export XDG_DATA_HOME="$scratch/data" XDG_RUNTIME_DIR="$scratch/runtime" \
  XDG_CACHE_HOME="$scratch/cache" XDG_CONFIG_HOME="$scratch/config"

# The keyring daemon must start inside the session so it registers on that private bus.
dbus-run-session -- bash -c '
  echo keyring-password-for-tests | gnome-keyring-daemon --unlock --components=secrets --daemonize >/dev/null ||
    echo "NOTE: gnome-keyring-daemon did not start; keychain tests will fail." >&2
  "$@"
' with-keyring "$@"
