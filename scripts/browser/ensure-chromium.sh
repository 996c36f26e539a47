#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed for the browser tests (test/browser/), installing it when
# missing and we are root: `bash scripts/browser/ensure-chromium.sh`. Used by .ci/run and scripts/test.sh.
# Playwright never downloads a browser here: playwright-core drives this one. HORTUS_CHROMIUM names
# another binary (test/browser/browser.ts reads the same variable).
set -euo pipefail

CHROMIUM=${HORTUS_CHROMIUM:-/usr/bin/chromium}

log() { echo "ensure-chromium: $*" >&2; }

[[ -x $CHROMIUM ]] && exit 0

if [[ $(id -u) -ne 0 ]]; then
  log "Chromium is not installed at $CHROMIUM; install Debian's chromium package (needs root): apt-get install chromium"
  exit 1
fi
log "installing chromium"
# fonts-dejavu-core: a slim image has no fonts, and screenshots would show boxes instead of text.
DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >&2
[[ -x $CHROMIUM ]] || {
  log "the chromium package installed no $CHROMIUM"
  exit 1
}
