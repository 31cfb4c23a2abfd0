# The rules sentences of a game page (English). Each message is a whole
# sentence; the program chooses which apply from the rule file.
# Selectors: $dir = cw | ccw; $place = any | own | opponent;
# $keeper = mover | removed; $stores = yes | no; $first = south | north.

## Board

board-rows = Two rows of { $holes ->
        [one] one hole
       *[other] { $holes } holes
    }, one row for each player{ $stores ->
        [yes] , and a store for each player at the right end of their row
       *[no] ; there are no stores
    }.
board-seeds = At the start every hole holds { $seeds ->
        [one] one seed
       *[other] { $seeds } seeds
    }: { $total } seeds in all.
board-seeds-rightmost-plus-one = At the start every hole holds { $seeds ->
        [one] one seed
       *[other] { $seeds } seeds
    }, and each player's rightmost hole one more: { $total } seeds in all.
board-seeds-random = At the start the { $total } seeds lie at random: { $two ->
        [yes] 2 in every hole, and the rest
       *[no] they are
    } split among the holes, every split equally likely.
board-seeds-listed = At the start only these holes hold seeds (their number in brackets): { $holes }; { $total } seeds in all.
board-owners = South owns the near row, labelled { $south } from left to right; North owns the far row, labelled { $north } from North's left to right.
board-first = { $first ->
        [north] North
       *[south] South
    } moves first.
board-notation = A move is written as the label of the hole it starts from.
board-notation-pass = A move is written as the label of the hole it starts from, and a pass as “pass”.

## How to play

play-lift-any = On their turn a player lifts all the seeds of any non-empty hole in their own row.
play-lift-min = On their turn a player lifts all the seeds of a hole in their own row holding at least { $min ->
        [one] one seed
       *[other] { $min } seeds
    }; holes with fewer may not be played.
sow-origin = The first seed goes back into the hole it came from, then one seed into each following hole, { $dir ->
        [cw] clockwise
        [varied] in the direction given below
       *[ccw] counter-clockwise
    }.
sow-origin-single = The first seed goes back into the hole it came from, then one seed into each following hole, { $dir ->
        [cw] clockwise
        [varied] in the direction given below
       *[ccw] counter-clockwise
    }; a hole with a single seed is played by putting that seed straight back.
sow-next = The seeds are sown one by one into the following holes, { $dir ->
        [cw] clockwise
        [varied] in the direction given below
       *[ccw] counter-clockwise
    }, starting with the hole after the one emptied.
sow-direction = { $rule ->
        [chosen] The mover chooses the direction of every move, writing it after the hole: A> sows counter-clockwise (to the mover's right), A< clockwise.
        [outward] The holes of the left half of a player's row sow clockwise (to the player's left) and those of the right half counter-clockwise: away from the middle.
        [inward] The holes of the left half of a player's row sow counter-clockwise and those of the right half clockwise: towards the middle.
        [parity] A hole holding an odd number of seeds sows counter-clockwise, an even number clockwise.
       *[alternate] The first move of the game chooses its direction (A> counter-clockwise, A< clockwise); from then on its player always sows that way and the other player the other way.
    }
sow-chosen-holes = From { $holes } (counted from each player's left, so the same letters in small for North) the mover chooses the direction, writing the move C> (counter-clockwise) or C< (clockwise).
sow-first-moves-direction = Each player's first move sows { $dir ->
        [cw] clockwise
       *[ccw] counter-clockwise
    }, without a choice.
sow-single-to-next = A hole holding a single seed sows it into the next hole instead.
sow-own-row = Each player sows around their own row only: after the row's last hole the sowing goes on from its first, and no seed ever reaches the opponent's row.
sow-into-store = The player's own store is sown like a hole when the sowing passes it; the opponent's store is passed over.
sow-skip-origin = When a sowing goes all the way round the board, the emptied hole is passed over.
sow-no-skip-origin = When a sowing goes all the way round the board, the emptied hole is sown like any other.
sow-single-lap = The sowing ends when the hand is empty.
sow-relay = When the hand is empty in a hole that was already occupied, all its seeds are lifted and the sowing goes on from the next hole; it ends when the last seed falls into an empty hole.
sow-relay-stops-at-capture = A lap whose last seed makes a capture ends the sowing there.
play-endless-illegal = A move whose sowing would go round for ever may not be played.
play-endless-draw = A move whose sowing would go round for ever may be played, and the game is then a draw.
play-opening-rightmost = Each player's first move must start from their rightmost hole ({ $south } for South, { $north } for North).
play-opening-fallback-any = If a player's rightmost hole is empty at their first move, any other hole may be played.
play-opening-fallback-nearest = If a player's rightmost hole is empty at their first move, the nearest playable hole to its left must be played.
play-opening-right-half = Each player's first move must start from the right half of their row ({ $sfrom }–{ $sto } for South, { $nfrom }–{ $nto } for North) if a hole there may be played.
play-opening-right-half-any-end = The rule on where a first lap must end does not apply to that move.
sow-opening-lands-across = Each player's first move is sown as a single lap, without relaying, and its last seed, were it to fall into the player's own row, goes on to the first hole of the opponent's row.
play-last-resort = A hole holding { $counts } may be played only when every hole the player may play holds as many.
play-last-resort-rightmost = When every hole the player may play holds as many, only the rightmost of them may be played.
play-rams = A hole holding at least the seeds that would sow it round the opponent's row and back into its own row is a ram: it may not be played, and its seeds count for nobody when the game ends (a row whose seeds are all in rams counts as empty). A capture may take a ram's seeds. Holes become rams, or stop being rams, when the turn passes: a move ending in its player's store, which earns another move, leaves the rams as they were.
play-no-return = A single seed sown from the end hole of one row into the end hole of the other row beside it, and left alone there, may not be moved straight back: the next move may not start from that hole.
play-not-facing-single = A hole may not be played while the hole facing it holds a single seed.
play-lands-occupied = A hole may be played only if the last seed of its first lap falls into a hole that already holds seeds.
play-each-hole-first = Until a player has moved from every hole of their row in this { $rounds ->
        [yes] round
       *[no] game
    }, they may move only from holes they have not moved from yet; when none of those can be played, they have no move.
play-opening-first-two-rightmost = { $rounds ->
        [yes] The first move of the game and of each round
       *[no] The first move of the game
    } must start from one of the two rightmost holes the first player may play; every later move is free.
play-must-feed = If the opponent's row is empty, a player must make a move that sows at least one seed into it.
play-must-feed-territory = If the holes the opponent owns this round are all empty, a player must make a move that sows at least one seed into one of them.
play-feed-else-any = If no move can feed the opponent, any move may be played.
play-must-leave-seeds = If some move leaves the opponent at least one seed in their row (after its captures), only such moves may be played; if none does, any move may be played, captures included.
play-extra-store = If the last seed falls into the player's own store, the player moves again.
play-extra-capture = A move that captures earns the player another move.
play-extra-store-or-capture = If the last seed falls into the player's own store, or the move captures, the player moves again.
play-opening-shift = The first move of the game (and of each round) does not sow: the chosen hole keeps its seeds; going round the board from the next hole, every other hole passes one seed on to the hole after it, the last hole before the chosen one passing its seed to the hole facing the chosen hole, where the move ends as though its last seed fell there.
play-any-row-lift-any = On their turn a player lifts all the seeds of any non-empty hole, in either row: the holes belong to neither player.
play-any-row-lift-min = On their turn a player lifts all the seeds of a hole, in either row, holding at least { $min ->
        [one] one seed
       *[other] { $min } seeds
    }; holes with fewer may not be played. The holes belong to neither player.
sow-into-both-stores = Both stores are sown like holes when the sowing passes them, each after its owner's row.
sow-stores-on-right = Each store stands at its owner's right, so a sowing reaches the player's store only after going round the opponent's row, just before the player's own row.
sow-relay-from-next = When the hand is empty, if the hole after the last one sown holds seeds, they are all lifted and the sowing goes on from the hole after it; if it is empty, the sowing ends.
sow-relay-from-store = When the hole after the last one sown is the player's store, the store's seeds are lifted instead and the sowing goes on from the hole after it; a lap ending in the store ends the sowing.
sow-relay-from = The sowing goes on from the last hole only if it is { $place ->
        [own] in the player's own row
        [opponent] in the opponent's row
       *[any] in either row
    }; otherwise it ends there.
sow-relay-counts = The sowing goes on from the last hole only if it then holds { $counts }; otherwise it ends there.
sow-single-takes-facing = A lap that lifts a single seed first takes the seeds of the hole facing it, for the player, then sows its seed.
sow-singles-take-facing = Before sowing, every hole of the player's row that holds a single seed, the one played included, takes the seeds of the hole facing it, for the player.
sow-lap-keeps-one = The first seed lifted for each lap goes to the player, as a capture; the others are sown.
sow-closes = A lap whose last seed brings a hole of the opponent's row to { $count } seeds closes that hole; its seeds { $single ->
        [yes] leave the game
       *[no] are lifted and sown on as usual
    }.
sow-closes-spares-rightmost = A player's rightmost hole is never closed.
sow-closed-hole = A closed hole is out of play for the rest of the game: nobody moves from it, its own row's player sows past it, and a seed the other player sows into it leaves the game (a last seed there ends the sowing).
sow-closes-not-first = No hole is closed on { $turns ->
        [each] either player's first move
       *[first] the first move of the game
    }.
sow-hole-limit = No hole is sown beyond { $seeds } seeds: the sowing passes over every hole, of either row, that holds that many or more when the seed comes to it.
sow-skip-opponent-count = No seed is sown into a hole of the opponent's row that holds { $counts } when the seed comes to it: the sowing passes over that hole.
sow-skip-not-on-opening = { $rounds ->
        [yes] The first move of the game and of each round
       *[no] The first move of the game
    } passes over no hole for what it holds.
play-extra-capture-once = A move that captures earns the player another move, unless it is itself such an extra move.
play-extra-opponent-store = If the last seed falls into the opponent's store, the player moves again.
play-no-move-pass = A player who has no move passes.

## Capture

# The capturing counts as a noun phrase, put into the capture sentences as $counts.
counts-none = no number of seeds
counts-1 = { $a ->
        [one] one seed
       *[other] { $a } seeds
    }
counts-2 = { $a } or { $b } seeds
counts-3 = { $a }, { $b } or { $c } seeds
counts-4 = { $a }, { $b }, { $c } or { $d } seeds
counts-many = { $init } or { $last } seeds
list-separator = {", "}
counts-even-any = an even number of seeds
counts-odd-any = an odd number of seeds
counts-even-range = an even number of seeds from { $min } to { $max }
counts-odd-range = an odd number of seeds from { $min } to { $max }
counts-range = from { $min } to { $max } seeds
counts-at-least = { $min ->
        [one] one seed or more
       *[other] { $min } seeds or more
    }

capture-none = Nothing is ever captured.
capture-none-closing = Nothing is captured; seeds leave the game only through closed holes.
capture-always = The hole where the last seed falls, { $place ->
        [own] in the player's own row
        [opponent] in the opponent's row
       *[any] in either row
    }, is always taken, whatever it holds: its seeds are { $keeper ->
        [removed] removed from the game (nobody keeps them, even when they are the player's own)
       *[mover] captured
    }.
capture-counts-one = If the last seed falls into an empty hole { $place ->
        [own] of the player's own row
        [opponent] of the opponent's row
       *[any] of either row
    }, that seed is { $keeper ->
        [removed] removed from the game (nobody keeps it, even when it is the player's own)
       *[mover] captured
    }.
capture-counts = If the last seed falls into a hole { $place ->
        [own] of the player's own row
        [opponent] of the opponent's row
       *[any] of either row
    } and makes it hold { $counts }, those seeds are { $keeper ->
        [removed] removed from the game (nobody keeps them, even when they are the player's own)
       *[mover] captured
    }.
capture-chain-same-row = Then the hole before it (against the sowing), and the one before that, and so on, are taken too as long as each was sown in this move and holds { $counts }; the chain stops at the first hole that does not, and never leaves its row.
capture-chain-both-rows = Then the hole before it (against the sowing), and the one before that, and so on, are taken too as long as each was sown in this move and holds { $counts }; the chain stops at the first hole that does not, and may go on into the other row.
capture-opposite = If the last seed falls into an empty hole { $place ->
        [own] of the player's own row
        [opponent] of the opponent's row
       *[any] of either row
    } and the hole opposite is not empty, the seeds of the opposite hole are { $keeper ->
        [removed] removed from the game (nobody keeps them, even when they are the player's own)
       *[mover] captured
    }; the last seed stays where it is.
capture-opposite-sower = If the last seed falls into an empty hole { $place ->
        [own] of the player's own row
        [opponent] of the opponent's row
       *[any] of either row
    } and the hole opposite is not empty, the seeds of the opposite hole and the last seed itself are { $keeper ->
        [removed] removed from the game
       *[mover] captured
    }.
capture-opposite-sower-empty = If the last seed falls into an empty hole { $place ->
        [own] of the player's own row
        [opponent] of the opponent's row
       *[any] of either row
    }, the last seed and the seeds of the opposite hole, if there are any, are { $keeper ->
        [removed] removed from the game
       *[mover] captured
    }.
capture-passing = While sowing, a hole { $place ->
        [own] of the player's own row
        [opponent] of the opponent's row
       *[any] of either row
    } that a seed brings to { $counts } is taken at once by the owner of the row.
capture-not-on-opening = On the first move of the game nothing is captured; the seeds stay on the board.
capture-across-gap = If the sowing ends in a hole that already held seeds and the next hole (in the sowing direction) is empty, the seeds of the hole after that empty one are taken.
capture-across-gap-relay = If the hole after the one where the sowing ends is empty, the seeds of the hole after that empty one are taken.
capture-across-gap-chain = Then, while the hole after the one just emptied is empty and the next one holds seeds, those seeds are taken too, onwards in the sowing direction.
capture-next = If the last seed falls into an empty hole { $place ->
        [own] of the player's own row
        [opponent] of the opponent's row
       *[any] of either row
    } and the next hole (in the sowing direction, in either row) holds seeds, those seeds are { $keeper ->
        [removed] removed from the game (nobody keeps them, even when they are the player's own)
       *[mover] captured
    }; the last seed stays where it is.
capture-next-sower = If the last seed falls into an empty hole { $place ->
        [own] of the player's own row
        [opponent] of the opponent's row
       *[any] of either row
    } and the next hole (in the sowing direction, in either row) holds seeds, those seeds and the last seed itself are { $keeper ->
        [removed] removed from the game
       *[mover] captured
    }.
capture-match = If the last seed falls into a hole { $place ->
        [own] of the player's own row
        [opponent] of the opponent's row
       *[any] of either row
    } that then holds as many seeds as the hole opposite it, the seeds of both holes are { $keeper ->
        [removed] removed from the game
       *[mover] captured
    }.
capture-chain-limit = One capture takes at most { $limit } holes.
capture-chain-along = Then the hole after it (in the sowing direction), and the one after that, and so on, are taken too as long as each holds { $counts }, sown in this move or not; the chain stops at the first hole that does not, and { $rows ->
        [same] never leaves its row
       *[both] may go on into the other row
    }.
capture-chain-two-ways = Then the hole after it (in the sowing direction), and the one after that, and so on, are taken too as long as each holds { $counts }, sown in this move or not; then, the same way, the hole before the last one (against the sowing) and those before it, as long as each was sown in this move and holds { $counts }. Each way the chain stops at the first hole that does not, and { $rows ->
        [same] never leaves its row
       *[both] may go on into the other row
    }.
capture-match-chain = Then the holes next to it are taken the same way, each with the hole opposite it, as long as each holds as many seeds as its opposite hole: { $direction ->
        [along] onwards in the sowing direction, sown in this move or not
        [both] first onwards in the sowing direction (sown in this move or not), then backwards from the last hole (only holes sown in this move)
       *[against] backwards, against the sowing, as long as each was sown in this move
    }; each way the chain stops at the first hole that does not, and { $rows ->
        [same] never leaves its row
       *[both] may go on into the other row
    }.
capture-opposite-chain = Then, { $direction ->
        [along] onwards in the sowing direction
        [both] onwards in the sowing direction and then backwards from the last hole (over holes sown in this move)
       *[against] backwards, against the sowing (over holes sown in this move)
    }, each hole on the way that is empty takes the seeds of the hole facing it too, as long as that hole holds seeds; each way the chain stops at the first hole that does not, and { $rows ->
        [same] never leaves its row
       *[both] may go on into the other row
    }.
capture-next-counts = Wherever the last seed falls, if the next hole (in the sowing direction, in either row) holds { $counts }, those seeds are { $keeper ->
        [removed] removed from the game
       *[mover] captured
    }; the last seed stays where it is.
capture-chain-limit-each-way = The chain takes at most { $limit } holes each way, the last hole counted in both.
capture-moved-from-only = Nothing is captured from a hole that nobody has moved from yet in this { $rounds ->
        [yes] round
       *[no] game
    }: every hole starts locked, and a move from it unlocks it for good.
capture-not-first-turns = On each player's first move nothing is captured; the seeds stay on the board.
capture-not-from-single = A move from a hole holding a single seed captures nothing.
capture-sweep = If the last seed falls into the opponent's row, or into the player's own rightmost hole, every hole of the opponent's row holding { $counts } is captured.
capture-sweep-board = After every move, every hole of either row holding { $counts } is captured, wherever the last seed fell.
capture-grand-slam-no-capture = A move that would capture every seed of the opponent's row (a grand slam) may be played, but captures nothing.
capture-grand-slam-opponent-takes-row = A move that captures every seed of the opponent's row (a grand slam) captures them, and then the opponent takes every seed left in the mover's own row.
capture-grand-slam-extra-turn = A move that captures every seed of the opponent's row (a grand slam) captures them, and the player moves again at once.
capture-grand-slam-forbidden = A move that would capture seeds from the opponent's row and leave it empty (a grand slam) may not be played while any other move is possible.
capture-grand-slam-fallback-no-capture = If every possible move is a grand slam, any of them may be played, without capturing.
capture-grand-slam-fallback-capture = If every possible move is a grand slam, any of them may be played, with its captures.
capture-grand-slam-fallback-not-played = If every possible move is a grand slam, the player has no move.
capture-pull-across = If the last seed falls into an empty hole { $place ->
        [own] of the player's own row
        [opponent] of the opponent's row
       *[any] of either row
    } and the hole opposite is not empty, the seeds of the opposite hole are pulled across into the last hole and stay there with the last seed: nothing leaves the board.
capture-opposite-counts = The opposite hole is only taken when it holds { $counts }; otherwise nothing is captured.
capture-take-counted = A move that captures also takes every other hole of the opponent's row holding { $counts }.
capture-take-facing = A move that captures also takes the hole facing the hole it captured.
capture-take-last = When { $seeds ->
        [one] a single seed is
       *[other] { $seeds } seeds or fewer are
    } left on the board after a move, the player who made it takes { $seeds ->
        [one] it
       *[other] them all
    }.
capture-take-last-counted = For this only the seeds of { $place ->
        [own] the player's own row
       *[opponent] the opponent's row
    } are counted; every seed on the board is taken.
capture-passing-mover = While sowing, a hole { $place ->
        [own] of the player's own row
        [opponent] of the opponent's row
       *[any] of either row
    } that a seed brings to { $counts } is taken at once by the player.
capture-passing-last = The last hole of a lap is taken this way too.
capture-passing-from = Only { $place ->
        [own] the player's own holes
       *[opponent] the opponent's holes
    } are taken this way.
capture-lap-captures = Every lap that ends where a move's last seed would capture captures there, and the relay goes on.
capture-lap-captures-counts = After a lap's capture the relay goes on from the hole after the one captured, and ends there if that hole is empty.
capture-opponent-takes-sown = Once a lap starts with { $seeds } seeds or fewer on the board (those in hand aside), every seed it sows into the opponent's row is taken by the opponent, except a last seed that captures there.
capture-lap-captures-sown-on = The seeds a lap's capture takes are not kept: they join the last seed and are sown on from its hole; the sowing also ends when the opponent's row is empty.
capture-store-lost = A move whose last seed falls into an empty hole { $place ->
        [own] of the player's own row
        [opponent] of the opponent's row
       *[any] of either row
    } gives every seed in the player's store to the opponent.
capture-opponent-store = A move whose last seed falls into the opponent's store takes every seed in that store into the player's own.
capture-grand-slam-leaves = A capture that would take every seed of the opponent's row (a grand slam) leaves the { $leaves ->
        [leftmost] leftmost
       *[rightmost] rightmost
    } of its holes holding seeds, as the player sees the row, and takes the others; a single such hole is taken.

## Owned holes
# $place = any | own | opponent; $places = ends | not-ends | not-opponent-last | not-opponent-first
#   | opponent-ends-own-middle | ends-and-opponent-next-to-ends;
# $past = opponent | opponent-but-last | all.

owned-at-start-rightmost = From the start each player owns the rightmost hole of their own row.
owned-make = If the last seed falls into a plain hole { $place ->
        [own] of the player's own row
        [opponent] of the opponent's row
       *[any] of either row
    } and makes it hold { $count ->
        [one] one seed
       *[other] { $count } seeds
    }, that hole becomes the player's own hole, instead of any capture.
owned-make-pair = If the last seed falls into an empty hole and the hole facing it holds { $count ->
        [one] one seed
       *[other] { $count } seeds
    }, both holes become the player's own holes, instead of any capture.
owned-make-pair-before = Also, when the last hole and the plain hole before it (against the sowing) then hold { $count } seeds and { $less ->
        [one] one seed
       *[other] { $less } seeds
    }, in either order, both holes become the player's own, instead of any capture.
owned-per-player = A player may own at most { $max ->
        [one] one hole
       *[other] { $max } holes
    }.
owned-places = { $places ->
        [ends] Only the two end holes of each row may become owned.
        [not-ends] The two end holes of each row never become owned.
        [not-opponent-last] The last hole of the opponent's row (their rightmost) never becomes the player's own.
        [opponent-ends-own-middle] Only the two end holes of the opponent's row and the holes between the ends of the player's own row may become the player's own.
        [ends-and-opponent-next-to-ends] Only the end holes of either row and the holes next to the ends of the opponent's row may become the player's own.
       *[not-opponent-first] The first hole of the opponent's row (their leftmost) never becomes the player's own.
    }
owned-not-mirror = A hole may not become owned if it has the same number, counted from its owner's left, as a hole the opponent already owns.
owned-not-facing = A hole facing a hole already owned may not become owned.
owned-holder = { $holder ->
        [own] Only a hole the player plays this round may become the player's own.
       *[opponent] Only a hole the opponent plays this round may become the player's own.
    }
owned-kept = An owned hole is never played from: the seeds sown into it stay there and count for its owner, with their captures and at the end of the game.
owned-sow-past = { $past ->
        [opponent] A sowing passes over the opponent's owned holes.
        [opponent-but-last] A sowing passes over the opponent's owned holes, except with its last seed.
       *[all] A sowing passes over every owned hole.
    }
owned-raid = If the last seed falls into an owned hole of the opponent, the player takes { $raid ->
        [one] one seed
       *[other] { $raid } seeds
    } out of it (all it holds when fewer), the last seed included.
owned-captures-into = Captured seeds go into the player's first owned hole; a player who owns no hole captures nothing.

## End of the game and winning

end-majority = The game ends as soon as a player has captured more than { $half } seeds, or both have { $half }.
end-win-seeds = The game ends as soon as a player has captured more than { $seeds } seeds.
end-both-stuck = It also ends when neither player has a move.
end-empty-row-wins = The goal is to empty one's own row: the game ends as soon as a row is empty after a move. The player who moved wins if their row is empty, otherwise the opponent, whose row is.
end-mover-row-empty-loses = A player who empties their own row while the opponent still holds seeds loses at once.
end-row-empty = The game ends as soon as either row is empty, whoever is to move.
end-no-move = The game ends when the player to move has no move.
end-board-empty = The game ends when the board is empty.
end-mover-row-empty = The game also ends as soon as the player who has just moved has no seeds left in their row.
end-too-few-seeds = The game also ends as soon as fewer than { $min } seeds are left on the board: too few for a capture to change the result.
end-rest-to-winner = When the game ends because a player has captured more than that, that player takes every seed left on the board.
end-opponent-row-empty = The game also ends as soon as a move leaves the opponent's row empty.
end-too-few-to-starter = As soon as a move leaves fewer than { $min ->
        [one] one seed
       *[other] { $min } seeds
    } on the board (but some), the player who made the first move of the { $rounds ->
        [yes] round takes them and the round ends.
       *[no] game takes them and the game ends.
    }
end-too-few-to-mover = As soon as a move leaves fewer than { $min ->
        [one] one seed
       *[other] { $min } seeds
    } on the board (but some), the player who made it takes them and the game ends.
settle-collect-store = Each player then adds the seeds left in their own row to their store.
settle-collect = Each player then adds the seeds left in their own row to their captures.
settle-share = The seeds left on the board are then shared equally (a share may be half a seed).
settle-last-mover = The player who made the last move then takes the seeds left on the board.
settle-removed = The seeds left on the board then leave the game, counted for nobody.
settle-share-odd = The seeds left on the board are then shared equally, an odd seed going to the player who has fewer.
end-unfed-takes-rest = If the game ends because the player to move cannot feed the opponent's empty row, the opponent takes the seeds left.
end-deprivation = The game ends when the player to move has no move. If their row is empty they have lost: the opponent, who still has seeds, wins.
end-stuck-draw = If the player to move has seeds in their row but no move (every move from it is forbidden), the game is a draw.
end-stuck-loss = If the player to move has seeds in their row but no move (every move from it is forbidden), they lose all the same.
end-repetition-share = If a position (the board and the player to move) comes back, the game ends and the seeds left on the board are shared equally (a share may be half a seed).
end-repetition-collect = If a position (the board and the player to move) comes back, the game ends and each player adds the seeds left in their own row to their { $stores ->
        [yes] store
       *[no] captures
    }.
end-repetition-draw = If a position (the board and the player to move) comes back, the game is a draw.
end-result-seeds = The player with more seeds wins; { $half } each is a draw.
end-result-deprivation = There is no score: a game is won, lost or drawn.

## Rounds
# $fill = left | right | outside | outside-west | west;
# $starter = alternate | loser | winner | last-mover.

rounds-match = The game is a match played in rounds: the end of the game above ends a round.
rounds-fill = For the next round each player takes the seeds they won and fills the holes of their own row { $fill ->
        [right] from their right
        [outside] from both ends towards the middle (leftmost, rightmost, second leftmost, ...)
        [outside-west] from both ends towards the middle, starting at South's left end (North's right end)
        [west] from the board's west end (South from their left, North from their right)
       *[left] from their left
    } with { $seeds ->
        [one] one seed
       *[other] { $seeds } seeds
    } each, keeping the seeds left over in their store.
rounds-loser-only = Only the loser of a round (after a drawn round, North) does so, with the seeds of their row and store; the winner's row and store stay as the round left them.
rounds-blocked = Holes left empty are out of play for the round: nobody sows into them or plays from them.
rounds-not-blocked = Holes left empty stay in play.
rounds-starter = { $starter ->
        [loser-else-last-mover] The loser of a round starts the next (after a drawn round, the player who made its last move, or the other player when that move earned another move).
        [winner-else-not-last-mover] The winner of a round starts the next (after a drawn round, the player who did not make its last move, or the player who did when that move earned another move).
        [loser] The loser of a round starts the next (after a drawn round, the player who did not start it).
        [winner] The winner of a round starts the next (after a drawn round, the player who did not start it).
        [last-mover] The player who made the last move of a round starts the next.
       *[alternate] The players take turns to start a round.
    }
rounds-end = The match ends when a player's seeds cannot fill { $holes ->
        [one] one hole
       *[other] { $holes } holes
    }; the player with more seeds then wins it.
rounds-territory = Every round starts with { $seeds ->
        [one] one seed
       *[other] { $seeds } seeds
    } in every hole. The player who won more seeds in the round before owns as many holes as their seeds fill{ $partial ->
        [loser] {" "}(a hole their seeds left over would fill only in part is the other player's):
        [loser-empty] {" "}(a hole their seeds left over would fill only in part is the other player's and starts the round empty, each player keeping the seeds left over from whole holes in their store):
       *[over-half] , and one more when the seeds left over are more than half a hole:
    } first their own row, then the opponent's row from the opponent's left; the other player owns the rest (after a drawn round, each player owns their own row). A player moves only from the holes they own, and the seeds left in them at the end of a round are theirs.
rounds-territory-rows = Where the capture rules speak of a player's row, they mean the holes that player owns this round.
rounds-end-seeds = The match ends when a player has fewer than { $seeds ->
        [one] one seed
       *[other] { $seeds } seeds
    } at the end of a round; the player with more seeds then wins it.
rounds-fresh = Every round starts afresh from the opening layout{ $random ->
        [yes] {" "}(a new random draw)
       *[no] {""}
    }, both stores empty, whatever seeds each player won.
rounds-end-wins = The first player to win { $wins ->
        [one] one round
       *[other] { $wins } rounds
    } wins the match; a drawn round counts for neither player.
rounds-double-win = A round won with { $seeds } seeds or more counts as two round wins.
rounds-end-seeds-tally = Each player adds up the seeds they win in every round; the match ends after the round in which a player's total reaches { $seeds } seeds, and the player with the larger total wins it (equal totals: a draw).

## Four rows

board-four-rows = Four rows of { $holes } holes, two rows for each player: an outer row nearest them and an inner row facing the opponent's inner row. Each player sows only around the ring of their own two rows; there are no stores.
board-seeds-outer-rows = At the start every hole of the two outer rows holds { $seeds ->
        [one] one seed
       *[other] { $seeds } seeds
    } and the inner rows are empty: { $total } seeds in all.
board-owners-rings = South's ring is labelled { $south }: the outer row from left to right, then the inner row from right to left; North's ring is labelled { $north } in the same way from North's seat. The two end holes of an inner row are its kichwas.
board-three-rows = Three rows of { $holes } holes. Each player owns the outer row nearest them and the half of the middle row on their right; all the holes form one ring, and the seeds are sown around it from one player's holes into the other's. There are no stores.
board-owners-three-rows = South's holes are labelled { $south }: the near row from left to right, then South's half of the middle row from its right end towards the centre; North's are labelled { $north } in the same way from North's seat.
play-lift-min-ring = On their turn a player lifts all the seeds of a hole of their own two rows holding at least { $min ->
        [one] one seed
       *[other] { $min } seeds
    }, and sows them around their ring: counter-clockwise runs to the right along the outer row and to the left along the inner row.
rows-from-inner = A move that captures nothing must start from the inner row while a hole there can be played, and only otherwise from the outer row.
rows-lone-kichwa = When a kichwa is the only hole of the mover's inner row holding seeds, a move that captures nothing may not sow it towards the outer row.
rows-capture-facing = A lap whose last seed falls into an occupied hole of the mover's inner row takes all the seeds of the opponent's inner hole facing it, if that holds any.
rows-capture-start-max = A move's first lap captures only if it lifted at most { $max } seeds.
rows-compulsory = A player who has a move whose first lap captures must play such a move.
rows-first-lap-decides = A move whose first lap does not capture captures nothing later, wherever its laps end; a move that starts with a capture goes on capturing wherever a lap ends in that way.
rows-sown-from-kichwa = The taken seeds are sown again into the mover's inner row from a kichwa, the first seed into the kichwa itself: after a capture in the two holes at the left end of the inner row, from the left kichwa clockwise; in the two at the right end, from the right kichwa counter-clockwise; elsewhere in the direction the move is going, from the kichwa where that direction starts. The move then goes on in that direction.
rows-taken-kept = The mover keeps the taken seeds, and the move ends.
rows-capture-facing-from-empty = A lap whose last seed falls into an empty hole of the mover's inner row takes all the seeds of the opponent's inner hole facing it, if that holds any; the move ends there.
rows-capture-behind-after-inner = When the facing inner hole is taken, the opponent's outer hole behind it is taken too, if it holds seeds.
rows-capture-behind-each = The opponent's outer hole behind the facing inner hole is taken too, if it holds seeds, even when the inner hole is empty.
rows-taken-out-of-play = The taken seeds leave the game, and the move ends.
rows-chosen-captures = Then the player takes { $holes ->
        [one] one more hole
       *[other] { $holes } more holes
    } of the opponent's of their choice, any holding seeds, one move each (written + and the hole's label, as +e), while the opponent has one; their seeds go where the capture's went.
rows-chosen-captures-on-empty = A last seed in an empty hole of the player's inner row earns these holes even when it took nothing.
rows-sown-from-capturing-hole = The taken seeds are sown on from the hole after the capturing hole, in the move's direction; the move ends with the last of them, wherever it falls.
rows-singles-last = A hole holding a single seed may be sown only when no hole of the player's two rows holds more, and only when the hole after it is empty.
rows-first-move-from-inner = Each player's first move starts from a hole of their inner row.
rows-capture-both = A lap whose last seed falls into an occupied hole of the mover's inner row takes the seeds of both the opponent's holes opposite it, the inner hole and the outer hole behind it, when both hold seeds.
rows-sown-from-lap-origin = The taken seeds are sown again in the move's direction from the hole the capturing lap was lifted from, the first seed into that hole; no seed leaves the board.
rows-sown-from-lap-first = The taken seeds are sown again in the move's direction from the hole that received the capturing lap's first seed, the first seed into that hole; no seed leaves the board.
rows-sown-on = The lap of the taken seeds ends like any other: in an occupied hole it relays or captures again.
rows-capture-ends-move = Once the taken seeds are sown, the move ends, wherever the last of them falls.
rows-first-move-single-lap = Each player's first move is a single lap: it neither relays nor captures.
rows-clockwise-capture-holes = Moves are sown counter-clockwise; a move from one of the holes { $holes } may be sown clockwise instead, but only when its first lap captures.
rows-start-inner = At the start each player's inner row holds, counted from the player's left, { $holes }; every other hole is empty.
rows-start-inner-hole = { $seeds } seeds in column { $column }
rows-hand = Each player also starts with { $hand } seeds in hand: { $total } seeds in all.
rows-namua = While a player holds seeds in hand (the namua stage), each of their moves first puts one seed from the hand into an occupied hole of their inner row, written as that hole with a direction. If the opponent's facing hole holds seeds, they are taken and sown from a kichwa as after any capture (in a kimbi from that end's kichwa, elsewhere from the kichwa the direction chooses: < the left one, > the right one), and the move goes on capturing; a player who can capture so must. Otherwise the hole, with the new seed, is lifted and sown in the chosen direction, and the move captures nothing. Once a player's hand is empty, they move as follows.
rows-nyumba = Inner column { $column } from each player's left is their nyumba (house). It serves its owner only while they hold seeds in hand, and only until it is first emptied (taken, or taxed of its last seeds): a lap of theirs that ends in it without capturing ends the move there, and a namua move without capture may start from it only when it is the only occupied hole of their inner row, and then lifts just { $tax } of its seeds (the tax).
rows-inner-empty-loses = A player whose inner row is empty loses at once, even in the middle of a move: when a capture takes the last seeds of the opponent's inner row, or when the mover lifts their last inner seeds and the next seed falls into their outer row (the seeds still in hand are not sown).
rows-no-move-loses = A player who has no legal move on their turn loses.
rows-no-move-draw = A player who has no legal move on their turn loses if their two rows are empty; otherwise the game is a draw.
