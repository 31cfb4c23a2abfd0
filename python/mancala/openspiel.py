"""OpenSpiel adapter: every built-in game as a ``pyspiel`` game.

Importing this module registers ``mancala_<id>`` for each built-in game
(``mancala_oware``, ``mancala_kalah``, ``mancala_toguz-kumalak``, ...), so
that OpenSpiel's algorithms and bots play them::

    import pyspiel
    import mancala.openspiel
    game = pyspiel.load_game("mancala_kalah(holes=4,seeds=3)")

Parameters: ``rules`` picks the rule file (a built-in name or a path to a
``.toml`` file; default: the game's own), ``holes`` and ``seeds`` set the
board (0: the rule file's). Actions, observations and the current player are
the package's own (see ``docs/python.md``): the engine decides every rule.
"""

import numpy as np
import pyspiel

import mancala
from open_spiel.python.observation import IIGObserverForPublicInfoGame

PREFIX = "mancala_"


def _rules_of(params):
    """The package's Rules for a game's parameters."""
    name = params["rules"]
    board = [f"{key}={params[key]}" for key in ("holes", "seeds") if params.get(key)]
    if board:
        name += ":" + ",".join(board)
    return mancala.Rules.load(name)


def _game_type(game_id):
    return pyspiel.GameType(
        short_name=PREFIX + game_id,
        long_name=f"{mancala.Rules.builtin(game_id).name} (mancala engine)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"rules": game_id, "holes": 0, "seeds": 0},
    )


class MancalaGame(pyspiel.Game):
    """A game of the mancala engine; ``self.rules`` is the package's Rules."""

    game_id = None  # set by each registered subclass

    def __init__(self, params=None):
        game_type = _game_type(self.game_id)
        full = dict(game_type.parameter_specification)
        full.update(params or {})
        self.rules = _rules_of(full)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.rules.num_actions,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=mancala.MAX_GAME_PLIES,
        )
        super().__init__(game_type, info, params or {})

    def new_initial_state(self):
        return MancalaState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if iig_obs_type is None or (
            iig_obs_type.public_info and not iig_obs_type.perfect_recall
        ):
            return _Observer(self.rules, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class MancalaState(pyspiel.State):
    """A state of a mancala game; ``self.native`` is the package's State."""

    def __init__(self, game, native=None):
        super().__init__(game)
        self.native = native if native is not None else game.rules.new_state()

    def current_player(self):
        return self.native.current_player()

    def _legal_actions(self, player):
        return self.native.legal_actions()

    def _apply_action(self, action):
        self.native.apply(action)

    def _action_to_string(self, player, action):
        return self.native.rules.action_to_move(action, player)

    def is_terminal(self):
        return self.native.is_terminal()

    def returns(self):
        return list(self.native.returns())

    def __str__(self):
        return str(self.native) + self.native.to_position_text()


class _Observer:
    """The package's observation tensor (see docs/python.md)."""

    def __init__(self, rules, params):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.tensor = np.zeros(rules.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        state.native.observation(self.tensor, player)

    def string_from(self, state, player):
        return state.native.to_position_text()


def _register_all():
    registered = set(pyspiel.registered_names())
    for game_id in mancala.builtin_games():
        name = PREFIX + game_id
        if name in registered:
            continue
        cls = type(
            "Mancala_" + game_id.replace("-", "_"),
            (MancalaGame,),
            {"game_id": game_id, "__module__": __name__},
        )
        globals()[cls.__name__] = cls
        pyspiel.register_game(_game_type(game_id), cls)


GAMES = [PREFIX + g for g in mancala.builtin_games()]
_register_all()
