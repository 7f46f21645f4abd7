#!/usr/bin/env bash
# BenchExec for kappa: creates .venv-benchexec (BenchExec from PyPI) when
# missing and runs its tools with benchexec/ on PYTHONPATH, where the
# tool-info module is `tools.kappa` (benchexec/tools/kappa.py).
#
#   scripts/benchexec.sh setup                    create the venv only
#   scripts/benchexec.sh test-tool-info [DIR]     check the tool-info module with
#       BenchExec's test_tool_info (kappa in DIR/target/release, default the
#       repository) on the sample outputs in benchexec/test-outputs; fails
#       unless every verdict maps to its BenchExec result
#   scripts/benchexec.sh run [ARGS...]            benchexec benchexec/kappa.xml ARGS
#       (the tasks are ../shared/corpus beside the repository; needs cgroups;
#       run it from a directory outside /tmp: each run's witness.yml is kept)
#   scripts/benchexec.sh table [ARGS...]          table-generator ARGS
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/.venv-benchexec"
version="3.35"

setup() {
    if [ ! -x "$venv/bin/benchexec" ]; then
        if ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
            # Debian splits the venv module off
            apt-get install -y -qq python3-venv >/dev/null
        fi
        python3 -m venv "$venv"
        "$venv/bin/pip" install -q "benchexec==$version"
    fi
}

setup
export PYTHONPATH="$root/benchexec${PYTHONPATH:+:$PYTHONPATH}"
cmd="${1:-setup}"
shift || true
case "$cmd" in
    setup) ;;
    test-tool-info)
        dir="${1:-$root}"
        out="$("$venv/bin/python" -m benchexec.test_tool_info tools.kappa \
            --no-container --tool-directory "$dir" \
            --tool-output "$root"/benchexec/test-outputs/{true,false,unknown,error}.txt \
            --task-definition "$root/benchexec/test-task/task.yml" 2>&1)"
        echo "$out"
        fail=0
        check() {
            if ! grep -qF -- "$1" <<<"$out"; then
                echo "benchexec.sh: test_tool_info output lacks: $1" >&2
                fail=1
            fi
        }
        check "Version: “"
        check "Result of analyzing tool output in “$root/benchexec/test-outputs/true.txt”:"
        check "“true”"
        check "“false(unreach-call)”"
        check "“unknown”"
        check "“ERROR (t.c: cannot read file: no such file)”"
        check "'--data-model', 'LP64'"
        check "'--timeout', '900'"
        if grep -q "Traceback" <<<"$out"; then
            echo "benchexec.sh: test_tool_info raised an exception" >&2
            fail=1
        fi
        exit "$fail"
        ;;
    # (an overlay of / fails on machines without fuse-overlayfs >= 1.10:
    # the runs see the file system read-only, /tmp and /run hidden, and
    # the working directory as an overlay of its own, so each run writes
    # its witness.yml there and BenchExec collects it; run it from a
    # directory outside /tmp)
    run)
        exec "$venv/bin/benchexec" "$root/benchexec/kappa.xml" --tool-directory "$root" \
            --read-only-dir / --overlay-dir "$PWD" "$@"
        ;;
    table) exec "$venv/bin/table-generator" "$@" ;;
    *)
        echo "benchexec.sh: unknown command $cmd (setup, test-tool-info, run, table)" >&2
        exit 2
        ;;
esac
