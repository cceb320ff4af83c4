#!/usr/bin/env bash
# Compile cost of generated code (issue 42): the debug build time one more declaration adds to an
# app's build, as a slope, for the publishers and sequences and, separately, for the generated
# tests. Not run by CI: it takes minutes and measures the machine as much as the code.
#
# The subject is laid out as an app's package (Benchmarks/compile-cost/, made afresh at each run in
# $COMPILE_COST_PACKAGE): one library target, `App`, with the build plugin, the bundled examples'
# schemas (Schemas/Examples) and their owner doubles (Tests/GeneratedExamples/Doubles); one test
# target, `AppTests`, with the plugin, which generates the tests of `App`. It depends on this
# checkout by path and on OpenCombine 0.14.0 (generated code imports it on Linux).
#
# Sizes (declarations copied with their names suffixed: Benchmarks/compile-cost/replicate.awk):
#   base      the examples' declarations once (19: every kind, the mix an app would have)
#   mix       the examples' declarations MIX_COPIES times (default 8, so 152)
#   <kind>    the base plus about KIND_DECLARATIONS (default 32) more declarations of that kind,
#             the examples' declarations of the kind copied as often as it takes
# The per-declaration figure of a row is (median of its size − median of the base) / (its
# declarations − the base's): the cost of a declaration added to a module that already compiles the
# runtime, the doubles and the plugin's fixed work, which cancel in the difference. Kinds: callback,
# polling, targetAction (the examples' Swift-native senders, which compile on Linux), periodic,
# delegate (native proxies), observation.
#
# What is timed: for each size, after one untimed `swift build --target AppTests` (it runs the
# generator and builds everything), REPETITIONS (default 3) clean builds of each module alone: the
# module's objects, dependency records and swiftmodule are deleted and `swift build --target App`
# (then `--target AppTests`, its dependency up to date) rebuilds every file of it, the generated
# ones as they are (the generator does not run: its inputs did not change). A clean build rather
# than touched sources, because it is what a first build, a CI build and a schema change that
# regenerates every file of the module pay, and because touching the plugin's outputs is up to
# SwiftPM's and the driver's incremental rules. `/usr/bin/time` counts the build's CPU time
# (user + sys of swift-build and every compiler it waits for) and its wall-clock time; on a shared
# machine quote the CPU time, which the other builds' load moves far less. Every build runs under
# `nice -n 10`. Debug configuration, the default jobs (one per core).
#
# Prints a Markdown table (milliseconds per declaration, CPU and wall-clock) and, after it, the
# medians, the machine's state and where the raw runs are ($COMPILE_COST_PACKAGE/runs.tsv: size,
# declarations, module, repetition, wall, user, sys seconds, files compiled).
#
#     Benchmarks/compile-cost.sh              # defaults: 16 minutes on 2 shared cores (load 8-11)
#     REPETITIONS=1 MIX_COPIES=2 KIND_DECLARATIONS=8 KINDS="callback delegate" Benchmarks/compile-cost.sh
#
# The first run also builds the generator and OpenCombine for the package (a few minutes, untimed);
# later runs reuse them from $COMPILE_COST_PACKAGE/.build.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
repetitions=${REPETITIONS:-3}
mix_copies=${MIX_COPIES:-8}
kind_declarations=${KIND_DECLARATIONS:-32}
kinds=${KINDS:-callback polling targetAction periodic delegate observation}
package=${COMPILE_COST_PACKAGE:-$repo/Benchmarks/.build/compile-cost}
replicate="$repo/Benchmarks/compile-cost/replicate.awk"
examples="$repo/Schemas/Examples"

# The package: its manifest, the owner doubles and a test file are written afresh, schemas per size.
mkdir -p "$package"
cd "$package"
rm -rf Sources Tests
mkdir -p Sources/App Tests/AppTests
sed "s|@REPOSITORY@|$repo|" "$repo/Benchmarks/compile-cost/Package.swift.in" > Package.swift
cp "$repo"/Tests/GeneratedExamples/Doubles/*.swift Sources/App/
cp "$repo/Benchmarks/compile-cost/AppTests.swift" Tests/AppTests/

swift_build() { # arguments for swift build; prints its "wall user sys files" (files: swift files compiled)
    local log
    log="$(mktemp)"
    if ! /usr/bin/time -f '%e %U %S' -o "$log.time" nice -n 10 swift build "$@" > "$log" 2>&1; then
        cat "$log" >&2
        exit 1
    fi
    echo "$(cat "$log.time") $(grep -c '] Compiling ' "$log" || true)"
    rm -f "$log" "$log.time"
}

# Removes what compiling `module` made, so that the next build compiles all of it again.
clean_module() {
    local module=$1
    find "$bin/$module.build" -maxdepth 1 -type f \( -name '*.o' -o -name '*.d' -o -name '*.dia' \
        -o -name '*.swiftdeps' -o -name '*.priors' -o -name '*.autolink' \) -delete
    rm -f "$bin/Modules/$module".*
}

# Writes the schemas of a size: every example `mix` times, then `extra` copies of `kind`'s.
write_schemas() { # mix kind extra
    rm -f Sources/App/*.publishers.yaml
    local schema name
    for schema in "$examples"/*.publishers.yaml; do
        name=$(basename "$schema")
        awk -v mix="$1" -v kind="$2" -v extra="$3" -f "$replicate" "$schema" > "Sources/App/$name"
        [[ -s "Sources/App/$name" ]] || rm "Sources/App/$name"
    done
    cat Sources/App/*.publishers.yaml | grep -c '^  - name:'
}

# How many of the examples' declarations are of `kind`.
kind_count() {
    local schema count=0
    for schema in "$examples"/*.publishers.yaml; do
        count=$((count + $(awk -v mix=0 -v kind="$1" -v extra=1 -f "$replicate" "$schema" | grep -c '^  - name:' || true)))
    done
    echo "$count"
}

load() { cut -d' ' -f1-3 < /proc/loadavg; }
state_before="load average $(load) at $(date -u '+%Y-%m-%d %H:%M UTC')"
started=$SECONDS
raw="$package/runs.tsv"
printf 'size\tdeclarations\tmodule\trepetition\twall\tuser\tsys\tfiles\n' > "$raw"

# One size: generate and build it, then time clean builds of each module.
measure() { # size mix kind extra
    local size=$1 declarations repetition module
    declarations=$(write_schemas "$2" "$3" "$4")
    swift_build --target AppTests > /dev/null
    bin=${bin:-$(nice -n 10 swift build --show-bin-path)}
    for ((repetition = 1; repetition <= repetitions; repetition++)); do
        for module in App AppTests; do
            clean_module "$module"
            swift_build --target "$module" > "$package/last-build"
            read -r wall user sys files < "$package/last-build"
            printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$size" "$declarations" "$module" "$repetition" \
                "$wall" "$user" "$sys" "$files" >> "$raw"
        done
    done
    echo "measured $size: $declarations declarations ($((SECONDS - started)) s so far)" >&2
}

measure base 1 "" 0
measure mix "$mix_copies" "" 0
for kind in $kinds; do
    per_copy=$(kind_count "$kind")
    (( per_copy > 0 )) || { echo "no example declares kind $kind" >&2; exit 1; }
    copies=$(( (kind_declarations + per_copy / 2) / per_copy ))
    (( copies > 0 )) || copies=1
    measure "$kind" 1 "$kind" "$copies"
done

# Median of a column (wall, cpu) for a size and module, from the raw runs.
median() { # size module column
    awk -F'\t' -v size="$1" -v module="$2" -v column="$3" 'NR > 1 && $1 == size && $3 == module {
        print (column == "wall") ? $5 : $6 + $7 }' "$raw" \
        | sort -g | awk '{ v[NR] = $1 } END { printf "%.2f", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
declarations() { awk -F'\t' -v size="$1" 'NR > 1 && $1 == size { print $2; exit }' "$raw"; }
slope() { # size module column: milliseconds per declaration against the base
    awk -v a="$(median "$1" "$2" "$3")" -v b="$(median base "$2" "$3")" \
        -v n="$(declarations "$1")" -v m="$(declarations base)" 'BEGIN { printf "%.0f", (a - b) * 1000 / (n - m) }'
}

echo "| per declaration, debug | declarations | publishers and sequences, CPU | wall-clock | generated tests, CPU | wall-clock |"
echo "| --- | ---: | ---: | ---: | ---: | ---: |"
for size in mix $kinds; do
    if [[ $size == mix ]]; then label="the examples' mix (×1 → ×$mix_copies)"; else label="$size"; fi
    echo "| $label | $(declarations base) → $(declarations "$size") | $(slope "$size" App cpu) ms" \
        "| $(slope "$size" App wall) ms | $(slope "$size" AppTests cpu) ms | $(slope "$size" AppTests wall) ms |"
done
echo
echo "Medians of $repetitions clean builds (CPU s / wall s): App, AppTests"
echo
for size in base mix $kinds; do
    echo "- $size ($(declarations "$size") declarations): $(median "$size" App cpu) / $(median "$size" App wall)," \
        "$(median "$size" AppTests cpu) / $(median "$size" AppTests wall)"
done
echo
echo "$(nproc) cores; $state_before, load average $(load) at the end; $((SECONDS - started)) s;" \
    "$(swift --version 2>&1 | head -1); $(git -C "$repo" rev-parse --short HEAD)$(git -C "$repo" diff --quiet HEAD -- Sources Runtime Plugins Package.swift || echo ' (modified)'); raw runs: $raw"
