#!/usr/bin/env bash
# Installs the app's dependencies unless node_modules was installed from the current
# package-lock.json (by its stamp, lib/install-stamp.mjs): on Debian as root first the apt
# packages keytar's build needs, then `npm ci` the way these machines need it (see
# lib/machine-setup.sh). `npm start` and `npm run web` call this only when node_modules is
# missing, so they work straight from a fresh clone. Output goes to stderr: stdout is the app's.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=lib/machine-setup.sh
source scripts/lib/machine-setup.sh

if [ "$(node_modules_state)" = current ]; then exit 0; fi
{
  echo "Installing dependencies (first run, or package-lock.json changed)..."
  ensure_apt_packages "${BUILD_APT_PACKAGES[@]}"
  echo "npm ci: fetching and unpacking the packages, then compiling keytar (a few minutes the first time)..."
  npm_ci
} >&2
