#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium (the e2e layer drives it;
# Playwright's own browser downloads are never used).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium package for the e2e tests…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq chromium >/dev/null
  [ -x "$CHROMIUM" ] && exit 0
fi
echo "Chromium is missing: install Debian's 'chromium' package (sudo apt-get install -y chromium) so that $CHROMIUM exists." >&2
exit 1
