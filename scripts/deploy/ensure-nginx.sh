#!/usr/bin/env bash
# Makes sure Debian's nginx is installed for the proxy test (test/process/proxy.test.ts, which runs
# deploy/nginx/hortus.conf), installing it when missing and we are root: `bash scripts/deploy/ensure-nginx.sh`.
# Used by .ci/run and scripts/test.sh. HORTUS_NGINX names another binary (test/helpers/nginx.ts reads it too).
set -euo pipefail

NGINX=${HORTUS_NGINX:-/usr/sbin/nginx}

log() { echo "ensure-nginx: $*" >&2; }

[[ -x $NGINX ]] && exit 0

if [[ $(id -u) -ne 0 ]]; then
  log "nginx is not installed at $NGINX; install Debian's nginx package (needs root): apt-get install nginx"
  exit 1
fi
log "installing nginx"
# The package's own service is not used: the test runs nginx itself, in a temporary directory.
DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx >&2
[[ -x $NGINX ]] || {
  log "the nginx package installed no $NGINX"
  exit 1
}
