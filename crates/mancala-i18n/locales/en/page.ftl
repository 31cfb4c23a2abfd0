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
type-line = Two-player mancala of two rows of { $holes ->
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
