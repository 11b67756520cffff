# Shared by scripts/test-all.sh and scripts/install-deps.sh (sourced, not run): what a fresh
# Debian machine needs before the app's node_modules can be installed and its tests run.

# True when the apt package is installed. The status is captured first: `dpkg-query | grep -q`
# under pipefail can report a present package as missing when grep exits early (SIGPIPE).
apt_package_installed() {
  local status
  status=$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null) || return 1
  [ "$status" = "install ok installed" ]
}

# Installs the given apt packages that are missing. As root it runs apt-get itself; otherwise
# it says what to install and carries on (the steps that need them will then fail clearly).
# Recommends are installed on purpose: they bring the fonts Chromium needs to render text.
ensure_apt_packages() {
  local missing=() pkg
  for pkg in "$@"; do
    apt_package_installed "$pkg" || missing+=("$pkg")
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

# missing | stale | current: whether node_modules was installed from this package-lock.json,
# by the stamp `npm_ci` writes (see lib/install-stamp.mjs; file times are not trusted).
node_modules_state() {
  node scripts/lib/install-stamp.mjs state
}

# The Node headers keytar compiles against: those of the node that runs npm. Without them
# node-gyp would try to download headers, which cannot work offline.
node_headers_prefix() {
  local prefix
  prefix=$(dirname "$(dirname "$(readlink -f "$(command -v node)")")")
  if [ ! -f "$prefix/include/node/node_api.h" ]; then
    echo "ERROR: no Node headers at $prefix/include/node/node_api.h: keytar is compiled against the headers of the node that runs npm, and node-gyp cannot download them here; use a Node install that ships its headers (nodejs.org builds and Debian's nodejs package do)." >&2
    return 1
  fi
  echo "$prefix"
}

# `npm ci` the way these machines need it: no Electron binary download (it cannot be had
# offline; the web shell stands in), keytar compiled against the local Node headers, and the
# install stamp written once it succeeded.
npm_ci() {
  local nodedir
  nodedir=$(node_headers_prefix) || return 1
  export ELECTRON_SKIP_BINARY_DOWNLOAD=1 npm_config_nodedir="$nodedir"
  npm ci --no-audit --no-fund </dev/null && node scripts/lib/install-stamp.mjs write
}
