# Replicates the declarations of one schema file, for Benchmarks/compile-cost.sh.
#
#     awk -v mix=1 -v kind=callback -v extra=8 -f replicate.awk Schemas/Examples/MediaPlayer.publishers.yaml
#
# Prints the file's header (everything up to and including the top-level `publishers:` line, so its
# imports, access and `x-` anchors stay as written), then every declaration `mix` times (copies 1
# to mix), then the declarations of `kind` another `extra` times (copies mix + 1 to mix + extra).
# Copy c renames each declaration `Name` to `Name<c>` and the factories written in the declaration
# (`.namePublisher(`, `.nameSequence(`, as in a `test`'s `publisher:`) to match; types, parameters
# and code are left alone. Prints nothing when that makes no declaration. Assumes what the bundled examples do: `publishers:` is the last
# top-level key, each declaration starts at `  - ` with its `name:` first, and a declaration
# without a `kind:` of its own takes it from the `x-` anchor it merges (`<<: *anchor`).
function lower_first(s) { return tolower(substr(s, 1, 1)) substr(s, 2) }
function declaration_kind(text,    lines, n, i, m) {
    n = split(text, lines, "\n")
    for (i = 1; i <= n; i++) {
        if (match(lines[i], /^    kind: *[A-Za-z]+/)) {
            m = lines[i]; sub(/^    kind: */, "", m); sub(/[^A-Za-z].*$/, "", m); return m
        }
    }
    for (i = 1; i <= n; i++) {
        if (match(lines[i], /^    <<: *\*[A-Za-z0-9_-]+/)) {
            m = lines[i]; sub(/^    <<: *\*/, "", m); sub(/[^A-Za-z0-9_-].*$/, "", m); return anchor_kind[m]
        }
    }
    return ""
}
function flush() {
    if (item == "") return
    count++; items[count] = item; names[count] = item_name; kinds[count] = declaration_kind(item)
    item = ""
}
function print_copy(c, only,    i, text, name, lower) {
    for (i = 1; i <= count; i++) {
        if (only != "" && kinds[i] != only) continue
        text = items[i]; name = names[i]; lower = lower_first(name)
        sub("- name: " name, "- name: " name c, text)
        gsub("\\." lower "Publisher\\(", "." lower c "Publisher(", text)
        gsub("\\." lower "Sequence\\(", "." lower c "Sequence(", text)
        printf "%s", text
    }
}
BEGIN { in_body = 0; count = 0; item = ""; pending = "" }
!in_body {
    header = header $0 "\n"
    if (match($0, /^[A-Za-z0-9_-]+: *&[A-Za-z0-9_-]+/)) {
        current_anchor = $0; sub(/^[^&]*&/, "", current_anchor); sub(/[^A-Za-z0-9_-].*$/, "", current_anchor)
    } else if (current_anchor != "" && match($0, /^  kind: *[A-Za-z]+/)) {
        k = $0; sub(/^  kind: */, "", k); sub(/[^A-Za-z].*$/, "", k); anchor_kind[current_anchor] = k
    } else if (match($0, /^[^ #]/)) {
        current_anchor = ""
    }
    if ($0 ~ /^publishers:/) in_body = 1
    next
}
/^  - / {
    flush()
    item = pending $0 "\n"; pending = ""
    item_name = $0; sub(/^  - *name: */, "", item_name); sub(/[^A-Za-z0-9_].*$/, "", item_name)
    next
}
/^  #/ || /^ *$/ { pending = pending $0 "\n"; next }   # comments and blank lines go with the next declaration
{ item = item pending $0 "\n"; pending = "" }
END {
    flush()
    wanted = 0
    for (i = 1; i <= count; i++) if (mix > 0 || (extra > 0 && kinds[i] == kind)) wanted++
    if (wanted == 0) exit
    printf "%s", header
    for (c = 1; c <= mix; c++) print_copy(c, "")
    for (c = mix + 1; c <= mix + extra; c++) print_copy(c, kind)
}
