#!/usr/bin/env bash
# Makes sure Debian's Flent is installed: the Flent layer of the test command
# reads TSQ Lab's simulated data files with it (flent -i FILE -f summary, -p ping_cdf).
set -euo pipefail
if command -v flent >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's flent package for the Flent interop test…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq flent >/dev/null 2>&1 || { apt-get update -qq >/dev/null && apt-get install -y -qq flent >/dev/null; }
  command -v flent >/dev/null 2>&1 && exit 0
fi
echo "Flent is missing: install Debian's 'flent' package (sudo apt-get install -y flent)." >&2
exit 1
