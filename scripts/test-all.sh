#!/usr/bin/env bash
# Every check in one command (`npm run test:all`; .ci/run calls this file directly):
#   machine setup  apt packages when missing (as root), then `npm ci` when node_modules is
#                  missing or older than package-lock.json (always under CI=true)
#   lint           eslint
#   typecheck      tsc (node code) + vue-tsc (renderer)
#   unit           vitest, inside a private D-Bus session with an unlocked gnome-keyring
#   build          electron-vite build + the web shell
#   e2e            Playwright in Debian's Chromium against the web shell (same keyring session)
# Every step runs even when an earlier one failed, and the last line sums them all:
#   N passed, N failed, N skipped
# Test runners count each test; lint, typecheck and build count as one check each; the setup
# steps count only when they fail. Any failure makes the exit status non-zero.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=lib/machine-setup.sh
source scripts/lib/machine-setup.sh

reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT

passed=0 failed=0 skipped=0
summary=()

banner() { printf '\n==> %s\n' "$1"; }
record() { # name passed failed skipped
  passed=$((passed + $2)) failed=$((failed + $3)) skipped=$((skipped + $4))
  summary+=("$(printf '%-11s %s passed, %s failed, %s skipped' "$1" "$2" "$3" "$4")")
}
check() { # name command... : one check, passed or failed by exit status
  local name=$1
  shift
  banner "$name: $*"
  if "$@"; then record "$name" 1 0 0; else record "$name" 0 1 0; fi
}

banner "setup: apt packages"
if ! ensure_apt_packages chromium libsecret-1-dev gnome-keyring dbus "${BUILD_APT_PACKAGES[@]}"; then
  record "apt" 0 1 0
fi

banner "setup: npm ci"
if [ "${CI:-}" != "true" ] && node_modules_current; then
  echo "node_modules matches package-lock.json: npm ci not needed (it runs when they differ, and always under CI=true)."
elif ! npm_ci; then
  record "npm ci" 0 1 0
fi

check lint npm run --silent lint
check typecheck npm run --silent typecheck

banner "unit: vitest (in a private keyring session)"
scripts/lib/with-keyring.sh npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json"
unit_status=$?
read -r p f s < <(node scripts/lib/count-results.mjs vitest "$reports/vitest.json" "$unit_status")
record "unit" "$p" "$f" "$s"

banner "build: electron-vite build + web shell"
if npx electron-vite build && node scripts/build-web.mjs; then
  record build 1 0 0
  build_ok=yes
else
  record build 0 1 0
  build_ok=no
fi

banner "e2e: Playwright in Chromium against the web shell (in a private keyring session)"
if [ "$build_ok" = yes ]; then
  E2E_SKIP_BUILD=1 PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" \
    scripts/lib/with-keyring.sh npx playwright test --reporter=list,json
  e2e_status=$?
  read -r p f s < <(node scripts/lib/count-results.mjs playwright "$reports/playwright.json" "$e2e_status")
  record "e2e" "$p" "$f" "$s"
else
  echo "Not run: the build failed, so there is no current app to test."
  record "e2e" 0 1 0
fi

banner "summary (lint, typecheck and build count as one check each)"
printf '  %s\n' "${summary[@]}"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
