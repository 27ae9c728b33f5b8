#!/usr/bin/env python3
"""playout-eval.py: how well the playouts alone judge positions, against the
results of the games they come from.

    bench/playout-eval.py --games DIR [DIR...] [--engine BIN [--engine BIN]]
                          [--playouts 500] [--seed 1] [--from-move 16]
                          [--per-loss 3] [--per-win 1]

Each DIR holds the SGF files of a match (tengen --match --sgf-dir DIR).
From every game, positions where tengen was to move are drawn (from move
--from-move on, among those whose record has tengen's win rate): --per-loss
of each game tengen lost, --per-win of each it won.  Every engine gives each
position the share of --playouts playouts of its heavy policy alone (GTP
tengen-playouts, no tree) that tengen wins, and is scored against the
games' results: log loss and Brier score (lower is better), and the mean
share in the games won and lost.  A later engine is also compared with the
first position by position, with the standard error of the difference in
log loss: a change to the playouts that judges capturing races better shows
here in minutes, where a match takes a day.  The search's own win rates,
written in the records, are scored the same way for comparison.

The draw of positions depends only on --seed and the file names; the
engines run with TENGEN_SEED=1 unless the environment sets it.
"""
import argparse
import glob
import math
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from regret import Engine  # noqa: E402

NODE = re.compile(r";([BW])\[([a-s]*)\](?:\s*C\[tengen: win rate ([\d.]+)%)?")


def positions(folders, a):
    """[(file, move number, tengen won, its search's win rate)]."""
    out = []
    for folder in folders:
        files = sorted(glob.glob(os.path.join(folder, "*.sgf")))
        if not files:
            sys.exit(f"playout-eval.py: no SGF file in {folder}")
        for f in files:
            text = open(f, encoding="utf-8").read()
            result = re.search(r"RE\[([BW])\+", text)
            if not result:
                continue
            me = "B" if "PB[tengen]" in text else "W"
            won = result.group(1) == me
            cands = [(i + 1, float(rate)) for i, (color, move, rate)
                     in enumerate(NODE.findall(text))
                     if color == me and rate and i + 1 >= a.from_move]
            draw = random.Random(f"{a.seed}:{os.path.basename(f)}")
            k = min(a.per_win if won else a.per_loss, len(cands))
            for n, rate in draw.sample(cands, k):
                out.append((os.path.abspath(f), n, won, rate / 100))
    return out


def log_loss(p, won):
    p = min(max(p, 0.01), 0.99)
    return -math.log(p if won else 1 - p)


def report(name, shares, pos, base=None):
    n = len(pos)
    losses = [log_loss(s, w) for s, (_, _, w, _) in zip(shares, pos)]
    brier = sum((s - w) ** 2 for s, (_, _, w, _) in zip(shares, pos)) / n
    won = [s for s, p in zip(shares, pos) if p[2]]
    lost = [s for s, p in zip(shares, pos) if not p[2]]
    line = (f"{name}: log loss {sum(losses) / n:.4f}, Brier {brier:.4f}; "
            f"mean share in games won {sum(won) / max(len(won), 1):.3f}, "
            f"lost {sum(lost) / max(len(lost), 1):.3f}")
    if base is not None:
        d = [x - y for x, y in zip(losses, base)]
        mean = sum(d) / n
        var = sum((x - mean) ** 2 for x in d) / max(n - 1, 1)
        line += (f"; against the first: {mean:+.4f} "
                 f"(standard error {math.sqrt(var / n):.4f})")
    print(line, flush=True)
    return losses


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", nargs="+", required=True)
    ap.add_argument("--engine", action="append")
    ap.add_argument("--playouts", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--from-move", type=int, default=16)
    ap.add_argument("--per-loss", type=int, default=3)
    ap.add_argument("--per-win", type=int, default=1)
    a = ap.parse_args()
    engines = a.engine or ["src/tengen"]
    os.environ.setdefault("TENGEN_SEED", "1")
    pos = positions(a.games, a)
    if not pos:
        sys.exit("playout-eval.py: no position with tengen's win rate")
    print(f"{len(pos)} positions, {sum(1 for p in pos if not p[2])} of them "
          f"from games lost; {a.playouts} playouts each", flush=True)
    base = None
    for binary in engines:
        e = Engine(binary, a.playouts)
        shares = []
        for f, n, _, _ in pos:
            e.cmd(f"loadsgf {f} {n}")
            shares.append(float(e.cmd(f"tengen-playouts {a.playouts}")))
        e.close()
        losses = report(binary, shares, pos, base)
        base = base or losses
    report("the search's own win rates in the records",
           [p[3] for p in pos], pos)


if __name__ == "__main__":
    main()
