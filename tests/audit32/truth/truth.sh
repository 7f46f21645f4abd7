#!/bin/bash
# Native ground truth of one tests/audit32 program: truth.sh FILE N VALUES
# runs FILE (clang-16 -m32 -O0, UBSan in trap mode so that undefined
# behaviour ends a run abnormally) once per sequence of N nondet values
# drawn from VALUES (e.g. `1 0-255`, `12 0,1`) and prints how many runs
# reached reach_error and how many hit undefined behaviour.
set -e
f=$1; n=$2; v=$3
d=$(mktemp -d); here=$(dirname "$0")
S="-fsanitize=undefined -fsanitize-trap=undefined"
clang-16 -m32 -O0 -w $S -Dmain=prog_main -c "$f" -o $d/p.o
clang-16 -m32 -O0 -c "$here/driver.c" -o $d/d.o
clang-16 -m32 $d/p.o $d/d.o -o $d/run
$d/run "$n" "$v"
rm -rf "$d"
