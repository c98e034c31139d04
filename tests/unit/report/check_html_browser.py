#!/usr/bin/env python3
"""Loads the HTML reports in headless Chromium and checks what a reader sees (ctest report_html_in_browser).

For the sample run/ab report and the default A/B's shape (report_sample [--default-ab]):
  1. DOM after layout at 1280 px: a copy of the page with a measuring script (the report itself has
     none) records each table's and each plot's box, each series' drawn length and point markers,
     and the page's scroll width; checked: no horizontal scrolling, every table and plot inside the
     page with a non-zero size, every plot with at least one drawn series.
  2. Screenshot at 1280 px of the whole page: in each plot's box, pixels of the series colours (the
     plot is visible and not empty); in each table's box, dark text pixels.
The screenshots stay in WORK (default-ab.png, sample.png) for a look.
Usage: check_html_browser.py REPORT_SAMPLE WORK [CHROMIUM]. Exit 77 (CTest: skipped) without Chromium.
"""
import html
import json
import os
import shutil
import struct
import subprocess
import sys
import zlib

WIDTH = 1280
MEASURE = r"""<script>
(() => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return {x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height}; };
  const out = {vw: document.documentElement.clientWidth, sw: document.documentElement.scrollWidth,
               height: document.documentElement.scrollHeight, tables: [], plots: [], omitted: []};
  for (const t of document.querySelectorAll('table')) {
    if (t.closest('details')) continue;  // folded details: not on screen until opened
    out.tables.push(Object.assign({id: t.id || t.className, rows: t.rows.length}, box(t)));
  }
  for (const s of document.querySelectorAll('svg.plot')) {
    const series = [...s.querySelectorAll('polyline.series')].map(p => p.getTotalLength());
    const markers = [...s.querySelectorAll('circle.marker')].filter(c => c.getBBox().width > 0).length;
    out.plots.push(Object.assign({id: s.id, series, markers}, box(s)));
  }
  for (const o of document.querySelectorAll('.omitted')) out.omitted.push(o.textContent.trim());
  const pre = document.createElement('pre');
  pre.id = 'tpbench-measure';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>
"""


def fail(msg):
    print("report_html_in_browser: FAILED: " + msg, file=sys.stderr)
    sys.exit(1)


def chromium_run(chromium, work, args):
    cmd = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
           "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
           "--force-device-scale-factor=1", "--user-data-dir=" + os.path.join(work, "profile")] + args
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        fail("%s failed (%d): %s" % (" ".join(cmd), p.returncode, p.stderr[-2000:]))
    return p.stdout


def read_png(path):
    """Decodes an 8-bit RGB/RGBA non-interlaced PNG (what Chromium writes): (width, height, rows of bytes, bpp)."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(path + " is not a PNG")
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                fail("unexpected PNG format depth %d type %d interlace %d" % (depth, ctype, interlace))
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev = [], bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return w, h, rows, bpp


def count_pixels(png, box, pred):
    w, h, rows, bpp = png
    n = 0
    for y in range(max(0, int(box["y"])), min(h, int(box["y"] + box["h"]))):
        row = rows[y]
        for x in range(max(0, int(box["x"])), min(w, int(box["x"] + box["w"]))):
            i = x * bpp
            if pred(row[i], row[i + 1], row[i + 2]):
                n += 1
    return n


# The first two palette colours of render_html.cpp (sides A and B of every panel).
SERIES = [(0x1f, 0x77, 0xb4), (0xd6, 0x27, 0x28)]


def near(c):
    return lambda r, g, b: abs(r - c[0]) + abs(g - c[1]) + abs(b - c[2]) < 60


def check(chromium, sample, work, name, flags, tables, n_plots):
    page = os.path.join(work, name + ".html")
    subprocess.run([sample] + flags + [page], check=True)
    text = open(page, encoding="utf-8").read()
    if "<script" in text:
        fail(name + ": the report itself must have no script")
    probe = os.path.join(work, name + ".measure.html")
    open(probe, "w", encoding="utf-8").write(text.replace("</body>", MEASURE + "</body>"))
    dom = chromium_run(chromium, work, ["--window-size=%d,900" % WIDTH, "--dump-dom", "file://" + probe])
    start = dom.find('<pre id="tpbench-measure">')
    if start < 0:
        fail(name + ": the measuring script did not run")
    m = json.loads(html.unescape(dom[start + len('<pre id="tpbench-measure">'):dom.index("</pre>", start)]))
    if m["sw"] > m["vw"]:
        fail("%s: horizontal scrolling at %d px: the page is %d px wide" % (name, m["vw"], m["sw"]))
    ids = [t["id"] for t in m["tables"]]
    for t in tables:
        if t not in ids:
            fail("%s: table %s not shown (tables: %s)" % (name, t, ids))
    for t in m["tables"]:
        if t["w"] <= 0 or t["h"] <= 0 or t["x"] + t["w"] > m["vw"] + 0.5:
            fail("%s: table %s has box %s in a %d px page" % (name, t["id"], t, m["vw"]))
    if len(m["plots"]) != n_plots:
        fail("%s: %d plots drawn, expected %d (%s)" % (name, len(m["plots"]), n_plots, m["plots"]))
    for p in m["plots"]:
        if p["w"] < 300 or p["h"] < 150 or p["x"] + p["w"] > m["vw"] + 0.5:
            fail("%s: plot %s has box %s" % (name, p["id"], p))
        if not any(length > 0 for length in p["series"]) and p["markers"] == 0:
            fail("%s: plot %s has no drawn series: %s" % (name, p["id"], p))
    shot = os.path.join(work, name + ".png")
    height = min(16000, int(m["height"]) + 20)
    chromium_run(chromium, work, ["--window-size=%d,%d" % (WIDTH, height), "--screenshot=" + shot,
                                  "file://" + page])
    png = read_png(shot)
    if png[0] != WIDTH:
        fail("%s: screenshot is %d px wide, expected %d" % (name, png[0], WIDTH))
    for p in m["plots"]:
        counts = [count_pixels(png, p, near(c)) for c in SERIES]
        if sum(counts) < 40:  # both sides' colours together: one line may cover the other
            fail("%s: plot %s shows too few series pixels in the screenshot: %s" % (name, p["id"], counts))
    for t in m["tables"]:
        dark = count_pixels(png, t, lambda r, g, b: r + g + b < 200)
        if dark < 50 * t["rows"]:
            fail("%s: table %s shows only %d dark pixels for %d rows" % (name, t["id"], dark, t["rows"]))
    print("%s: %d tables and %d plots visible at %d px, no horizontal scrolling; omitted: %s; screenshot %s"
          % (name, len(m["tables"]), len(m["plots"]), WIDTH, m["omitted"], shot))


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    sample, work = sys.argv[1], sys.argv[2]
    chromium = sys.argv[3] if len(sys.argv) > 3 and sys.argv[3] else None
    chromium = chromium or shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        print("report_html_in_browser: SKIPPED: no chromium on PATH (install it: TPBENCH_WITH_BROWSER=1 "
              "scripts/setup)")
        return 77
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "profile"))
    check(chromium, sample, work, "sample", [], ["setup", "ab-summary", "thresholds", "summary", "errors"], 3)
    check(chromium, sample, work, "default-ab", ["--default-ab"], ["setup", "seed-table"], 4)
    return 0


if __name__ == "__main__":
    sys.exit(main())
