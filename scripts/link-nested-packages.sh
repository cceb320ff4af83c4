#!/usr/bin/env bash
# Makes the links of the nested packages that only scripts build (Tests/ApplePlatforms/*,
# Tests/IsolationCheck, Tests/LanguageModeCheck) from scripts/nested-package-links.txt. They are not
# committed, so every script that builds one of those packages runs this first; run it yourself
# before opening one in Xcode. Idempotent: in each folder the manifest names it makes the missing
# links, corrects wrong ones and removes links the manifest no longer names; it never removes a file
# that is not a link.
#
#   --list   prints `link -> target` for each link and changes nothing.
#
# Fails when a manifest entry matches nothing, or a link's place holds something that is not a link.
set -euo pipefail
cd "$(dirname "$0")/.."
manifest=scripts/nested-package-links.txt

list=0
case "${1:-}" in
    --list) list=1 ;;
    "") ;;
    *) echo "usage: $0 [--list]" >&2; exit 2 ;;
esac

shopt -s nullglob
failures=0
while read -r directory patterns; do
    [[ -z "$directory" || "$directory" == \#* ]] && continue
    # Links are relative, from the folder back up to the repository root, so a moved checkout keeps them.
    up=$(sed -E 's#[^/]+#..#g' <<<"$directory")
    wanted=" "
    for pattern in $patterns; do
        # shellcheck disable=SC2206 # the pattern is globbed on purpose
        targets=($pattern)
        if ((${#targets[@]} == 0)) || [[ ! -e "${targets[0]}" ]]; then
            echo "$manifest: nothing matches $pattern (for $directory)" >&2
            failures=$((failures + 1))
            continue
        fi
        for target in "${targets[@]}"; do
            link=$directory/${target##*/}
            wanted+="$link "
            if ((list)); then
                echo "$link -> $target"
            elif [[ -e "$link" && ! -L "$link" ]]; then
                echo "$link is not a link: move it away, then run $0 again" >&2
                failures=$((failures + 1))
            elif [[ "$(readlink "$link" || true)" != "$up/$target" ]]; then
                mkdir -p "$directory"
                rm -f "$link"
                ln -s "$up/$target" "$link"
            fi
        done
    done
    ((list)) && continue
    for existing in "$directory"/*; do
        [[ -L "$existing" && "$wanted" != *" $existing "* ]] && rm "$existing"
    done
done <"$manifest"
((failures == 0))
