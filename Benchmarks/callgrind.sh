#!/usr/bin/env bash
# Instructions per delivered value, counted by valgrind's callgrind (exact and repeatable, unlike
# wall-clock time on a shared machine): each contestant of BenchDriver runs with N values and with
# none, and the difference is divided by N. Profiles are left in $out for callgrind_annotate.
#
#     Benchmarks/callgrind.sh [N]          # default N = 20000
set -euo pipefail
cd "$(dirname "$0")"
n=${1:-20000}
out=${CALLGRIND_OUT:-.build/callgrind}
mkdir -p "$out"
swift build -c release --product BenchDriver > /dev/null
# valgrind 3.19 cannot read the toolchain's DWARF 5; symbols are enough.
objcopy --strip-debug .build/release/BenchDriver "$out/BenchDriver"

instructions() { # contestant demand count
    valgrind --tool=callgrind --callgrind-out-file="$out/$1.$2.$3.out" "$out/BenchDriver" "$1" "$2" "$3" 2>&1 \
        | sed -nE 's/.*Collected : ([0-9]+).*/\1/p'
}

echo "| contestant | demand | instructions per value |"
echo "| --- | --- | ---: |"
for contestant in closure passthrough handwritten callback sender targetAction periodic polling; do
    demands="unlimited one"
    [[ $contestant == polling || $contestant == closure || $contestant == sender ]] && demands="one"
    for demand in $demands; do
        empty=$(instructions "$contestant" "$demand" 0)
        full=$(instructions "$contestant" "$demand" "$n")
        echo "| $contestant | $demand | $(((full - empty) / n)) |"
    done
done
