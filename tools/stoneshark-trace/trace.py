"""Record random games of StoneShark's MancalaGames configurations as
conformance traces (the format of tests/stoneshark, described in its
README): one line of JSON a game, in our hole numbering and notation.

StoneShark's program is not part of this repository: fetch
https://github.com/StoneShark/MancalaGames and point --stoneshark at the
checkout (its src/ and GameProps/ are read; Python 3.11 or later). This
script only calls it.

    python3 trace.py --stoneshark ~/MancalaGames OUT --seeds 4,16 \
        --configs Alemungula,CrossCapt_Six

For each configuration and seed: Python's random.seed(seed), then --games
games (4 by default) whose starters alternate South, North, ...; every move
a uniformly random choice among the moves the program lists. A game is cut
at 1,000 plies (`capped`). OUT/NAME.params.json holds the configuration's
parameters (prose, AI settings and variants left out) and OUT/NAME.jsonl
its games. `mancala peers stoneshark OUT` replays them.
"""

import argparse
import json
import os
import random
import sys

SIDE = {False: 'south', True: 'north'}
MAX_PLIES = 1000
# Configuration-file keys that are not rules.
NOT_RULES = ('player', 'variants', 'vari_params', 'lagniappe', 'Author Link')


def load_program(path):
    """Imports StoneShark's modules from the checkout at `path`."""
    sys.path.insert(0, os.path.join(path, 'src'))
    global animator, gi, man_config
    import animator
    animator.ENABLED = False
    import game_info as gi
    import game_logger
    import man_config
    game_logger.game_log.active = False


def label(game, move, turn, direct):
    """The move in our notation: the hole's label (A.. South's row, a..
    North's), then > or < where the mover chose the direction."""
    n = game.cts.holes
    chosen = None
    if isinstance(move, tuple):
        if len(move) == 3:
            row, pos, chosen = move
            loc = game.cts.xlate_pos_loc(row, pos)
        elif move[0] < 0:
            # A move from the store: labelled past the row's ends.
            loc = game.cts.xlate_pos_loc(not turn, move[0])
            chosen = direct
        else:
            pos, chosen = move
            loc = game.cts.xlate_pos_loc(not turn, pos)
    else:
        loc = game.cts.xlate_pos_loc(not turn, move)
    text = chr(ord('A') + loc) if loc < n else chr(ord('a') + loc - n)
    if chosen in (gi.Direct.CCW, gi.Direct.CW):
        text += '>' if chosen == gi.Direct.CCW else '<'
    return text


def state(game, with_turn=False):
    """Board and stores, with the hole states that differ from the plain
    default (owner, locked, blocked, child)."""
    n = game.cts.holes
    out = {'board': list(game.board), 'stores': list(game.store)}
    owner = [SIDE[bool(o)] for o in game.owner]
    if owner != ['south'] * n + ['north'] * n:
        out['owner'] = owner
    if not all(game.unlocked):
        out['locked'] = [not u for u in game.unlocked]
    if any(game.blocked):
        out['blocked'] = [bool(b) for b in game.blocked]
    if any(c is not None for c in game.child):
        # False is South's child; True North's, and an owner-less one (a ram).
        out['child'] = [None if c is None else ('south' if c is False else 'north')
                        for c in game.child]
    if with_turn:
        out['to_move'] = SIDE[bool(game.turn)]
    return out


class Recorder:
    """Records every move of `game`, those the program makes by itself
    while setting a game up (opening patterns) too."""

    def __init__(self, game):
        self.game = game
        self.plies = []
        self.start = None
        self.forced = False
        self.move_of_program = game.move
        game.move = self.move

    def move(self, mv):
        game = self.game
        if self.start is None:
            self.start = state(game, with_turn=True)
        turn = bool(game.turn)
        cond = self.move_of_program(mv)
        if mv == gi.PASS_TOKEN:
            self.plies.append({'pass': SIDE[turn]})
            return cond
        mdata = game.mdata
        ply = state(game)
        ply['mover'] = SIDE[turn]
        ply['move'] = label(game, mv, turn, getattr(mdata, 'direct', None))
        if self.forced:
            ply['forced'] = True
        if mdata is not None and mdata.capt_start == gi.WinCond.ENDLESS:
            ply['endless'] = True
        self.plies.append(ply)
        return cond


def play(game, rec, name, seed, index):
    """One random game, started by South for even `index`, North for odd."""
    rec.plies, rec.start = [], None
    game.starter = index % 2 == 0  # the program starts the other player
    rec.forced = True
    game.new_game()
    rec.forced = False
    if rec.start is None:
        rec.start = state(game, with_turn=True)
    if game.info.prescribed == gi.SowPrescribed.ARNGE_LIMIT:
        game.inhibitor.set_on(game.turn)
    result, winner = None, None
    while len(rec.plies) < MAX_PLIES:
        moves = game.get_moves()
        if not moves:
            result = 'stuck'
            break
        cond = game.move(random.choice(moves))
        if cond and cond.is_game_over():
            result = 'win' if cond == gi.WinCond.WIN else 'tie'
            winner = SIDE[bool(game.mdata.winner)] if result == 'win' else None
            break
        if cond == gi.WinCond.ENDLESS:
            result = 'endless'
            break
        if cond and cond.is_round_over():
            game.new_game(new_round=True)
            rec.plies.append({'round': state(game, with_turn=True)})
        if game.info.mustpass:
            turn = bool(game.turn)
            if game.test_pass():
                rec.plies.append({'pass': SIDE[turn]})
    else:
        result = 'capped'
    record = {'config': name, 'seed': seed, 'index': index,
              'holes': game.cts.holes, 'start': rec.start, 'plies': rec.plies}
    if result in ('win', 'tie'):
        record['winner'] = winner
    record['result'] = result
    record['end'] = state(game)
    return record


def params(path):
    """The configuration's parameters, without its prose and AI settings."""
    with open(path, encoding='utf-8') as file:
        lines = file.readlines()
    end = man_config.find_section_break(lines)
    config = json.loads(''.join(lines[:end]))
    for key in NOT_RULES:
        config.pop(key, None)
    for key in ('about', 'help_file'):
        config['game_info'].pop(key, None)
    return config


def seed_list(text):
    seeds = []
    for part in text.split(','):
        first, _, last = part.partition('-')
        seeds += range(int(first), int(last or first) + 1)
    return seeds


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('out', help='folder for NAME.params.json and NAME.jsonl')
    parser.add_argument('--stoneshark', required=True, help='a checkout of MancalaGames')
    parser.add_argument('--seeds', type=seed_list, default=[1], help='e.g. 2-21 or 4,16')
    parser.add_argument('--games', type=int, default=4, help='games a seed')
    parser.add_argument('--configs', default='', help='names (default: every configuration)')
    args = parser.parse_args()
    load_program(args.stoneshark)
    props = os.path.join(args.stoneshark, 'GameProps')
    names = ([c for c in args.configs.split(',') if c] if args.configs
             else sorted(f[:-4] for f in os.listdir(props)
                         if f.endswith('.txt') and not f.startswith('_')))
    os.makedirs(args.out, exist_ok=True)
    for name in names:
        path = os.path.join(props, name + '.txt')
        game, _ = man_config.make_game(path)
        rec = Recorder(game)
        with open(os.path.join(args.out, name + '.params.json'), 'w', encoding='utf-8') as out:
            out.write(json.dumps(params(path), indent=1, sort_keys=True, ensure_ascii=False))
        with open(os.path.join(args.out, name + '.jsonl'), 'w', encoding='utf-8') as out:
            for seed in args.seeds:
                random.seed(seed)
                for index in range(args.games):
                    record = play(game, rec, name, seed, index)
                    out.write(json.dumps(record, separators=(',', ':')) + '\n')
        print(name, file=sys.stderr)


if __name__ == '__main__':
    main()
