#!/usr/bin/env bash
# `bash scripts/side-by-side.sh a b …` runs `npm run a`, `npm run b` … at once and fails if any
# fails. The type check, lint and layer check are single-threaded: side by side, they take the
# longest one's time instead of the sum on CI's 2 cores.
set -u
pids=()
for script in "$@"; do
  npm run -s "$script" &
  pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
exit $status
