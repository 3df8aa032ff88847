#!/usr/bin/env bash
# Makes sure the real-kernel twin's tools are installed (tsq-lab twin, npm run
# fidelity): iperf3 runs the flows, ethtool sets the veth's offloads, ping
# measures latency, irtt runs the UDP latency probes (as Flent does). Debian's iperf3 asks whether to start a daemon at boot:
# the answer is preseeded to no, and the install is non-interactive.
set -euo pipefail
missing=()
command -v iperf3 >/dev/null 2>&1 || missing+=(iperf3)
command -v ethtool >/dev/null 2>&1 || missing+=(ethtool)
command -v ping >/dev/null 2>&1 || missing+=(iputils-ping)
command -v irtt >/dev/null 2>&1 || missing+=(irtt)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's ${missing[*]} for the real-kernel twin…"
  export DEBIAN_FRONTEND=noninteractive
  if command -v debconf-set-selections >/dev/null 2>&1; then
    echo "iperf3 iperf3/start_daemon boolean false" | debconf-set-selections
  fi
  apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1 ||
    { apt-get update -qq >/dev/null && apt-get install -y -qq "${missing[@]}" >/dev/null; }
  if command -v iperf3 >/dev/null 2>&1 && command -v ethtool >/dev/null 2>&1 && command -v ping >/dev/null 2>&1 &&
    command -v irtt >/dev/null 2>&1; then
    exit 0
  fi
fi
echo "The twin needs iperf3, ethtool, ping and irtt: install Debian's 'iperf3', 'ethtool', 'iputils-ping' and 'irtt' packages (sudo apt-get install -y iperf3 ethtool iputils-ping irtt)." >&2
exit 1
