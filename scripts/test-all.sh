#!/usr/bin/env bash
# Every check in one command (`npm run test:all`; .ci/run calls this file directly):
#   machine setup  apt packages when missing (as root), then `npm ci` when node_modules is
#                  missing or was installed from another package-lock.json (always under CI=true)
#   lint           eslint
#   typecheck      tsc (node code) + vue-tsc (renderer)
#   build          `node scripts/build.mjs --force` (npm run build): the app and the web shell
#   electronegativity  Electron security checks over the built app (scripts/electronegativity.mjs):
#                  fails on any finding not accepted with a reason in
#                  security/electronegativity-accepted.json
#   unit           vitest, inside a private D-Bus session with an unlocked gnome-keyring, with
#                  coverage (v8): its summary in the output, the full report in coverage/. A room
#                  of the code below its floor (vitest.config.ts) fails the step, counted as one
#                  failure with the reason when every test passed
#   e2e            Playwright in Debian's Chromium against the web shell (same keyring session)
#   electron       Playwright's Electron driver against the desktop app (test/electron); where
#                  Electron cannot start (no binary, no display) its test skips itself and the
#                  step counts as skipped, with the reason
# Every step runs even when an earlier one failed, each under a time limit so a hang cannot
# cost the summary, and the last line sums them all:
#   N passed, N failed, N skipped
# Test runners count each test; lint, typecheck, build and electronegativity count as one check
# each; the setup steps count only when they fail. A runner that ran no test, a missing report
# and a step that ran out of time each count as a failure. Any failure makes the exit status
# non-zero.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# Health checks in every process the tests start reach only loopback (127.0.0.0/8, ::1): the
# test command makes no DNS query, connection or RDAP look-up off the machine.
export SITE_MANAGER_LOOPBACK_ONLY=1
# shellcheck source=lib/machine-setup.sh
source scripts/lib/machine-setup.sh

reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT

passed=0 failed=0 skipped=0
summary=()
timed_out=no

banner() { printf '\n==> %s\n' "$1"; }
record() { # name passed failed skipped [note]
  passed=$((passed + $2)) failed=$((failed + $3)) skipped=$((skipped + $4))
  summary+=("$(printf '%-17s %s passed, %s failed, %s skipped%s' "$1" "$2" "$3" "$4" "${5:+ ($5)}")")
}
# Runs a command with a limit in minutes; sets timed_out=yes when the limit stopped it.
# GNU timeout signals the command's whole process group (browsers, workers), then KILLs
# whatever is left 30 s later.
limited() { # minutes command...
  local minutes=$1 started=$SECONDS status
  shift
  timeout --kill-after=30s "${minutes}m" "$@"
  status=$?
  timed_out=no
  if { [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; } && [ $((SECONDS - started)) -ge $((minutes * 60)) ]; then
    timed_out=yes
    echo "TIMED OUT: stopped after ${minutes} minutes, counted as a failure: $*"
  fi
  return "$status"
}
check() { # name minutes command... : one check, passed or failed by exit status
  local name=$1 minutes=$2
  shift 2
  banner "$name: $*"
  if limited "$minutes" "$@"; then
    record "$name" 1 0 0
    return 0
  fi
  if [ "$timed_out" = yes ]; then record "$name" 0 1 0 "timed out after $minutes min"; else record "$name" 0 1 0; fi
  return 1
}
runner() { # name minutes kind report command... : a test runner, counted test by test
  local name=$1 minutes=$2 kind=$3 report=$4 status p f s note
  shift 4
  limited "$minutes" "$@"
  status=$?
  if [ "$timed_out" = yes ]; then
    record "$name" 0 1 0 "timed out after $minutes min"
    return
  fi
  read -r p f s note < <(node scripts/lib/count-results.mjs "$kind" "$report" "$status")
  record "$name" "${p:-0}" "${f:-1}" "${s:-0}" "${note:-}"
}

banner "setup: apt packages"
if ! ensure_apt_packages chromium libsecret-1-dev gnome-keyring dbus openssl poppler-utils "${BUILD_APT_PACKAGES[@]}"; then
  record "apt" 0 1 0
fi

banner "setup: npm ci"
install_state=$(node_modules_state 2>/dev/null)
if [ "${CI:-}" != "true" ] && [ "$install_state" = current ]; then
  echo "node_modules was installed from this package-lock.json: npm ci not needed (it runs when they differ, and always under CI=true)."
elif ! limited 15 bash -c 'source scripts/lib/machine-setup.sh && npm_ci'; then
  if [ "$timed_out" = yes ]; then record "npm ci" 0 1 0 "timed out after 15 min"; else record "npm ci" 0 1 0; fi
fi

check lint 5 npm run --silent lint
check typecheck 5 npm run --silent typecheck

# The build comes before the unit tests: a few of them start the built web shell.
if check build 10 node scripts/build.mjs --force; then build_ok=yes; else build_ok=no; fi

# Over the app just built (about 10 s); its SARIF report stays with the other reports.
if [ "$build_ok" = yes ]; then
  check electronegativity 3 node scripts/electronegativity.mjs --output "$reports/electronegativity.sarif"
else
  banner "electronegativity: not run, the build failed, so there is no current app to check."
  record "electronegativity" 0 1 0
fi

banner "unit: vitest with coverage (in a private keyring session)"
# Coverage makes the run slower (about 16 minutes on a busy two-core machine): hence 30.
runner unit 30 vitest "$reports/vitest.json" \
  scripts/lib/with-keyring.sh npx vitest run --coverage --reporter=default --reporter=json --outputFile.json="$reports/vitest.json"

banner "e2e: Playwright in Chromium against the web shell (in a private keyring session)"
if [ "$build_ok" = yes ]; then
  # Playwright's own globalTimeout (playwright.config.ts) ends the run first and still writes
  # its report; this limit is for a Playwright that hangs itself.
  E2E_SKIP_BUILD=1 PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" \
    runner e2e 25 playwright "$reports/playwright.json" \
    scripts/lib/with-keyring.sh npx playwright test --reporter=list,json
else
  echo "Not run: the build failed, so there is no current app to test."
  record "e2e" 0 1 0
fi

banner "electron: the desktop app under Playwright's Electron driver (skipped, with the reason, where Electron cannot start)"
if [ "$build_ok" = yes ]; then
  electron_status=0
  E2E_SKIP_BUILD=1 PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/electron.json" \
    limited 5 scripts/lib/with-keyring.sh npx playwright test -c playwright.electron.config.ts --reporter=list,json || electron_status=$?
  if [ "$timed_out" = yes ]; then
    record "electron" 0 1 0 "timed out after 5 min"
  else
    read -r p f s electron_reason < <(node scripts/lib/electron-results.mjs "$reports/electron.json" "$electron_status")
    record "electron" "${p:-0}" "${f:-1}" "${s:-0}" "${electron_reason:-}"
  fi
else
  echo "Not run: the build failed, so there is no current app to test."
  record "electron" 0 1 0
fi

banner "summary (lint, typecheck, build and electronegativity count as one check each)"
printf '  %s\n' "${summary[@]}"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
