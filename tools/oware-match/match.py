#!/usr/bin/env python3
"""Oware matches between two engines: one of our `mancala` binaries against
another (self-play regression) or against Aalina. A measuring tool, not a
test: keep it out of CI.

    # new build against an old one, fixed nodes a move (load-independent):
    python3 tools/oware-match/match.py \\
        --a mancala:target/release/mancala:alphabeta:nodes=20000 \\
        --b mancala:/tmp/mancala-base:alphabeta:nodes=20000 \\
        --openings 50 --out /tmp/new-vs-old.jsonl
    # ours against Aalina (built by ../shared/peers/aalina/build.sh OUT):
    python3 tools/oware-match/match.py --a mancala:target/release/mancala:ai:9 \\
        --b aalina:/work/aalina/out --time 1000 --openings 50 --out ai9-aalina.jsonl
    python3 tools/oware-match/match.py --summary ai9-aalina.jsonl

Openings: each opening is the first `--random-plies` plies (2 by default)
chosen at random (seeded), played twice, once with each engine as South.
Our engine is `mancala play oware --moves OPENING --south SPEC --north human`
(or mirrored), driven at its prompt, so it plays exactly as `mancala play`
and `mancala match` do; Aalina is its `service` (`position startpos moves`,
`go movetime T`, never `go ponder`). The state, the end and the score come
from engine A's `mancala replay`. One JSON line a game goes to --out; the
summary gives wins/draws/losses of A, its mean margin and the Elo difference
with a 95% interval (from the per-game score variance).

Based on the Aalina anchor scripts in ../shared/peers/aalina (match.py,
common.py, summarize.py).
"""
import argparse
import json
import math
import os
import queue
import random
import re
import select
import subprocess
import sys
import threading
import time

JAVA_OPENS = ['--add-opens', 'java.base/java.lang=ALL-UNNAMED']


def _read_until(proc, pattern, timeout=600):
    buf = b''
    fd = proc.stdout.fileno()
    deadline = time.monotonic() + timeout
    while True:
        r, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        if not r:
            raise RuntimeError(f'no answer within {timeout} s; got {buf[-2000:]!r}')
        data = os.read(fd, 65536)
        if not data:
            proc.wait()
            break
        buf += data
        if pattern.search(buf.decode('utf-8', 'replace')):
            break
    return buf.decode('utf-8', 'replace')


def replay(binary, moves):
    out = subprocess.run([binary, 'replay', 'oware', ' '.join(moves)],
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f'replay {moves}: {out.stderr.strip()}')
    return json.loads(out.stdout)


class Ours:
    """One game of our player: `mancala play oware --moves OPENING` with the
    other side `human`; opponent moves are typed at its prompt."""

    PROMPT = re.compile(r'(South|North)> $')
    LAST = re.compile(r'^Last move: (South|North) \(([^)]*)\) (\S+?)(,|$)', re.M)
    NOTE = re.compile(r'^(South|North) \(([^)]*)\) chose (\S+): (.*)$', re.M)

    def __init__(self, binary, spec, side, time_ms, seed, opening, to_move, cpu=None, env=None):
        self.side = side
        cmd = [binary, 'play', 'oware', '--moves', ' '.join(opening),
               '--south', spec if side == 'south' else 'human',
               '--north', spec if side == 'north' else 'human',
               '--seed', str(seed), '--time', str(time_ms)]
        if cpu is not None:
            cmd = ['taskset', '-c', str(cpu)] + cmd
        self.t0 = time.perf_counter()
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, bufsize=0,
                                     env=dict(os.environ, **(env or {})))
        self.pending = None
        self._collect()
        if to_move != side:
            self.pending = None   # a "Last move" of the opening, not a choice

    def _collect(self):
        text = _read_until(self.proc, self.PROMPT)
        if self.proc.poll() is not None and not self.PROMPT.search(text) and 'Result:' not in text:
            raise RuntimeError(f'our engine stopped: {text[-2000:]}')
        dt = time.perf_counter() - self.t0
        ours = [m for m in self.LAST.finditer(text) if m.group(1).lower() == self.side]
        notes = [m for m in self.NOTE.finditer(text) if m.group(1).lower() == self.side]
        if ours:
            self.pending = (ours[-1].group(3), dt, notes[-1].group(4) if notes else '')
        return text

    def move(self, moves, time_ms):
        if self.pending is None:
            raise RuntimeError('our engine has no move ready')
        (mv, _, _), self.pending = self.pending, None
        return mv

    def opponent_move(self, lab):
        self.t0 = time.perf_counter()
        self.proc.stdin.write((lab + '\n').encode())
        self.proc.stdin.flush()
        text = self._collect()
        if 'Illegal move' in text or 'is neither a move' in text:
            raise RuntimeError(f'our engine refused {lab}: {text}')

    def close(self):
        if self.proc.poll() is None:
            try:
                self.proc.stdin.write(b'quit\n')
                self.proc.stdin.flush()
                self.proc.wait(5)
            except (BrokenPipeError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()


class Aalina:
    """Aalina's UCI-like service, one process for the whole match."""

    BEST = re.compile(r'^bestmove (\S+)', re.M)

    def __init__(self, out_dir, cpu=None):
        cmd = ['java', *JAVA_OPENS]
        if cpu is not None:
            cmd = ['taskset', '-c', str(cpu)] + cmd
        # Aalina searches on one thread; one processor for the JVM too keeps
        # its collector and compiler threads from taking a second core (from
        # the other engine, or from a game played beside it with --jobs).
        cmd += ['-XX:ActiveProcessorCount=1', '-jar', os.path.join(out_dir, 'oware.jar'), 'service']
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, bufsize=0)
        self.send('uci')
        text = _read_until(self.proc, re.compile(r'^uciok', re.M), 120)
        self.name = re.search(r'^id name (.*)$', text, re.M).group(1)
        self.sync()

    def send(self, line):
        self.proc.stdin.write((line + '\n').encode())
        self.proc.stdin.flush()

    def sync(self):
        self.send('isready')
        _read_until(self.proc, re.compile(r'^readyok', re.M), 120)

    def new_game(self, side):
        self.send('ucinewgame')
        self.send(f'setoption name EngineTurn value {side}')
        self.sync()

    def move(self, moves, movetime_ms):
        self.send('position startpos' + (' moves ' + ''.join(moves) if moves else ''))
        self.send(f'go movetime {movetime_ms}')
        text = _read_until(self.proc, self.BEST)
        return self.BEST.search(text).group(1)

    def close(self):
        if self.proc.poll() is None:
            try:
                self.send('quit')
                self.proc.wait(10)
            except (BrokenPipeError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()


class Entrant:
    """`mancala:BINARY:SPEC` or `aalina:OUT_DIR`."""

    def __init__(self, text, cpu, env=()):
        kind, _, rest = text.partition(':')
        self.text, self.cpu, self.aalina = text, cpu, None
        self.env = dict(e.split('=', 1) for e in env)
        if kind == 'mancala':
            self.binary, _, self.spec = rest.partition(':')
            if not self.spec:
                raise SystemExit(f'{text}: expected mancala:BINARY:SPEC')
        elif kind == 'aalina':
            self.aalina = Aalina(rest, cpu)
        else:
            raise SystemExit(f'{text}: expected mancala:BINARY:SPEC or aalina:DIR')

    def start(self, side, time_ms, seed, opening, to_move):
        if self.aalina:
            self.aalina.new_game(side)
            return self.aalina
        return Ours(self.binary, self.spec, side, time_ms, seed, opening, to_move, self.cpu,
                    self.env)

    def close(self):
        if self.aalina:
            self.aalina.close()


def play_game(g, opening, a, b, args, referee):
    a_side = 'south' if g % 2 == 0 else 'north'
    moves = list(opening)
    state = replay(referee, moves)
    to_move = state['to_move']
    players = {}
    t0 = time.perf_counter()
    try:
        players[a_side] = a.start(a_side, args.time, args.seed + g, moves, to_move)
        b_side = 'north' if a_side == 'south' else 'south'
        players[b_side] = b.start(b_side, args.time, args.seed + g + 7919, moves, to_move)
        while not state['over']:
            side = state['to_move']
            mv = players[side].move(moves, args.time)
            if mv not in state['legal']:
                raise RuntimeError(f'game {g}: {side} plays {mv}, not in {state["legal"]}')
            other = players['north' if side == 'south' else 'south']
            moves.append(mv)
            state = replay(referee, moves)
            if isinstance(other, Ours):
                other.opponent_move(mv)
    finally:
        for p in players.values():
            if isinstance(p, Ours):
                p.close()
    s = state['score']
    mine, theirs = (s[0], s[1]) if a_side == 'south' else (s[1], s[0])
    return {'game': g, 'a': args.a, 'b': args.b, 'env_a': args.env_a, 'env_b': args.env_b, 'a_side': a_side, 'time_ms': args.time,
            'opening': ' '.join(opening), 'plies': len(moves), 'moves': ' '.join(moves),
            'score': s, 'reason': state.get('reason'), 'margin': mine - theirs,
            'result': 'W' if mine > theirs else 'L' if mine < theirs else 'D',
            'wall_s': round(time.perf_counter() - t0, 1)}


def elo(p):
    if p <= 0:
        return -math.inf
    if p >= 1:
        return math.inf
    return -400 * math.log10(1 / p - 1)


def summary(recs):
    n = len(recs)
    if not n:
        return 'no games'
    wdl = {k: sum(r['result'] == k for r in recs) for k in 'WDL'}
    x = [1.0 if r['result'] == 'W' else 0.5 if r['result'] == 'D' else 0.0 for r in recs]
    p = sum(x) / n
    var = sum((v - p) ** 2 for v in x) / max(1, n - 1)
    se = math.sqrt(var / n)
    lo, hi = elo(p - 1.96 * se), elo(p + 1.96 * se)
    m = [r['margin'] for r in recs]
    mm = sum(m) / n
    mse = math.sqrt(sum((v - mm) ** 2 for v in m) / max(1, n - 1) / n)
    return (f'{n} games: A W/D/L {wdl["W"]}/{wdl["D"]}/{wdl["L"]}, score {100 * p:.1f}%, '
            f'mean margin {mm:+.2f} (± {1.96 * mse:.2f}), '
            f'Elo {elo(p):+.0f} [{lo:+.0f}, {hi:+.0f}] (95%)')


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--a', help='mancala:BINARY:SPEC or aalina:DIR')
    ap.add_argument('--b', help='mancala:BINARY:SPEC or aalina:DIR')
    ap.add_argument('--time', type=int, default=1000, help='ms a move (ai:K levels, Aalina)')
    ap.add_argument('--openings', type=int, default=50, help='openings, each played from both sides')
    ap.add_argument('--random-plies', type=int, default=2)
    ap.add_argument('--distinct', action='store_true',
                    help='no opening twice (while there are enough: 36 of two plies, 216 of three)')
    ap.add_argument('--minutes', type=float, default=1e9, help='start no new opening after this')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--cpu-a', type=int, default=None, help='pin A to this core (taskset)')
    ap.add_argument('--cpu-b', type=int, default=None, help='pin B to this core (taskset)')
    ap.add_argument('--env-a', action='append', default=[], metavar='NAME=VALUE',
                    help="set in A's environment (e.g. MANCALA_EVAL_WEIGHTS=...)")
    ap.add_argument('--env-b', action='append', default=[], metavar='NAME=VALUE')
    ap.add_argument('--jobs', type=int, default=1,
                    help='games played side by side (each engine searches on one thread, so '
                         'two jobs keep two cores busy without the sides sharing one)')
    ap.add_argument('--out', help='append one JSON line a game')
    ap.add_argument('--summary', nargs='*', help='only summarise these JSONL files')
    args = ap.parse_args()
    if args.summary is not None:
        for path in args.summary:
            recs = [json.loads(l) for l in open(path) if l.strip()]
            print(f'{path}: {summary(recs)}')
        return
    if not (args.a and args.b and args.out):
        ap.error('--a, --b and --out are needed')
    if args.jobs > 1 and (args.cpu_a is not None or args.cpu_b is not None):
        ap.error('--jobs plays games side by side on all cores: no --cpu-a/--cpu-b with it')
    # Each job has its own engines (its own Aalina service).
    pairs = [(Entrant(args.a, args.cpu_a, args.env_a), Entrant(args.b, args.cpu_b, args.env_b))
             for _ in range(args.jobs)]
    a0, b0 = pairs[0]
    referee = a0.binary if not a0.aalina else b0.binary
    # The openings depend on the seed only, not on --jobs.
    rng = random.Random(args.seed)
    openings = []
    for k in range(args.openings):
        # --distinct draws again (a bounded number of times) an opening
        # already drawn: two plies give only 36 openings, and the engines
        # play a repeated opening much as before.
        for _attempt in range(1000 if args.distinct else 1):
            opening = []
            for _ in range(args.random_plies):
                st = replay(referee, opening)
                if st['over']:
                    break
                opening.append(rng.choice(st['legal']))
            if opening not in openings:
                break
        openings.append(opening)
    todo = queue.Queue()
    for k, opening in enumerate(openings):
        for g in (2 * k, 2 * k + 1):
            todo.put((g, opening))
    recs, t0, lock, failures = [], time.perf_counter(), threading.Lock(), []

    def worker(a, b):
        while time.perf_counter() - t0 <= args.minutes * 60:
            try:
                g, opening = todo.get_nowait()
            except queue.Empty:
                return
            try:
                rec = play_game(g, opening, a, b, args, referee)
            except Exception as e:  # reported after the other jobs finish
                with lock:
                    failures.append(f'game {g}: {e}')
                return
            with lock:
                recs.append(rec)
                with open(args.out, 'a') as f:
                    f.write(json.dumps(rec) + '\n')
                print(f"game {g} [{rec['opening']}] A {rec['a_side']:5} {rec['result']} "
                      f"{rec['score']} plies {rec['plies']} {rec['wall_s']}s | {summary(recs)}",
                      flush=True)

    threads = [threading.Thread(target=worker, args=pair) for pair in pairs]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        for a, b in pairs:
            a.close()
            b.close()
    print(summary(recs))
    if failures:
        raise SystemExit('\n'.join(failures))

if __name__ == '__main__':
    main()
