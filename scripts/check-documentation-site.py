#!/usr/bin/env python3
"""Opens every page of a DocC static site in headless Chromium and checks what a reader sees.

    python3 scripts/check-documentation-site.py <site directory> <base URL> [--chromium PATH]

The site is served at <base URL> (scripts/check-documentation-site.sh starts the server). Every
page the archive holds (one per file under data/documentation), plus "/" and "/documentation", is
opened at 1280 x 900 in one of several headless Chromiums (one per processor, at most four), each
on a thread of its own, through the DevTools protocol on a pipe (no WebSocket, no Python package
beyond the standard library). A page fails when:
- it renders no title (no heading, or the renderer's "can't be found");
- a link on it leads to a page of the site that does not render, or to an anchor (#...) that the
  target page does not have;
- it is the first page ("/") and does not link to every article;
- a code listing on it scrolls sideways or is cut off (its text is wider than its box). A symbol's
  declaration that does is reported, not failed: DocC's renderer lays those out;
- a line of a code listing wraps between two characters of one identifier, or (in a listing of
  code, not of text such as a diagnostic) inside a "string literal";
- inline code breaks across lines between two characters of one identifier (Async / Sequence);
- it is an article of the catalog and its eyebrow does not read "Article" (a `## Topics` section
  makes an article a collection: another icon, no eyebrow, and its links repeated in the sidebar);
- it is the first page and its eyebrow is not one of FIRST_PAGE_EYEBROWS ("Command-line Tool" is
  DocC's word for an executable's module, not for a package people adopt as a plugin);
- it is the first page and it does not link to the bundled examples' API (EXAMPLES), or the
  sidebar's index (index/index.json) does not list that API under the first page.
Links to other sites are counted, not followed: the check runs without a network.
"""

import collections
import fcntl
import json
import os
import subprocess
import sys
import threading
import time
import urllib.parse

VIEWPORT_WIDTH, VIEWPORT_HEIGHT = 1280, 900
RENDER_PATIENCE_SECONDS = 20
# Pages are opened by this many browsers at once: a page spends most of its time rendering or
# waiting to settle, so a second browser halves the check on two processors.
BROWSERS = max(1, min(4, os.cpu_count() or 1))
# Where the catalog's articles are: the tool's module, whose root page is the site's first page.
ARTICLES = "/documentation/publisher_generator/"
# The bundled examples' generated API: a module of its own, merged into the site.
EXAMPLES = "/documentation/generatedexamples"
# What the first page's eyebrow may read: nothing, or what the reader adopts.
FIRST_PAGE_EYEBROWS = ("", "Package")

# Runs in the page. Returns null until the renderer has drawn the page (a title, or its
# not-found message), then what the checks need. DocC renders asynchronously from JSON, so the
# document's load event says nothing.
PROBE = r"""
(() => {
  const main = document.querySelector('main') || document.body;
  const notFound = /can.t be found/i.test(main.innerText || '');
  const heading = main.querySelector('h1');
  const title = heading ? heading.innerText.trim() : '';
  if (!notFound && !title) return null;
  if (document.querySelector('.loading, .loading-placeholder')) return null;
  // A listing is cut off when its text reaches past the box that clips it (the nearest element,
  // itself included, whose overflow is not visible), or past the window when nothing clips it.
  const wide = [];
  for (const block of main.querySelectorAll('pre')) {
    const kind = block.closest('.code-listing') ? 'listing' : 'declaration';
    const textRight = block.getBoundingClientRect().left + block.scrollWidth;
    let visibleRight = window.innerWidth;
    for (let box = block; box && box !== main; box = box.parentElement) {
      if (getComputedStyle(box).overflowX !== 'visible') {
        visibleRight = box.getBoundingClientRect().left + box.clientWidth;
        break;
      }
    }
    if (textRight > visibleRight + 1) {
      const longest = (block.innerText || '').split('\n')
        .reduce((a, b) => (b.length > a.length ? b : a), '');
      wide.push({kind, overflow: Math.round(textRight - visibleRight), line: longest.slice(0, 120)});
    }
  }
  // Where text breaks across lines: each character's box, in the order the text reads; a
  // character whose box starts lower than the one before it begins a new line.
  const isWord = (c) => /[A-Za-z0-9_]/.test(c);
  const range = document.createRange();
  const characters = (element) => {
    const out = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.data.length; i++) {
        const c = node.data[i];
        if (c === '\n') { out.push({c, top: null, width: 0}); continue; }
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const boxes = range.getClientRects();
        out.push({c, top: boxes.length ? boxes[0].top : null, width: boxes.length ? boxes[0].width : 0});
      }
    }
    return out;
  };
  // The breaks inside one line of text: [text before the break, text after it] for each.
  const breaksIn = (line) => {
    const breaks = [];
    let top = null;
    for (let i = 0; i < line.length; i++) {
      if (line[i].top === null) continue;
      if (top !== null && line[i].top > top + 2) breaks.push(i);
      top = line[i].top;
    }
    return breaks;
  };
  const text = (cs) => cs.map((x) => x.c).join('');
  const breaks = [];
  for (const block of main.querySelectorAll('.code-listing pre')) {
    const syntax = (block.closest('.code-listing').getAttribute('data-syntax') || '').toLowerCase();
    const code = !['', 'text', 'txt', 'plaintext'].includes(syntax);
    let line = [];
    for (const x of [...characters(block), {c: '\n', top: null}]) {
      if (x.c !== '\n') { line.push(x); continue; }
      for (const at of breaksIn(line)) {
        const before = text(line.slice(0, at)), after = text(line.slice(at));
        const quotes = (before.replace(/\\./g, '').match(/"/g) || []).length;
        let why = null;
        if (isWord(before.slice(-1)) && isWord(after[0])) why = 'inside an identifier';
        else if (code && quotes % 2 === 1) why = 'inside a string literal';
        if (why) breaks.push({kind: 'listing', why, line: before.slice(-60) + ' / ' + after.slice(0, 60)});
      }
      line = [];
    }
  }
  // The width of the text a browser may not break: the characters around `at` up to a space,
  // with the punctuation that touches the code outside it (a period after it, say).
  const width = (node, from, to) => {
    range.setStart(node, from);
    range.setEnd(node, to);
    return [...range.getClientRects()].reduce((sum, box) => sum + box.width, 0);
  };
  const unbreakableWidth = (code, cs, at) => {
    let first = at, last = at;
    while (first > 0 && cs[first - 1].c.trim()) first--;
    while (last < cs.length && cs[last].c.trim()) last++;
    let sum = cs.slice(first, last).reduce((total, x) => total + x.width, 0);
    const next = code.nextSibling, previous = code.previousSibling;
    if (last === cs.length && next && next.nodeType === Node.TEXT_NODE) {
      sum += width(next, 0, next.data.search(/\s|$/));
    }
    if (first === 0 && previous && previous.nodeType === Node.TEXT_NODE) {
      const start = previous.data.search(/\S*$/);
      sum += width(previous, start, previous.data.length);
    }
    return sum;
  };
  for (const code of main.querySelectorAll('code')) {
    if (code.closest('pre')) continue;
    const cs = characters(code);
    let block = code.parentElement;
    while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
    for (const at of breaksIn(cs)) {
      const before = text(cs.slice(0, at)), after = text(cs.slice(at));
      // Code wider than its column has to break somewhere; that is not the renderer's choice.
      if (block && unbreakableWidth(code, cs, at) > block.clientWidth) continue;
      if (isWord(before.slice(-1)) && isWord(after[0])) {
        breaks.push({kind: 'inline', why: 'inside an identifier', line: before + ' / ' + after});
      }
    }
  }
  const eyebrow = main.querySelector('.eyebrow');
  const links = [];
  for (const a of main.querySelectorAll('a[href]')) links.push(a.href);
  const ids = [];
  for (const e of document.querySelectorAll('[id]')) ids.push(e.id);
  return JSON.stringify({notFound, title, wide, links, ids, breaks,
                         eyebrow: eyebrow ? eyebrow.innerText.trim() : '',
                         documentTitle: document.title, settledAt: performance.now()});
})()
"""


class Chromium:
    """One headless Chromium, driven by the DevTools protocol over file descriptors 3 and 4."""

    def __init__(self, executable):
        to_browser_read, self._to_browser = os.pipe()
        self._from_browser, from_browser_write = os.pipe()
        # The browser reads commands from its fd 3 and writes replies to its fd 4. The pipes' own
        # numbers may be 3 or 4, so each end moves out of the way before taking its place.
        def arrange_descriptors():
            commands = fcntl.fcntl(to_browser_read, fcntl.F_DUPFD, 10)
            replies = fcntl.fcntl(from_browser_write, fcntl.F_DUPFD, 10)
            os.dup2(commands, 3)
            os.dup2(replies, 4)

        self._process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-extensions", "--remote-debugging-pipe", "--hide-scrollbars",
             f"--window-size={VIEWPORT_WIDTH},{VIEWPORT_HEIGHT}", "about:blank"],
            preexec_fn=arrange_descriptors, pass_fds=(3, 4),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self._buffer = b""
        self._next_id = 0
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self._session = self.call("Target.attachToTarget",
                                  {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable", session=True)
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": VIEWPORT_WIDTH, "height": VIEWPORT_HEIGHT,
                   "deviceScaleFactor": 1, "mobile": False}, session=True)

    def call(self, method, params=None, session=False):
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self._session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._read_message()
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def _read_message(self):
        while b"\0" not in self._buffer:
            chunk = os.read(self._from_browser, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed its DevTools pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def open(self, url):
        """Navigates, then returns the probe's result once the page has rendered (or None)."""
        self.call("Page.navigate", {"url": url}, session=True)
        deadline = time.monotonic() + RENDER_PATIENCE_SECONDS
        previous = None
        while time.monotonic() < deadline:
            result = self.call("Runtime.evaluate",
                               {"expression": PROBE, "returnByValue": True}, session=True)
            value = result.get("result", {}).get("value")
            if value:
                page = json.loads(value)
                # Settled: the same title and links twice in a row, 100 ms apart.
                key = (page["title"], len(page["links"]), len(page["ids"]), len(page["wide"]),
                       len(page["breaks"]), page["eyebrow"])
                if key == previous:
                    return page
                previous = key
            time.sleep(0.1)
        return None

    def close(self):
        try:
            self.call("Browser.close")
        except RuntimeError:
            pass
        self._process.wait(timeout=10)


def pages_of(site):
    """Every page the archive holds: one JSON file per page under data/documentation."""
    paths = {"/", "/documentation"}
    data = os.path.join(site, "data")
    for directory, _, files in os.walk(os.path.join(data, "documentation")):
        for name in files:
            if name.endswith(".json"):
                relative = os.path.relpath(os.path.join(directory, name[:-5]), data)
                paths.add("/" + relative.replace(os.sep, "/"))
    return sorted(paths)


def page_key(path):
    return urllib.parse.unquote(path).rstrip("/").lower() or "/"


def crawl(chromium, base, pages):
    """Opens `pages` and every page of the site they link to, in BROWSERS browsers at once.
    Returns the pages rendered (by key), the failures, the external links and the pages whose
    symbol declarations scroll sideways."""
    origin = urllib.parse.urlsplit(base)
    rendered, failures, external, wide_declarations = {}, [], set(), []
    queue = collections.deque(pages)
    seen = set(map(page_key, pages))
    # A worker waits while the queue is empty but another is still opening a page, which may
    # link to new ones; all stop when the queue is empty and nobody is busy.
    state = threading.Condition()
    busy = 0
    errors = []

    def record(path, page):
        if page is None:
            failures.append(f"{path}: did not render within {RENDER_PATIENCE_SECONDS} s")
            return
        if page["notFound"] or not page["title"]:
            failures.append(f"{path}: renders no title (the renderer's page says it cannot be found)")
            return
        rendered[page_key(path)] = page
        for block in page["wide"]:
            if block["kind"] == "declaration":
                wide_declarations.append(path)
                continue
            failures.append(f"{path}: a code listing scrolls sideways by {block['overflow']} px at 1280 px; "
                            f"its longest line: {block['line']!r}")
        for line in page["breaks"]:
            what = "a line of a code listing wraps" if line["kind"] == "listing" else "inline code breaks"
            failures.append(f"{path}: {what} {line['why']} at {VIEWPORT_WIDTH} px: {line['line']!r}")
        for link in page["links"]:
            parts = urllib.parse.urlsplit(link)
            if parts.netloc != origin.netloc:
                external.add(link)
                continue
            key = page_key(parts.path)
            if key not in seen and not os.path.splitext(parts.path)[1]:
                seen.add(key)
                queue.append(parts.path)

    def work():
        nonlocal busy
        try:
            browser = Chromium(chromium)
        except Exception as error:  # reported once all workers stop
            with state:
                errors.append(error)
                state.notify_all()
            return
        try:
            while True:
                with state:
                    while not queue and busy:
                        state.wait()
                    if not queue:
                        state.notify_all()
                        return
                    path = queue.popleft()
                    busy += 1
                try:
                    page = browser.open(base + path)
                except Exception as error:
                    with state:
                        errors.append(error)
                        busy -= 1
                        queue.clear()
                        state.notify_all()
                    return
                with state:
                    record(path, page)
                    busy -= 1
                    state.notify_all()
        finally:
            browser.close()

    workers = [threading.Thread(target=work) for _ in range(BROWSERS)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    if errors:
        raise errors[0]
    # Pages finish in no fixed order; the report does not depend on it.
    return rendered, sorted(failures), external, sorted(wide_declarations)


def in_sidebar(site, root, target):
    """Whether the sidebar's index lists `target` anywhere below the page `root`."""
    with open(os.path.join(site, "index", "index.json"), encoding="utf-8") as index:
        trees = json.load(index)["interfaceLanguages"].values()

    def find(nodes, below):
        for node in nodes:
            path = page_key(node.get("path") or "")
            if below and path == page_key(target):
                return True
            if find(node.get("children", []), below or path == page_key(root)):
                return True
        return False

    return any(find(tree, False) for tree in trees)


def main():
    site, base = sys.argv[1], sys.argv[2].rstrip("/")
    chromium = sys.argv[sys.argv.index("--chromium") + 1] if "--chromium" in sys.argv else "chromium"
    origin = urllib.parse.urlsplit(base)
    pages = pages_of(site)
    started = time.monotonic()
    rendered, failures, external, wide_declarations = crawl(chromium, base, pages)

    # Links and anchors, now that every page's ids are known.
    broken = set()
    for path, page in rendered.items():
        for link in page["links"]:
            parts = urllib.parse.urlsplit(link)
            if parts.netloc != origin.netloc:
                continue
            if os.path.splitext(parts.path)[1]:
                if not os.path.exists(os.path.join(site, urllib.parse.unquote(parts.path).lstrip("/"))):
                    broken.add(f"{path}: links to a missing file {parts.path}")
                continue
            target = rendered.get(page_key(parts.path))
            if target is None:
                broken.add(f"{path}: links to {parts.path}, which does not render")
            elif parts.fragment and urllib.parse.unquote(parts.fragment) not in target["ids"]:
                broken.add(f"{path}: links to {parts.path}#{parts.fragment}, an anchor that page lacks")
    failures.extend(sorted(broken))

    # Every article looks like one: DocC's "Article" eyebrow, not a collection's page.
    for path in pages:
        if not path.startswith(ARTICLES) or page_key(path) not in rendered:
            continue
        with open(os.path.join(site, "data", path.lstrip("/") + ".json"), encoding="utf-8") as data:
            kind = json.load(data).get("kind")
        eyebrow = rendered[page_key(path)]["eyebrow"]
        if kind == "article" and eyebrow != "Article":
            failures.append(f"{path}: an article whose eyebrow reads {eyebrow!r}, not 'Article' "
                            f"(a '## Topics' section makes it a collection; write '## See Also')")

    # The first page leads to every article in one click, and to the examples' API.
    first = rendered.get("/")
    articles = [path for path in pages if path.count("/") == 3 and path.startswith(ARTICLES)]
    if first is not None:
        linked = {page_key(urllib.parse.urlsplit(link).path) for link in first["links"]}
        for path in articles:
            if page_key(path) not in linked:
                failures.append(f"/: the first page does not link to the article {path}")
        if first["eyebrow"] not in FIRST_PAGE_EYEBROWS:
            failures.append(f"/: the first page's eyebrow reads {first['eyebrow']!r}, not one of "
                            f"{FIRST_PAGE_EYEBROWS} (the catalog's Info.plist, CDDefaultModuleKind)")
        if page_key(EXAMPLES) not in linked:
            failures.append(f"/: the first page does not link to the bundled examples' API {EXAMPLES}")
    if not in_sidebar(site, ARTICLES.rstrip("/"), EXAMPLES):
        failures.append(f"{ARTICLES}: the sidebar (index/index.json) does not list the bundled examples' "
                        f"API {EXAMPLES} among the first page's entries")

    elapsed = time.monotonic() - started
    links = sum(len(page["links"]) for page in rendered.values())
    print(f"documentation site: {len(rendered)} pages rendered at {VIEWPORT_WIDTH} px in {elapsed:.0f} s "
          f"by {BROWSERS} browsers, "
          f"{links} links checked, {len(external)} links to other sites not followed")
    if wide_declarations:
        # A declaration is the compiler's text, laid out by DocC's renderer, which scrolls a long
        # generic signature (receive<S>(subscriber:) with its where clause); nothing in the catalog
        # can wrap it, so it is reported, not failed.
        print(f"note: {len(wide_declarations)} symbol declarations scroll sideways at {VIEWPORT_WIDTH} px, "
              f"for example {wide_declarations[0]}")
    for failure in failures:
        print(f"error: {failure}", file=sys.stderr)
    if failures:
        print(f"documentation site: {len(failures)} problems", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
