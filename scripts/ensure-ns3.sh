#!/usr/bin/env bash
# Makes sure Debian's ns-3 (3.37: packages ns3 and libns3-dev), a C++ compiler
# and GNU time are installed, for the side-by-side benchmark (npm run bench -- --vs-ns3).
set -euo pipefail
PKGS=(ns3 libns3-dev g++ time)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ "${#missing[@]}" -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's ${missing[*]} for the ns-3 comparison…" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1 || { apt-get update -qq >/dev/null && apt-get install -y -qq "${missing[@]}" >/dev/null; }
  exit 0
fi
echo "ns-3 is missing: install Debian's packages (sudo apt-get install -y ${missing[*]})." >&2
exit 1
