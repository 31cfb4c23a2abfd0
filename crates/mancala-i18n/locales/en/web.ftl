# The web interface (crates/mancala-web): page chrome, catalogue, game pages
# and the play page. Whole sentences with arguments; numbers are formatted
# by the server or the page in the reader's digits.

## Chrome

web-brand = Mancala
web-nav-games = Games
web-nav-new = New game
web-nav-history = History
web-nav-label = Main
web-lang-label = Language
web-digits-label = Digits
web-digits-native = { $lang ->
    [fa] Persian digits (۱۲۳)
    [my] Burmese digits (၁၂၃)
   *[other] Own digits
}
web-digits-latin = Latin digits (123)

## Catalogue

web-catalogue-title = Mancala games
web-catalogue-intro = { $count ->
    [one] One game from the mancala family can be played here. Open its page to read how it is played, then play it against a person or the computer.
   *[other] { $count } games from the mancala family can be played here. Open a game's page to read how it is played, then play it against a person or the computer.
}
web-filter-legend = Find a game
web-search-label = Name
web-search-placeholder = Search by name
web-filter-region = Region
web-filter-size = Holes in a row
web-filter-stores = Stores
web-filter-mechanism = Rule
web-filter-any = Any
web-stores-yes = With stores
web-stores-no = Without stores
web-mech-extra-turn = Extra turns
web-mech-relay = Relay sowing
web-mech-capture = Captures
web-mech-no-capture = No captures
web-size-option = { $holes ->
    [one] { $holes } hole
   *[other] { $holes } holes
}
web-catalogue-shown = { $total ->
    [one] { $shown } of { $total } game shown.
   *[other] { $shown } of { $total } games shown.
}
web-catalogue-none = No game matches these choices.
web-filter-reset = Show every game
web-entry-board = { $holes ->
    [one] 2 rows of { $holes } hole, { $seeds ->
        [one] { $seeds } seed in each at the start.
       *[other] { $seeds } seeds in each at the start.
    }
   *[other] 2 rows of { $holes } holes, { $seeds ->
        [one] { $seeds } seed in each at the start.
       *[other] { $seeds } seeds in each at the start.
    }
}
web-entry-stores-yes = A store for each player.
web-entry-stores-no = No stores.
web-entry-open = Read about { $name }

## Regions (the `region` of a game's [about]; unknown ones are shown as written)

web-region-northern-africa = Northern Africa
web-region-western-africa = Western Africa
web-region-eastern-africa = Eastern Africa
web-region-central-africa = Central Africa
web-region-southern-africa = Southern Africa
web-region-americas = Americas
web-region-caribbean = Caribbean
web-region-western-asia = Western Asia
web-region-southern-asia = Southern Asia
web-region-south-eastern-asia = South-eastern Asia
web-region-eastern-asia = Eastern Asia
web-region-central-asia = Central Asia
web-region-europe = Europe
web-region-oceania = Oceania
web-region-unknown = Region not recorded

## Game page

web-game-back = All games
web-board-figure = The board at the start of { $name }.
web-board-south = South
web-board-north = North
web-board-south-store = South's store
web-board-north-store = North's store
web-board-caption = { $total ->
    [one] { $total } seed in all. South owns the near row, North the far row; the letters name the holes.
   *[other] { $total } seeds in all. South owns the near row, North the far row; the letters name the holes.
}
web-game-unknown = There is no game called “{ $name }”.
web-not-found-title = Page not found
web-not-found-back = See every game

## The play page (static parts)

web-play-title = Mancala
web-home-label = Mancala, new game
web-setup-title = New game
web-setup-game = Game
web-setup-full-rules = Full rules
web-setup-read-page = Read the game's page
web-setup-opponent = Opponent
web-setup-computer = The computer, level
web-setup-level = Computer level
web-setup-level-1 = 1 (random)
web-setup-level-2 = 2 (greedy)
web-setup-level-9 = 9 (strongest)
web-setup-local = A person on this device
web-setup-remote = A person elsewhere (share a link)
web-setup-perfect = Perfect play
web-setup-side = Your side
web-setup-south = South (near row)
web-setup-north = North (far row)
web-setup-start = Start game
web-setup-ongoing = Your games in progress
web-play-game = Game
web-play-share = Send this link to the other player:
web-play-copy = Copy
web-play-seat-free = A seat is free in this game.
web-play-take-seat = Take the free seat
web-play-board = Board
web-play-pass = Pass
web-play-undo = Undo
web-play-hint = Hint
web-play-resign = Resign
web-play-animate = Animate sowing
web-play-moves = Moves
web-play-export = Export record
web-play-copy-record = Copy record
web-play-replay = Replay
web-play-keys = Keys: a hole's letter plays it (South A B …, North a b …, in either case), “.” passes.
web-history-title = History
web-history-when = When
web-history-game = Game
web-history-players = South – North
web-history-moves = Moves
web-history-result = Result
web-history-more = More
web-history-import = Import a record
web-history-import-label = Record to import
web-history-import-button = Import
web-replay-title = Replay
web-replay-start = Start
web-replay-previous = Previous move
web-replay-move = Move
web-replay-next = Next move
web-replay-end = End
web-replay-open = Open game
web-result-title = Game over
web-result-new = New game
web-result-replay = Replay
web-result-close = Close

## The play page's script (messages whose id starts with js- are sent to the page)

js-unreachable = The server cannot be reached: check the connection, then try again.
js-busy = The server is busy: { $error }
js-cannot-reach = Cannot reach the server: { $error }
js-side = { $side ->
    [south] South
   *[north] North
}
js-setup-south-first = South (near row), moves first
js-setup-north-first = North (far row), moves first
js-title-new = Mancala: new game
js-title-game = Mancala: { $name }
# A game played with board parameters of its own (kalah:holes=4,seeds=3): its name and its board.
js-game-variant = { $name }: { $holes ->
    [one] { $holes } hole
   *[other] { $holes } holes
} a row, { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
} a hole
js-game-variant-first = { $game }, { $side ->
    [south] South moves first
   *[north] North moves first
}
js-title-history = Mancala: history
js-title-replay = Mancala: replay
js-ongoing = { $name }: { $players }, { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
js-hole-title = { $hole }: { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
}
js-hole-play = Play { $hole } ({ $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
})
js-computer-level = the computer (level { $level } of 9)
js-computer-perfect = the computer (perfect play)
js-players-local = Two players on this device: South (near row) and North (far row)
js-players = South: { $south } · North: { $north }
js-player-you = you
js-player-free = a free seat
js-player-opponent = your opponent
js-player-person = a person
js-status-thinking = The computer is thinking…
js-status-waiting-join = Waiting for the other player to join…
js-status-to-move = { $side ->
    [south] South to move
   *[north] North to move
}
js-status-your-move = Your move
js-status-watching = { $side ->
    [south] South to move (you are watching)
   *[north] North to move (you are watching)
}
js-status-waiting-for = { $side ->
    [south] Waiting for South…
   *[north] Waiting for North…
}
js-result-draw = Draw
js-result-win = You win!
js-result-lose = You lose
js-result-side-wins = { $side ->
    [south] South wins
   *[north] North wins
}
js-result-leftover = The seeds left on the board went to their owners: South +{ $south }, North +{ $north }.
js-result-leftover-split = The seeds left on the board were divided: South +{ $south }, North +{ $north }.
js-seat-free = { $side ->
    [south] The South seat is free: take it to play, or just watch.
   *[north] The North seat is free: take it to play, or just watch.
}
js-resign-really = Really resign?
js-loading = Loading…
js-no-such-game = No game has this link ({ $id }).
js-connection-lost = Connection lost; reconnecting…
js-no-games = No games yet.
js-link-copied = Link copied.
js-record-copied = Record copied.
js-replay-title = Replay: { $name }
js-replay-start = Start
js-announce-computer = The computer played { $move }.
js-announce-opponent = Your opponent played { $move }.
js-announce-side = { $side ->
    [south] South played { $move }.
   *[north] North played { $move }.
}
js-announce-your-move = Your move.
# Under a store's count in games whose captures leave the board.
js-store-removed = removed

## Why a game ended (the view's reason_code; js-reason-CODE with _ written -)

js-reason-resigned = { $side ->
    [south] South resigned.
   *[north] North resigned.
}
js-reason-no-moves = { $side ->
    [south] The game ended: South had no legal move.
   *[north] The game ended: North had no legal move.
}
js-reason-board-empty = The game ended: the board is empty.
js-reason-repetition = The game ended: a position came back.
js-reason-majority = The game ended: a player holds more than half of the seeds.
js-reason-endless = The game ended: a sowing that never ends was played.
js-reason-row-empty = The game ended: a row is empty.
js-reason-ply-limit = The game reached the limit of { $limit } moves and is drawn.
js-reason-too-few-seeds = The game ended: too few seeds are left to change the outcome.

## The server's refusals, by the error's code (js-error-CODE with _ written -).
## The API's JSON keeps its English `error`; the page shows these.

js-error-illegal-move = That move is not allowed here.
js-error-not-your-turn = It is not your turn.
js-error-stale = The game changed in the meantime; it has been reloaded.
js-error-game-over = The game is already over.
js-error-seats-taken = Both seats of this game are taken; you can watch it.
js-error-no-undo = Moves cannot be taken back in a game between two people on different devices.
js-error-nothing-to-undo = There is no move of yours to take back.
js-error-no-hints = Hints are off in games between two people on different devices.
js-error-no-free-seat = This game has no free seat to invite someone to.
js-error-bad-token = The seat in this link does not belong to this game.
js-error-missing-token = Only a player of this game can do this.
js-error-missing-invite = The free seat is for the person invited: open the link you were sent.
js-error-bad-invite = This invitation does not open this game's free seat; ask the other player for the link again.
js-error-no-such-game = No game has this link.
js-error-unknown-rules = This server does not know that game.
js-error-rate-limited = Too many requests from this address: try again in { $seconds ->
    [one] one second
   *[other] { $seconds } seconds
}.
js-error-busy = The computer is busy: ask again in a moment.
js-error-too-many-sockets = Too many live connections from this address: close some pages.
js-error-too-large = The request is too large.
js-error-timeout = The request took too long to arrive.
js-error-no-database = Perfect play needs this game's solved database, which this server does not have.
js-error-internal = The server failed to answer; nothing was changed, try again.
js-error-bad-request = The server did not understand the request: { $error }
js-error-json-required = The request was not sent as JSON.
js-error-not-found = The server has nothing at this address.
js-error-method-not-allowed = The server does not allow this request here.
js-error-bad-json = The server could not read the request: { $error }
js-error-websocket-required = Live updates need a WebSocket connection, which failed.
js-error-other = The server refused the request: { $error }

## Hints

js-hint-move = Hint: play { $move }.
js-hint-even = Hint: play { $move }; with best play on both sides the game ends level.
js-hint-ahead = Hint: play { $move }; with best play on both sides you finish { $seeds ->
    [one] one seed
   *[other] { $seeds } seeds
} ahead.
js-hint-behind = Hint: play { $move }; with best play on both sides you finish { $seeds ->
    [one] one seed
   *[other] { $seeds } seeds
} behind.
js-hint-win = Hint: play { $move }; with best play you win within { $moves ->
    [one] one move
   *[other] { $moves } moves
}.
js-hint-loss = Hint: play { $move }; with best play your opponent wins within { $moves ->
    [one] one move
   *[other] { $moves } moves
}.
js-hint-perfect = Hint: play { $move }, the perfect player's choice.
js-hint-line = Expected line: { $line }.

## Replay, history, seats

js-replay-after = { $side ->
    [south] After move { $ply }: South played { $move }.
   *[north] After move { $ply }: North played { $move }.
}
js-history-person = a person
js-history-computer-perfect = the computer (perfect play)
js-history-computer-level = the computer (level { $level })
js-history-local = two people, one device
js-history-result = { $result ->
    [draw] draw
    [south] South won
    [north] North won
   *[playing] in progress
}
js-history-resigned = { $side ->
    [south] South resigned
   *[north] North resigned
}
js-seat-link-bad = { $side ->
    [south] The South seat in this link does not work; it was not kept.
   *[north] The North seat in this link does not work; it was not kept.
}
js-store-name-removed = { $name } (removed)
# The status line of a finished game: who won and the score, then why it ended.
js-status-over = { $result }. { $reason }
