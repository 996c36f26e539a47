#!/usr/bin/env bash
# Runs the suite once per database: `npm test` (both), `npm run test:sqlite`, `npm run test:pg`. Files or
# folders after them run just those: `npm run test:sqlite -- test/api/links.test.ts test/unit`.
# The PostgreSQL run starts a throwaway PostgreSQL 15 cluster on a free loopback port and stops it after.
# The browser tests (test/browser/) need Debian's Chromium: ensure-chromium.sh installs it when missing (as root),
# and only when a browser test is among the files; the proxy test needs Debian's nginx, which ensure-nginx.sh
# installs likewise.
set -euo pipefail
cd "$(dirname "$0")/.."
# The database comes first when given: `npm test -- test/unit` runs those files on both.
which_db=all
if [[ ${1:-} == all || ${1:-} == sqlite || ${1:-} == postgres ]]; then
  which_db=$1
  shift
fi
# A file or folder that is not there fails the run, rather than passing with nothing tested.
for path in "$@"; do
  [[ -e $path ]] || {
    echo "test.sh: no such test file or folder: $path" >&2
    exit 2
  }
done
mapfile -t files < <(find "${@:-test}" -name '*.test.ts' | sort)
if [[ ${#files[@]} -eq 0 ]]; then
  echo "test.sh: no *.test.ts in: ${*:-test}" >&2
  exit 2
fi
if printf '%s\n' "${files[@]}" | grep -q 'test/browser/'; then bash scripts/browser/ensure-chromium.sh; fi
# The proxy test runs on PostgreSQL only (two workers).
if [[ $which_db != sqlite ]] && printf '%s\n' "${files[@]}" | grep -q 'test/process/proxy.test.ts'; then
  bash scripts/deploy/ensure-nginx.sh
fi

run_suite() {
  echo "=== test suite on $1 ==="
  rm -rf "test-results/$1" # no screenshot left from an earlier run
  HORTUS_TEST_DB=$1 node --import tsx --test --test-concurrency=2 "${files[@]}"
}

# A failure on SQLite does not skip PostgreSQL: every run reports both, then fails if either failed.
failed=()
if [[ $which_db == all || $which_db == sqlite ]]; then run_suite sqlite || failed+=(sqlite); fi
if [[ $which_db == all || $which_db == postgres ]]; then
  bash scripts/postgres/with-test-cluster.sh bash -c "$(declare -f run_suite); $(declare -p files); run_suite postgres" ||
    failed+=(postgres)
fi
if [[ ${#failed[@]} -gt 0 ]]; then
  echo "=== failed on: ${failed[*]} ==="
  exit 1
fi
