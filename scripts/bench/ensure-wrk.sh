#!/usr/bin/env bash
# Makes sure wrk, the bench's load generator, is installed: Debian's package, installed when missing and we
# are root (as scripts/browser/ensure-chromium.sh does for Chromium); never downloaded or built from source.
# HORTUS_WRK names another binary (bench/load.ts reads the same variable).
set -euo pipefail
WRK=${HORTUS_WRK:-/usr/bin/wrk}
[[ -x $WRK ]] && exit 0
if [[ $(id -u) -ne 0 ]]; then
  echo "ensure-wrk: wrk is not installed at $WRK; install Debian's wrk package (needs root): apt-get install wrk" >&2
  exit 1
fi
echo "ensure-wrk: installing wrk" >&2
DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends wrk >&2
[[ -x $WRK ]] || {
  echo "ensure-wrk: the wrk package installed no $WRK" >&2
  exit 1
}
