# Shared by scripts/test-all.sh and scripts/start.sh (sourced, not run): what a fresh Debian
# machine needs before the app's node_modules can be installed and its tests run.

# Installs the given apt packages that are missing. As root it runs apt-get itself; otherwise
# it says what to install and carries on (the steps that need them will then fail clearly).
ensure_apt_packages() {
  local missing=() pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    echo "apt packages present: $*"
    return 0
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "NOTE: no apt-get here, so these are not installed automatically: ${missing[*]}"
    return 0
  fi
  if [ "$(id -u)" -ne 0 ]; then
    echo "NOTE: not root, so the missing apt packages are not installed: ${missing[*]}"
    echo "      Install them with: sudo apt-get install -y ${missing[*]}"
    return 0
  fi
  echo "Installing apt packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q && apt-get install -y -q "${missing[@]}" </dev/null
}

# The apt packages the app's install (keytar builds from source) needs.
BUILD_APT_PACKAGES=(libsecret-1-dev python3 make g++ pkg-config)

# True when node_modules matches package-lock.json (npm writes node_modules/.package-lock.json
# on every install), so a developer's checkout is not wiped and reinstalled on every run.
node_modules_current() {
  [ -f node_modules/.package-lock.json ] &&
    [ ! package-lock.json -nt node_modules/.package-lock.json ] &&
    [ ! package.json -nt node_modules/.package-lock.json ]
}

# `npm ci` the way these machines need it: no Electron binary download (it cannot be had
# offline; the web shell stands in), and keytar compiled against the Node headers in /usr
# when they are there (no header download).
npm_ci() {
  export ELECTRON_SKIP_BINARY_DOWNLOAD=1
  if [ -f /usr/include/node/node_api.h ]; then export npm_config_nodedir=/usr; fi
  npm ci --no-audit --no-fund </dev/null
}
