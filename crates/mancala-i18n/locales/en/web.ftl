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
web-play-keys = Keys: the hole letters play (South A B …, North the same letters), “.” passes.
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
js-store-computer = Computer
js-store-you = You
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
js-result-ended = The game ended: { $reason }.
js-result-leftover = The seeds left on the board went to their owners: South +{ $south }, North +{ $north }.
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
