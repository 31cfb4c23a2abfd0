# Section titles and page lines of a game page (English).
# The source pages' sections: type, play this game, overview, board,
# how to play, capture, end of the game and winning, notes, source.

section-type = Type
section-play-this-game = Play this game
section-overview = Overview
section-board = Board
section-play = How to play
section-capture = Capture
section-end = End of the game and winning
section-house-rules = House rules
section-notes = Notes
section-source = Source

page-origin = Played in: { $place }

# $rule is a whole rules sentence of the page.
house-rule = House rule, the sources are silent: { $rule }
# $note is a whole sentence from the game's curated text.
sources-disagree = The sources disagree: { $note }

# The type line under the game's name.
type-line = Two-player mancala of { $rows ->
        [three] three rows
        [four] four rows
       *[two] two rows
    } of { $holes ->
        [one] one hole
       *[other] { $holes } holes
    } { $stores ->
        [yes] with stores
       *[no] without stores
    }, { $seeds ->
        [one] one seed
       *[other] { $seeds } seeds
    } a hole, { $laps ->
        [relay] relay sowing
       *[single] single-lap sowing
    } { $dir ->
        [cw] clockwise
        [varied] in varying directions
       *[ccw] counter-clockwise
    }.

## The one-line summary of a game (`mancala list`, the catalogue, the
## "New game" form): after the type line, how seeds are won.
summary-capture = { $kind ->
        [closing] Nothing is captured; holes are closed.
        [owned] Seeds are won by owning holes.
        [always] The hole where the last seed falls is always taken.
        [counts-one] A last seed that falls into an empty hole is captured.
        [counts] A last seed that makes its hole hold { $counts } captures them.
        [opposite] A last seed in an empty hole captures the hole opposite.
        [across-gap] The hole beyond an empty one after the last is captured.
        [next] A last seed in an empty hole captures the next hole.
        [match] A last hole holding as many seeds as the hole opposite captures both.
        [next-counts] The hole after the last one is captured when it holds { $counts }.
        [facing-inner] A last seed in an occupied hole of one's inner row captures the facing inner hole.
        [facing-inner-empty] A last seed in an empty hole of one's inner row captures the facing inner hole.
        [facing-both] A last seed in an occupied hole of one's inner row captures both opposite holes when both hold seeds.
       *[none] Nothing is captured.
    }
