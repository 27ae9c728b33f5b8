#!/usr/bin/env python3
"""regret.py: how much win rate a short search gives up, on the positions of
games tengen lost.

    bench/regret.py --games DIR [--engine src/tengen] [--work DIR]
                    [--playouts 5000] [--passes 1]

DIR holds the SGF files of a match (tengen --match --sgf-dir DIR).  From
every game tengen lost, the positions where tengen was to move are taken,
from the sixth move until the win rate it wrote in the record fell below
15%.  Each is searched once with --oracle-playouts (50,000) for its best
move; a move is scored by a search of --score-playouts (20,000) of that
move alone (restricted_genmove), and its regret is the best move's score
less its own.  The engine under test then searches every position with
--playouts (5,000) and the mean regret of its moves is printed, with the
number of moves that gave up more than 8 points.

The long searches are made by a copy of the engine taken the first time
(WORK/oracle), so that a change built and tried later is judged by the
same yardstick; their answers and scores are kept in the work folder
(bench-regret by default) and reused: the first run takes an hour or so
of one core for a thousand positions, the following ones a few minutes.
Remove the folder to start anew.  The engine is run with the environment
of this script.
"""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys


# The script that runs (playout-eval.py uses Engine too), for messages.
PROG = os.path.basename(sys.argv[0])


class Engine:
    """A GTP engine on a pipe."""

    def __init__(self, binary, playouts):
        self.p = subprocess.Popen(
            [binary, "--gtp", "--playouts", str(playouts), "--threads", "1"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def cmd(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            out = self.p.stdout.readline()
            if out == "":
                sys.exit(f"{PROG}: the engine stopped at '{line}'")
            if out.strip() == "":
                if lines:
                    break
                continue
            lines.append(out.rstrip("\n"))
        text = "\n".join(lines)
        if text.startswith("?"):
            sys.exit(f"{PROG}: '{line}': {text}")
        return text[1:].strip()

    def search(self, pos, moves=None):
        """The move chosen at POS among MOVES (all legal ones if None),
        and the win rate of the side to move after it.  A restricted
        search always starts a new tree, so no search reuses another's."""
        self.cmd(f"loadsgf {pos['f']} {pos['n']}")
        if moves is None:
            moves = self.cmd(f"all_legal {pos['c']}").split()
        move = self.cmd(f"restricted_genmove {pos['c']} " + " ".join(moves))
        stats = self.cmd("tengen-stats").split()
        return move.upper(), float(stats[stats.index("winrate") + 1])

    def close(self):
        self.cmd("quit")


def positions(folder):
    """Tengen's moves in the games it lost, from the sixth on."""
    out = []
    node = re.compile(r";([BW])\[([a-s]*)\](?:\s*C\[tengen: win rate ([\d.]+)%)?")
    for f in sorted(glob.glob(os.path.join(folder, "*.sgf"))):
        text = open(f, encoding="utf-8").read()
        result = re.search(r"RE\[([BW])\+", text)
        me = "B" if "PB[tengen]" in text else "W"
        if not result or result.group(1) == me:
            continue
        for i, (color, move, rate) in enumerate(node.findall(text)):
            if color != me or not rate or not move or i + 1 < 6:
                continue
            if float(rate) < 15:
                break
            out.append({"f": os.path.abspath(f), "n": i + 1, "c": color})
    return out


def load(path, key):
    """The records of the JSON-lines file PATH, by KEY."""
    if not os.path.exists(path):
        return {}
    with open(path) as fh:
        return {key(d): d["v"] for d in map(json.loads, fh)}


def append(path, record):
    with open(path, "a") as fh:
        fh.write(json.dumps(record) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", required=True)
    ap.add_argument("--engine", default="src/tengen")
    ap.add_argument("--work", default="bench-regret")
    ap.add_argument("--playouts", type=int, default=5000)
    ap.add_argument("--oracle-playouts", type=int, default=50000)
    ap.add_argument("--score-playouts", type=int, default=20000)
    ap.add_argument("--passes", type=int, default=1)
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    oracle_bin = os.path.join(a.work, "oracle")
    if not os.path.exists(oracle_bin):
        shutil.copy2(a.engine, oracle_bin)
    pos = positions(a.games)
    if not pos:
        sys.exit(f"regret.py: no lost game with win rates in {a.games}")

    best_file = os.path.join(a.work, "best.jsonl")
    score_file = os.path.join(a.work, "scores.jsonl")
    best = load(best_file, lambda d: (d["f"], d["n"]))
    score = load(score_file, lambda d: (d["f"], d["n"], d["m"]))
    oracle = scorer = None

    def score_of(p, move):
        nonlocal scorer
        key = (p["f"], p["n"], move)
        if key not in score:
            scorer = scorer or Engine(oracle_bin, a.score_playouts)
            score[key] = scorer.search(p, [move])[1]
            append(score_file, {"f": p["f"], "n": p["n"], "m": move,
                                "v": score[key]})
        return score[key]

    for p in pos:
        if (p["f"], p["n"]) not in best:
            oracle = oracle or Engine(oracle_bin, a.oracle_playouts)
            best[(p["f"], p["n"])] = oracle.search(p)[0]
            append(best_file, {"f": p["f"], "n": p["n"],
                               "v": best[(p["f"], p["n"])]})
    if oracle:
        oracle.close()

    test = Engine(a.engine, a.playouts)
    total, count, big = 0.0, 0, 0
    for _ in range(a.passes):
        for p in pos:
            move = test.search(p)[0]
            b = best[(p["f"], p["n"])]
            regret = max(0.0, score_of(p, b) - score_of(p, move))
            total += regret
            count += 1
            big += regret > 0.08
    test.close()
    if scorer:
        scorer.close()
    print(f"{a.engine}: {len(pos)} positions x {a.passes}, {a.playouts} "
          f"playouts: mean regret {100 * total / count:.2f} points, "
          f"{big} moves over 8 points")


if __name__ == "__main__":
    main()
