#!/usr/bin/env bash
# The documentation site as a browser shows it: builds the static site (scripts/build-documentation.sh),
# serves it on 127.0.0.1, and opens every page in headless Chromium at 1280 px
# (scripts/check-documentation-site.py says what fails a page). Installs Chromium with apt-get where
# it is missing. CI runs it; about 5 minutes, most of it the browsers (one per processor).
#
#   bash scripts/check-documentation-site.sh [site directory, default .build/documentation-site]
#   SKIP_BUILD=1 bash scripts/check-documentation-site.sh <site>   # check a site already built
set -euo pipefail
cd "$(dirname "$0")/.."
site=${1:-.build/documentation-site}

chromium=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium" ]; then
    echo "Installing Chromium (apt-get)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
    chromium=$(command -v chromium)
fi

if [ "${SKIP_BUILD:-0}" != 1 ]; then
    rm -rf "$site"
    bash scripts/build-documentation.sh "$site" 2>&1 | tail -3
fi

# A free port on loopback, chosen by the kernel, and a server that ends with this script.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site" >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do
    if python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/')" 2>/dev/null; then
        break
    fi
    sleep 0.1
done

python3 scripts/check-documentation-site.py "$site" "http://127.0.0.1:$port" --chromium "$chromium"
