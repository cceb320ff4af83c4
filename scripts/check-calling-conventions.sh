#!/usr/bin/env bash
# The delegate sink's calling-convention proof on arm64, which `swift test` gives only for the
# machine's own architecture: the C harness (Tests/DelegateCallHarness) cross-compiled with
# aarch64-linux-gnu-gcc and run under qemu over Tests/CallingConventionCheck/arm64-table.inc, the
# sinks the runtime chooses on arm64 (CallingConventionTableTests keeps the table in step with the
# code). Installs the cross compiler and qemu with apt-get where they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v aarch64-linux-gnu-gcc >/dev/null || ! command -v qemu-aarch64 >/dev/null; then
    apt-get update -qq >/dev/null
    apt-get install -y -qq gcc-aarch64-linux-gnu qemu-user >/dev/null
fi
out=.build/calling-conventions
mkdir -p "$out"
for optimization in -O0 -O2; do
    aarch64-linux-gnu-gcc "$optimization" -std=c11 -Wall -Werror -static \
        -I Tests/DelegateCallHarness/include -I Tests/CallingConventionCheck \
        Tests/DelegateCallHarness/harness.c Tests/CallingConventionCheck/main.c -o "$out/arm64$optimization"
    echo "arm64 $optimization:"
    qemu-aarch64 "$out/arm64$optimization"
done
