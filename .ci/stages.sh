# Sourced by .ci/run: `stage NAME COMMAND…` runs a command as a named stage, marks each line of its
# output with the name (stages may run side by side) and records its wall time; on exit, pass or
# fail, the run prints every stage's time, the whole run's, and the slowest end-to-end spec files
# from the Playwright JSON reports that the stages wrote into $reports.
stage_times=$(mktemp)
run_started=$SECONDS

stage() {
  local name=$1 started=$SECONDS status=0
  shift
  echo "== $name"
  "$@" 2>&1 | sed -u "s/^/[$name] /" || status=$?
  printf '%s\t%s\t%s\n' "$name" $((SECONDS - started)) "$([ $status = 0 ] && echo passed || echo FAILED)" >>"$stage_times"
  return $status
}

print_stage_times() {
  echo
  echo "== Stages (wall time; side-by-side stages overlap)"
  awk -F'\t' '{ printf "  %-40s %3d:%02d  %s\n", $1, $2 / 60, $2 % 60, $3 }' "$stage_times"
  local total=$((SECONDS - run_started))
  printf '  %-40s %3d:%02d\n' "whole run" $((total / 60)) $((total % 60))
  if [ -n "${reports:-}" ] && compgen -G "$reports/*.json" >/dev/null; then
    echo
    echo "== The ten slowest spec files (the sum of their tests' times, retries included)"
    node .ci/slowest-specs.mjs "$reports"/*.json || true
  fi
}
trap print_stage_times EXIT
