#!/usr/bin/env python3
"""What scripts/experiments.sh derives from the sweeps' records.

  experiments.py coins-extra PUZZLELAB coins.jsonl OUT.jsonl
      each record again with params {coins, extra_coins}: the extra coins
      of its level by `coins info` (Definition 1.9: the most coins removable
      while span(A) still holds a placement of the target; 3 or more -> "3+").
  experiments.py two-player IMPARTIAL.jsonl GAMES.jsonl PICTURE_DIR
      first-player win rates (Wilson 95%) and the distribution of the Grundy
      values, drawn as SVG (bs2-winrate.svg, bs2-grundy.svg).
  experiments.py tables DIR
      the markdown tables of docs/experiments.md from DIR's records.

The fractions, intervals and medians are computed as `sweep` computes them
(docs/formats.md, "sweep": Wilson's score interval with z = 1.959964,
nearest-rank quantiles).
"""
import html
import json
import math
import os
import re
import subprocess
import sys

Z = 1.959963984540054


def wilson(k, n):
    if n == 0:
        return (float("nan"),) * 3
    p = k / n
    z2n = Z * Z / n
    centre = (p + z2n / 2) / (1 + z2n)
    half = Z / (1 + z2n) * math.sqrt(p * (1 - p) / n + z2n / (4 * n))
    return p, max(0.0, centre - half), min(1.0, centre + half)


def nearest_rank(v, q):
    v = sorted(v)
    if not v:
        return float("nan")
    k = max(1, math.ceil(q * len(v) - 1e-9))
    return v[k - 1]


def records(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def coins_extra(pl, src, dst):
    env = dict(os.environ, PATH=os.path.dirname(pl) + os.pathsep + os.environ["PATH"])
    out = []
    for r in records(src):
        info = subprocess.run(["bash", "-c", r["generate"] + " | puzzlelab coins info - --json"], env=env,
                              capture_output=True, text=True, check=True)
        e = json.loads(info.stdout)["extra_coins"]
        e = e if isinstance(e, int) else 3  # "at least k (search budget reached)": k >= 3 here
        r["params"] = {"coins": r["params"]["coins"], "extra_coins": str(e) if e < 3 else "3+"}
        out.append(r)
    out.sort(key=lambda r: (r["params"]["extra_coins"], r["params"]["coins"], r["index"]))
    with open(dst, "w") as f:
        for r in out:
            f.write(json.dumps(r, separators=(",", ":")) + "\n")


# ---------- small SVG charts (the two-player figures) ----------

PALETTE = ["#0072b2", "#e69f00", "#cc79a7", "#56b4e9", "#009e73", "#d55e00", "#000000"]


def svg_chart(path, title, xlabel, ylabel, xs, series, ymax=1.0, bars=False):
    """series: list of (name, {x: (value, low, high)}); xs: the x values in order."""
    title, xlabel, ylabel = html.escape(title), html.escape(xlabel), html.escape(ylabel)
    W, H, L, R, T, B = 640, 400, 70, 170, 40, 50
    pw, ph = W - L - R, H - T - B
    n = len(xs)

    def px(i, s=0):
        if bars:
            w = pw / n
            return L + w * i + w * (0.15 + 0.7 * (s + 0.5) / len(series))
        return L + (pw * (i + 0.5) / n)

    def py(v):
        return T + ph * (1 - v / ymax)

    o = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
         'font-family="sans-serif" font-size="12">',
         f'<rect width="{W}" height="{H}" fill="white"/>',
         f'<text x="{W / 2}" y="20" text-anchor="middle" font-size="14">{title}</text>',
         f'<rect x="{L}" y="{T}" width="{pw}" height="{ph}" fill="none" stroke="#444"/>']
    for t in range(6):
        v = ymax * t / 5
        o.append(f'<line x1="{L - 4}" y1="{py(v):.1f}" x2="{L + pw}" y2="{py(v):.1f}" stroke="#ddd"/>')
        o.append(f'<text x="{L - 8}" y="{py(v) + 4:.1f}" text-anchor="end">{v:.2f}</text>')
    for i, x in enumerate(xs):
        o.append(f'<text x="{px(i) if not bars else L + pw * (i + 0.5) / n:.1f}" y="{T + ph + 18}" '
                 f'text-anchor="middle">{x}</text>')
    o.append(f'<text x="{L + pw / 2}" y="{H - 8}" text-anchor="middle">{xlabel}</text>')
    o.append(f'<text x="16" y="{T + ph / 2}" text-anchor="middle" transform="rotate(-90 16 {T + ph / 2})">'
             f'{ylabel}</text>')
    for s, (name, pts) in enumerate(series):
        c = PALETTE[s % len(PALETTE)]
        path_d = []
        for i, x in enumerate(xs):
            if x not in pts:
                continue
            v, lo, hi = pts[x]
            cx = px(i, s) if bars else px(i) + 3 * (s - (len(series) - 1) / 2)
            if bars:
                w = pw / n * 0.7 / len(series)
                o.append(f'<rect x="{cx - w / 2:.1f}" y="{py(v):.1f}" width="{w:.1f}" height="{py(0) - py(v):.1f}" '
                         f'fill="{c}"><title>{name}, {x}: {v:.3f}</title></rect>')
            else:
                o.append(f'<line x1="{cx:.1f}" y1="{py(lo):.1f}" x2="{cx:.1f}" y2="{py(hi):.1f}" stroke="{c}"/>')
                o.append(f'<circle cx="{cx:.1f}" cy="{py(v):.1f}" r="3.5" fill="{c}">'
                         f'<title>{name}, {x}: {v:.3f} [{lo:.3f}, {hi:.3f}]</title></circle>')
                path_d.append(f'{"M" if not path_d else "L"}{cx:.1f},{py(v):.1f}')
            if bars and lo == lo:  # an interval: a bar to it
                o.append(f'<line x1="{cx:.1f}" y1="{py(lo):.1f}" x2="{cx:.1f}" y2="{py(hi):.1f}" stroke="#333"/>')
        if path_d:
            o.append(f'<path d="{" ".join(path_d)}" fill="none" stroke="{c}" stroke-width="1.5"/>')
        ly = T + 10 + 18 * s
        o.append(f'<rect x="{L + pw + 12}" y="{ly - 8}" width="12" height="10" fill="{c}"/>')
        o.append(f'<text x="{L + pw + 30}" y="{ly + 1}">{name}</text>')
    o.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(o) + "\n")


def grundy_of(r):
    m = re.search(r"Grundy value (\d+)", r.get("note") or "")
    return int(m.group(1)) if m else None


def two_player(impartial, games, pics):
    recs = records(impartial) + records(games)
    cols = sorted({r["params"]["cols"] for r in recs})
    series = []
    for players in ("impartial", "partisan", "scoring"):
        for k in (2, 3):
            pts = {}
            for c in cols:
                rs = [r for r in recs if r["params"]["players"] == players and r["params"]["colours"] == k
                      and r["params"]["cols"] == c and r["status"] == "solved"]
                wins = sum(1 for r in rs if r["values"].get("winner") == 1)
                if rs:
                    pts[3 * c] = wilson(wins, len(rs))
            series.append((f"{players}, {k} colours", pts))
    svg_chart(os.path.join(pics, "bs2-winrate.svg"),
              "Two-player Buttons & Scissors, 3 x C boards: player 1 wins", "buttons (3 x C, full)",
              "first-player win rate (Wilson 95%)", [3 * c for c in cols], series)
    imp = [r for r in records(impartial) if r["status"] == "solved"]
    gmax = max(grundy_of(r) for r in imp)
    gs = list(range(gmax + 1))
    series = []
    for k in (2, 3):
        for c in cols:
            rs = [grundy_of(r) for r in imp if r["params"]["colours"] == k and r["params"]["cols"] == c]
            if rs:
                series.append((f"{k} colours, 3 x {c}", {g: (rs.count(g) / len(rs), float("nan"), float("nan"))
                                                           for g in gs if rs.count(g)}))
    svg_chart(os.path.join(pics, "bs2-grundy.svg"), "Impartial Buttons & Scissors: Grundy values of random boards",
              "Grundy value", "share of the boards", gs, series, ymax=1.0, bars=True)


# ---------- the tables ----------

def table(recs, xname, sname, value="fraction"):
    xs = sorted({r["params"][xname] for r in recs}, key=lambda v: (isinstance(v, str), v))
    ss = sorted({r["params"][sname] for r in recs}, key=lambda v: (isinstance(v, str), v))
    lines = [f"| {xname} | " + " | ".join(f"{sname} = {s}" for s in ss) + " |",
             "| --- |" + " --- |" * len(ss)]
    for x in xs:
        row = []
        for s in ss:
            rs = [r for r in recs if r["params"][xname] == x and r["params"][sname] == s]
            dec = [r for r in rs if r["status"] in ("solved", "unsolvable")]
            unk = len(rs) - len(dec)
            if value == "fraction":
                if not dec:
                    row.append("-")
                    continue
                p, lo, hi = wilson(sum(r["status"] == "solved" for r in dec), len(dec))
                row.append(f"{p:.3f} [{lo:.3f}, {hi:.3f}] n={len(dec)}" + (f", {unk} unknown" if unk else ""))
            else:
                nodes = [r["nodes"] for r in rs]
                row.append(f"{nearest_rank(nodes, 0.5):.0f} / {nearest_rank(nodes, 0.9):.0f}" if rs else "-")
        lines.append(f"| {x} | " + " | ".join(row) + " |")
    return "\n".join(lines) + "\n"


def tables(d):
    def p(name):
        return os.path.join(d, name)
    out = []
    for title, f, x, s in (("Buttons & Scissors, colours (R x 6, directions +, sizes {2,3})", "bs-colours.jsonl",
                            "rows", "colours"),
                           ("Buttons & Scissors, frequency (6 x 6, 80% filled)", "bs-frequency.jsonl", "frequency",
                            "solvable"),
                           ("Two Dots (6 x 6)", "twodots.jsonl", "moves", "colours"),
                           ("Coins (square grid)", "coins-extra.jsonl", "coins", "extra_coins")):
        if not os.path.exists(p(f)):
            continue
        recs = records(p(f))
        out.append(f"### {title}: solvable fraction [Wilson 95%]\n\n" + table(recs, x, s))
        out.append(f"### {title}: median / 90th percentile nodes\n\n" + table(recs, x, s, "nodes"))
        if f == "coins-extra.jsonl":
            out.append("### Coins, pooled over the extra coins\n\n" + table(
                [dict(r, params={"coins": r["params"]["coins"], "all": "all"}) for r in recs], "coins", "all"))
    if os.path.exists(p("bs2-impartial.jsonl")):
        recs = records(p("bs2-impartial.jsonl")) + records(p("bs2-games.jsonl"))
        lines = ["### Two-player: first-player wins / decided games [Wilson 95%] (scoring: draws)\n",
                 "| players | colours | " + " | ".join(f"3 x {c}" for c in range(2, 7)) + " |",
                 "| --- | --- |" + " --- |" * 5]
        for players in ("impartial", "partisan", "scoring"):
            for k in (2, 3):
                row = []
                for c in range(2, 7):
                    rs = [r for r in recs if r["params"]["players"] == players and r["params"]["colours"] == k
                          and r["params"]["cols"] == c]
                    dec = [r for r in rs if r["status"] == "solved"]
                    w = sum(r["values"].get("winner") == 1 for r in dec)
                    dr = sum(r["values"].get("winner") == 0 for r in dec)
                    q, lo, hi = wilson(w, len(dec))
                    row.append(f"{w}/{len(dec)} = {q:.2f} [{lo:.2f}, {hi:.2f}]" + (f", {dr} draws" if dr else "")
                               + (f", {len(rs) - len(dec)} unknown" if len(rs) > len(dec) else ""))
                lines.append(f"| {players} | {k} | " + " | ".join(row) + " |")
        out.append("\n".join(lines) + "\n")
        imp = [r for r in records(p("bs2-impartial.jsonl")) if r["status"] == "solved"]
        gmax = max(grundy_of(r) for r in imp)
        lines = ["### Impartial: boards by Grundy value\n",
                 "| colours | board | " + " | ".join(f"G={g}" for g in range(gmax + 1)) + " | mean |",
                 "| --- | --- |" + " --- |" * (gmax + 2)]
        for k in (2, 3):
            for c in range(2, 7):
                gsv = [grundy_of(r) for r in imp if r["params"]["colours"] == k and r["params"]["cols"] == c]
                if gsv:
                    lines.append(f"| {k} | 3 x {c} | " + " | ".join(str(gsv.count(g)) for g in range(gmax + 1))
                                 + f" | {sum(gsv) / len(gsv):.2f} |")
        out.append("\n".join(lines) + "\n")
    print("\n".join(out))


if __name__ == "__main__":
    cmd = sys.argv[1]
    if cmd == "coins-extra":
        coins_extra(os.path.abspath(sys.argv[2]), sys.argv[3], sys.argv[4])
    elif cmd == "two-player":
        two_player(sys.argv[2], sys.argv[3], sys.argv[4])
    elif cmd == "tables":
        tables(sys.argv[2])
    else:
        sys.exit(__doc__)
