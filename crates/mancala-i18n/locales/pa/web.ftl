# ਵੈੱਬ ਇੰਟਰਫੇਸ (crates/mancala-web)। ਸ਼ਬਦ ਸਰੋਤ ਪੰਨਿਆਂ ਤੋਂ: ਟੋਆ, ਗੋਟੀ, ਅੰਨ ਭੰਡਾਰ, ਬਿਜਾਈ, ਕਬਜ਼ਾ।

## Chrome

web-brand = ਮਨਕਾਲਾ
web-nav-games = ਖੇਡਾਂ
web-nav-new = ਨਵੀਂ ਖੇਡ
web-nav-history = ਪਿਛਲੀਆਂ ਖੇਡਾਂ
web-nav-label = ਮੁੱਖ
web-lang-label = ਭਾਸ਼ਾ
web-digits-label = ਅੰਕ
web-digits-native = { $lang ->
    [fa] ਫ਼ਾਰਸੀ ਅੰਕ (۱۲۳)
    [my] ਬਰਮੀ ਅੰਕ (၁၂၃)
   *[other] ਆਪਣੇ ਅੰਕ
}
web-digits-latin = ਲਾਤੀਨੀ ਅੰਕ (123)

## Catalogue

web-catalogue-title = ਮਨਕਾਲਾ ਖੇਡਾਂ
web-catalogue-intro = { $count ->
    [one] ਇੱਥੇ ਮਨਕਾਲਾ ਪਰਿਵਾਰ ਦੀ { $count } ਖੇਡ ਖੇਡੀ ਜਾ ਸਕਦੀ ਹੈ। ਇਸਦਾ ਪੰਨਾ ਖੋਲ੍ਹ ਕੇ ਖੇਡਣ ਦਾ ਤਰੀਕਾ ਪੜ੍ਹੋ, ਫਿਰ ਕਿਸੇ ਵਿਅਕਤੀ ਜਾਂ ਕੰਪਿਊਟਰ ਨਾਲ ਖੇਡੋ।
   *[other] ਇੱਥੇ ਮਨਕਾਲਾ ਪਰਿਵਾਰ ਦੀਆਂ { $count } ਖੇਡਾਂ ਖੇਡੀਆਂ ਜਾ ਸਕਦੀਆਂ ਹਨ। ਕਿਸੇ ਖੇਡ ਦਾ ਪੰਨਾ ਖੋਲ੍ਹ ਕੇ ਖੇਡਣ ਦਾ ਤਰੀਕਾ ਪੜ੍ਹੋ, ਫਿਰ ਕਿਸੇ ਵਿਅਕਤੀ ਜਾਂ ਕੰਪਿਊਟਰ ਨਾਲ ਖੇਡੋ।
}
web-filter-legend = ਖੇਡ ਲੱਭੋ
web-search-label = ਨਾਮ
web-search-placeholder = ਨਾਮ ਨਾਲ ਲੱਭੋ
web-filter-region = ਖੇਤਰ
web-filter-size = ਕਤਾਰ ਵਿੱਚ ਟੋਏ
web-filter-stores = ਅੰਨ ਭੰਡਾਰ
web-filter-mechanism = ਨਿਯਮ
web-filter-any = ਸਾਰੇ
web-stores-yes = ਭੰਡਾਰ ਸਮੇਤ
web-stores-no = ਭੰਡਾਰ ਤੋਂ ਬਿਨਾਂ
web-mech-extra-turn = ਵਾਧੂ ਵਾਰੀ
web-mech-relay = ਲਗਾਤਾਰ ਬਿਜਾਈ
web-mech-capture = ਕਬਜ਼ਾ
web-mech-no-capture = ਕੋਈ ਕਬਜ਼ਾ ਨਹੀਂ
web-size-option = { $holes ->
    [one] { $holes } ਟੋਆ
   *[other] { $holes } ਟੋਏ
}
web-catalogue-shown = { $total ->
    [one] { $total } ਵਿੱਚੋਂ { $shown } ਖੇਡ ਦਿਖਾਈ ਗਈ ਹੈ।
   *[other] { $total } ਵਿੱਚੋਂ { $shown } ਖੇਡਾਂ ਦਿਖਾਈਆਂ ਗਈਆਂ ਹਨ।
}
web-catalogue-none = ਇਹਨਾਂ ਚੋਣਾਂ ਨਾਲ ਕੋਈ ਖੇਡ ਮੇਲ ਨਹੀਂ ਖਾਂਦੀ।
web-filter-reset = ਸਾਰੀਆਂ ਖੇਡਾਂ ਦਿਖਾਓ
web-entry-board = { $holes ->
    [one] { $holes } ਟੋਏ ਦੀਆਂ 2 ਕਤਾਰਾਂ, { $seeds ->
        [one] ਸ਼ੁਰੂ ਵਿੱਚ ਹਰ ਟੋਏ ਵਿੱਚ { $seeds } ਗੋਟੀ।
       *[other] ਸ਼ੁਰੂ ਵਿੱਚ ਹਰ ਟੋਏ ਵਿੱਚ { $seeds } ਗੋਟੀਆਂ।
    }
   *[other] { $holes } ਟੋਇਆਂ ਦੀਆਂ 2 ਕਤਾਰਾਂ, { $seeds ->
        [one] ਸ਼ੁਰੂ ਵਿੱਚ ਹਰ ਟੋਏ ਵਿੱਚ { $seeds } ਗੋਟੀ।
       *[other] ਸ਼ੁਰੂ ਵਿੱਚ ਹਰ ਟੋਏ ਵਿੱਚ { $seeds } ਗੋਟੀਆਂ।
    }
}
web-entry-stores-yes = ਹਰ ਖਿਡਾਰੀ ਦਾ ਇੱਕ ਅੰਨ ਭੰਡਾਰ।
web-entry-stores-no = ਕੋਈ ਅੰਨ ਭੰਡਾਰ ਨਹੀਂ।
web-entry-open = { $name } ਬਾਰੇ ਪੜ੍ਹੋ

## Regions

web-region-northern-africa = ਉੱਤਰੀ ਅਫ਼ਰੀਕਾ
web-region-western-africa = ਪੱਛਮੀ ਅਫ਼ਰੀਕਾ
web-region-eastern-africa = ਪੂਰਬੀ ਅਫ਼ਰੀਕਾ
web-region-central-africa = ਮੱਧ ਅਫ਼ਰੀਕਾ
web-region-southern-africa = ਦੱਖਣੀ ਅਫ਼ਰੀਕਾ
web-region-americas = ਅਮਰੀਕੀ ਮਹਾਂਦੀਪ
web-region-caribbean = ਕੈਰੇਬੀਅਨ
web-region-western-asia = ਪੱਛਮੀ ਏਸ਼ੀਆ
web-region-southern-asia = ਦੱਖਣੀ ਏਸ਼ੀਆ
web-region-south-eastern-asia = ਦੱਖਣ-ਪੂਰਬੀ ਏਸ਼ੀਆ
web-region-eastern-asia = ਪੂਰਬੀ ਏਸ਼ੀਆ
web-region-central-asia = ਮੱਧ ਏਸ਼ੀਆ
web-region-europe = ਯੂਰਪ
web-region-oceania = ਓਸ਼ੇਨੀਆ
web-region-unknown = ਖੇਤਰ ਦਰਜ ਨਹੀਂ

## Game page

web-game-back = ਸਾਰੀਆਂ ਖੇਡਾਂ
web-board-figure = ਸ਼ੁਰੂ ਵਿੱਚ { $name } ਦਾ ਬੋਰਡ।
web-board-south = ਦੱਖਣ
web-board-north = ਉੱਤਰ
web-board-south-store = ਦੱਖਣ ਦਾ ਭੰਡਾਰ
web-board-north-store = ਉੱਤਰ ਦਾ ਭੰਡਾਰ
web-board-caption = { $total ->
    [one] ਕੁੱਲ { $total } ਗੋਟੀ। ਨੇੜੇ ਦੀ ਕਤਾਰ ਦੱਖਣ ਦੀ ਹੈ, ਦੂਰ ਦੀ ਕਤਾਰ ਉੱਤਰ ਦੀ; ਅੱਖਰ ਟੋਇਆਂ ਦੇ ਨਾਮ ਹਨ।
   *[other] ਕੁੱਲ { $total } ਗੋਟੀਆਂ। ਨੇੜੇ ਦੀ ਕਤਾਰ ਦੱਖਣ ਦੀ ਹੈ, ਦੂਰ ਦੀ ਕਤਾਰ ਉੱਤਰ ਦੀ; ਅੱਖਰ ਟੋਇਆਂ ਦੇ ਨਾਮ ਹਨ।
}
web-game-unknown = “{ $name }” ਨਾਮ ਦੀ ਕੋਈ ਖੇਡ ਨਹੀਂ ਹੈ।
web-not-found-title = ਪੰਨਾ ਨਹੀਂ ਮਿਲਿਆ
web-not-found-back = ਸਾਰੀਆਂ ਖੇਡਾਂ ਵੇਖੋ

## The play page (static parts)

web-play-title = ਮਨਕਾਲਾ
web-home-label = ਮਨਕਾਲਾ, ਨਵੀਂ ਖੇਡ
web-setup-title = ਨਵੀਂ ਖੇਡ
web-setup-game = ਖੇਡ
web-setup-full-rules = ਪੂਰੇ ਨਿਯਮ
web-setup-read-page = ਖੇਡ ਦਾ ਪੰਨਾ ਪੜ੍ਹੋ
web-setup-opponent = ਵਿਰੋਧੀ
web-setup-computer = ਕੰਪਿਊਟਰ, ਪੱਧਰ
web-setup-level = ਕੰਪਿਊਟਰ ਦਾ ਪੱਧਰ
web-setup-level-1 = 1 (ਬੇਤਰਤੀਬ)
web-setup-level-2 = 2 (ਲਾਲਚੀ)
web-setup-level-9 = 9 (ਸਭ ਤੋਂ ਤਕੜਾ)
web-setup-local = ਇਸੇ ਡਿਵਾਈਸ ’ਤੇ ਕੋਈ ਵਿਅਕਤੀ
web-setup-remote = ਕਿਤੇ ਹੋਰ ਕੋਈ ਵਿਅਕਤੀ (ਲਿੰਕ ਭੇਜੋ)
web-setup-perfect = ਸੰਪੂਰਨ ਖੇਡ
web-setup-side = ਤੁਹਾਡਾ ਪਾਸਾ
web-setup-south = ਦੱਖਣ (ਨੇੜੇ ਦੀ ਕਤਾਰ)
web-setup-north = ਉੱਤਰ (ਦੂਰ ਦੀ ਕਤਾਰ)
web-setup-start = ਖੇਡ ਸ਼ੁਰੂ ਕਰੋ
web-setup-ongoing = ਤੁਹਾਡੀਆਂ ਚੱਲ ਰਹੀਆਂ ਖੇਡਾਂ
web-play-game = ਖੇਡ
web-play-share = ਇਹ ਲਿੰਕ ਦੂਜੇ ਖਿਡਾਰੀ ਨੂੰ ਭੇਜੋ:
web-play-copy = ਕਾਪੀ ਕਰੋ
web-play-seat-free = ਇਸ ਖੇਡ ਵਿੱਚ ਇੱਕ ਥਾਂ ਖਾਲੀ ਹੈ।
web-play-take-seat = ਖਾਲੀ ਥਾਂ ਲਓ
web-play-board = ਬੋਰਡ
web-play-pass = ਵਾਰੀ ਛੱਡੋ
web-play-undo = ਵਾਪਸ ਕਰੋ
web-play-hint = ਸੰਕੇਤ
web-play-resign = ਹਾਰ ਮੰਨੋ
web-play-animate = ਬਿਜਾਈ ਦਿਖਾਓ
web-play-moves = ਚਾਲਾਂ
web-play-export = ਰਿਕਾਰਡ ਨਿਰਯਾਤ ਕਰੋ
web-play-copy-record = ਰਿਕਾਰਡ ਕਾਪੀ ਕਰੋ
web-play-replay = ਦੁਬਾਰਾ ਵੇਖੋ
web-play-keys = ਕੁੰਜੀਆਂ: ਟੋਏ ਦਾ ਅੱਖਰ ਉਸਨੂੰ ਖੇਡਦਾ ਹੈ (ਦੱਖਣ A B …, ਉੱਤਰ a b …, ਵੱਡਾ ਜਾਂ ਛੋਟਾ ਕੋਈ ਵੀ), “.” ਵਾਰੀ ਛੱਡਦਾ ਹੈ।
web-history-title = ਪਿਛਲੀਆਂ ਖੇਡਾਂ
web-history-when = ਕਦੋਂ
web-history-game = ਖੇਡ
web-history-players = ਦੱਖਣ – ਉੱਤਰ
web-history-moves = ਚਾਲਾਂ
web-history-result = ਨਤੀਜਾ
web-history-more = ਹੋਰ
web-history-import = ਰਿਕਾਰਡ ਆਯਾਤ ਕਰੋ
web-history-import-label = ਆਯਾਤ ਕਰਨ ਲਈ ਰਿਕਾਰਡ
web-history-import-button = ਆਯਾਤ ਕਰੋ
web-replay-title = ਦੁਬਾਰਾ ਵੇਖੋ
web-replay-start = ਸ਼ੁਰੂ
web-replay-previous = ਪਿਛਲੀ ਚਾਲ
web-replay-move = ਚਾਲ
web-replay-next = ਅਗਲੀ ਚਾਲ
web-replay-end = ਅੰਤ
web-replay-open = ਖੇਡ ਖੋਲ੍ਹੋ
web-result-title = ਖੇਡ ਖ਼ਤਮ
web-result-new = ਨਵੀਂ ਖੇਡ
web-result-replay = ਦੁਬਾਰਾ ਵੇਖੋ
web-result-close = ਬੰਦ ਕਰੋ

## The play page's script

js-unreachable = ਸਰਵਰ ਤੱਕ ਪਹੁੰਚ ਨਹੀਂ ਹੋ ਰਹੀ: ਕਨੈਕਸ਼ਨ ਦੀ ਜਾਂਚ ਕਰੋ, ਫਿਰ ਦੁਬਾਰਾ ਕੋਸ਼ਿਸ਼ ਕਰੋ।
js-busy = ਸਰਵਰ ਰੁੱਝਿਆ ਹੋਇਆ ਹੈ: { $error }
js-cannot-reach = ਸਰਵਰ ਤੱਕ ਪਹੁੰਚ ਨਹੀਂ ਹੋ ਰਹੀ: { $error }
js-side = { $side ->
    [south] ਦੱਖਣ
   *[north] ਉੱਤਰ
}
js-setup-south-first = ਦੱਖਣ (ਨੇੜੇ ਦੀ ਕਤਾਰ), ਪਹਿਲਾਂ ਚਾਲ ਚੱਲਦਾ ਹੈ
js-setup-north-first = ਉੱਤਰ (ਦੂਰ ਦੀ ਕਤਾਰ), ਪਹਿਲਾਂ ਚਾਲ ਚੱਲਦਾ ਹੈ
js-title-new = ਮਨਕਾਲਾ: ਨਵੀਂ ਖੇਡ
js-title-game = ਮਨਕਾਲਾ: { $name }
js-game-variant = { $name }: ਹਰ ਕਤਾਰ ਵਿੱਚ { $holes ->
    [one] { $holes } ਟੋਆ
   *[other] { $holes } ਟੋਏ
}, ਹਰ ਟੋਏ ਵਿੱਚ { $seeds ->
    [one] { $seeds } ਗੋਟੀ
   *[other] { $seeds } ਗੋਟੀਆਂ
}
js-game-variant-first = { $game }, { $side ->
    [south] ਦੱਖਣ ਪਹਿਲਾਂ ਚਾਲ ਚੱਲਦਾ ਹੈ
   *[north] ਉੱਤਰ ਪਹਿਲਾਂ ਚਾਲ ਚੱਲਦਾ ਹੈ
}
js-title-history = ਮਨਕਾਲਾ: ਪਿਛਲੀਆਂ ਖੇਡਾਂ
js-title-replay = ਮਨਕਾਲਾ: ਦੁਬਾਰਾ ਵੇਖੋ
js-ongoing = { $name }: { $players }, { $moves ->
    [one] { $moves } ਚਾਲ
   *[other] { $moves } ਚਾਲਾਂ
}
js-hole-title = { $hole }: { $seeds ->
    [one] { $seeds } ਗੋਟੀ
   *[other] { $seeds } ਗੋਟੀਆਂ
}
js-hole-play = { $hole } ਖੇਡੋ ({ $seeds ->
    [one] { $seeds } ਗੋਟੀ
   *[other] { $seeds } ਗੋਟੀਆਂ
})
js-computer-level = ਕੰਪਿਊਟਰ (9 ਵਿੱਚੋਂ ਪੱਧਰ { $level })
js-computer-perfect = ਕੰਪਿਊਟਰ (ਸੰਪੂਰਨ ਖੇਡ)
js-players-local = ਇਸ ਡਿਵਾਈਸ ’ਤੇ ਦੋ ਖਿਡਾਰੀ: ਦੱਖਣ (ਨੇੜੇ ਦੀ ਕਤਾਰ) ਅਤੇ ਉੱਤਰ (ਦੂਰ ਦੀ ਕਤਾਰ)
js-players = ਦੱਖਣ: { $south } · ਉੱਤਰ: { $north }
js-player-you = ਤੁਸੀਂ
js-player-free = ਇੱਕ ਖਾਲੀ ਥਾਂ
js-player-opponent = ਤੁਹਾਡਾ ਵਿਰੋਧੀ
js-player-person = ਇੱਕ ਵਿਅਕਤੀ
js-status-thinking = ਕੰਪਿਊਟਰ ਸੋਚ ਰਿਹਾ ਹੈ…
js-status-waiting-join = ਦੂਜੇ ਖਿਡਾਰੀ ਦੇ ਸ਼ਾਮਲ ਹੋਣ ਦੀ ਉਡੀਕ…
js-status-to-move = { $side ->
    [south] ਦੱਖਣ ਦੀ ਵਾਰੀ
   *[north] ਉੱਤਰ ਦੀ ਵਾਰੀ
}
js-status-your-move = ਤੁਹਾਡੀ ਵਾਰੀ
js-status-watching = { $side ->
    [south] ਦੱਖਣ ਦੀ ਵਾਰੀ (ਤੁਸੀਂ ਵੇਖ ਰਹੇ ਹੋ)
   *[north] ਉੱਤਰ ਦੀ ਵਾਰੀ (ਤੁਸੀਂ ਵੇਖ ਰਹੇ ਹੋ)
}
js-status-waiting-for = { $side ->
    [south] ਦੱਖਣ ਦੀ ਉਡੀਕ…
   *[north] ਉੱਤਰ ਦੀ ਉਡੀਕ…
}
js-result-draw = ਬਰਾਬਰੀ
js-result-win = ਤੁਸੀਂ ਜਿੱਤ ਗਏ!
js-result-lose = ਤੁਸੀਂ ਹਾਰ ਗਏ
js-result-side-wins = { $side ->
    [south] ਦੱਖਣ ਜਿੱਤਿਆ
   *[north] ਉੱਤਰ ਜਿੱਤਿਆ
}
js-result-leftover = ਬੋਰਡ ’ਤੇ ਬਚੀਆਂ ਗੋਟੀਆਂ ਆਪਣੇ ਮਾਲਕਾਂ ਕੋਲ ਗਈਆਂ: ਦੱਖਣ +{ $south }, ਉੱਤਰ +{ $north }।
js-result-leftover-split = ਬੋਰਡ ’ਤੇ ਬਚੀਆਂ ਗੋਟੀਆਂ ਵੰਡੀਆਂ ਗਈਆਂ: ਦੱਖਣ +{ $south }, ਉੱਤਰ +{ $north }।
js-seat-free = { $side ->
    [south] ਦੱਖਣ ਦੀ ਥਾਂ ਖਾਲੀ ਹੈ: ਖੇਡਣ ਲਈ ਇਸਨੂੰ ਲਓ, ਜਾਂ ਸਿਰਫ਼ ਵੇਖੋ।
   *[north] ਉੱਤਰ ਦੀ ਥਾਂ ਖਾਲੀ ਹੈ: ਖੇਡਣ ਲਈ ਇਸਨੂੰ ਲਓ, ਜਾਂ ਸਿਰਫ਼ ਵੇਖੋ।
}
js-resign-really = ਕੀ ਸੱਚਮੁੱਚ ਹਾਰ ਮੰਨਣੀ ਹੈ?
js-loading = ਲੋਡ ਹੋ ਰਿਹਾ ਹੈ…
js-no-such-game = ਇਸ ਲਿੰਕ ਵਾਲੀ ਕੋਈ ਖੇਡ ਨਹੀਂ ({ $id })।
js-connection-lost = ਕਨੈਕਸ਼ਨ ਟੁੱਟ ਗਿਆ; ਦੁਬਾਰਾ ਜੁੜ ਰਿਹਾ ਹੈ…
js-no-games = ਹਾਲੇ ਕੋਈ ਖੇਡ ਨਹੀਂ।
js-link-copied = ਲਿੰਕ ਕਾਪੀ ਹੋ ਗਿਆ।
js-record-copied = ਰਿਕਾਰਡ ਕਾਪੀ ਹੋ ਗਿਆ।
js-replay-title = ਦੁਬਾਰਾ ਵੇਖੋ: { $name }
js-replay-start = ਸ਼ੁਰੂ
js-announce-computer = ਕੰਪਿਊਟਰ ਨੇ { $move } ਖੇਡਿਆ।
js-announce-opponent = ਤੁਹਾਡੇ ਵਿਰੋਧੀ ਨੇ { $move } ਖੇਡਿਆ।
js-announce-side = { $side ->
    [south] ਦੱਖਣ ਨੇ { $move } ਖੇਡਿਆ।
   *[north] ਉੱਤਰ ਨੇ { $move } ਖੇਡਿਆ।
}
js-announce-your-move = ਤੁਹਾਡੀ ਵਾਰੀ।
# Under a store's count in games whose captures leave the board.
js-store-removed = ਹਟਾਈਆਂ

## ਖੇਡ ਕਿਉਂ ਖ਼ਤਮ ਹੋਈ (reason_code)

js-reason-resigned = { $side ->
    [south] ਦੱਖਣ ਨੇ ਹਾਰ ਮੰਨ ਲਈ।
   *[north] ਉੱਤਰ ਨੇ ਹਾਰ ਮੰਨ ਲਈ।
}
js-reason-no-moves = { $side ->
    [south] ਖੇਡ ਖ਼ਤਮ ਹੋਈ: ਦੱਖਣ ਕੋਲ ਕੋਈ ਜਾਇਜ਼ ਚਾਲ ਨਹੀਂ ਸੀ।
   *[north] ਖੇਡ ਖ਼ਤਮ ਹੋਈ: ਉੱਤਰ ਕੋਲ ਕੋਈ ਜਾਇਜ਼ ਚਾਲ ਨਹੀਂ ਸੀ।
}
js-reason-board-empty = ਖੇਡ ਖ਼ਤਮ ਹੋਈ: ਬੋਰਡ ਖ਼ਾਲੀ ਹੈ।
js-reason-repetition = ਖੇਡ ਖ਼ਤਮ ਹੋਈ: ਇੱਕ ਸਥਿਤੀ ਮੁੜ ਆ ਗਈ।
js-reason-majority = ਖੇਡ ਖ਼ਤਮ ਹੋਈ: ਇੱਕ ਖਿਡਾਰੀ ਕੋਲ ਅੱਧੀਆਂ ਤੋਂ ਵੱਧ ਗੋਟੀਆਂ ਹਨ।
js-reason-endless = ਖੇਡ ਖ਼ਤਮ ਹੋਈ: ਅਜਿਹੀ ਬਿਜਾਈ ਚੱਲੀ ਗਈ ਜੋ ਕਦੇ ਖ਼ਤਮ ਨਹੀਂ ਹੁੰਦੀ।
js-reason-row-empty = ਖੇਡ ਖ਼ਤਮ ਹੋਈ: ਇੱਕ ਕਤਾਰ ਖ਼ਾਲੀ ਹੈ।
js-reason-ply-limit = ਖੇਡ { $limit } ਚਾਲਾਂ ਦੀ ਹੱਦ ਤੱਕ ਪਹੁੰਚ ਗਈ ਅਤੇ ਬਰਾਬਰ ਰਹੀ।
js-reason-too-few-seeds = ਖੇਡ ਖ਼ਤਮ ਹੋਈ: ਬਾਕੀ ਗੋਟੀਆਂ ਇੰਨੀਆਂ ਘੱਟ ਹਨ ਕਿ ਨਤੀਜਾ ਨਹੀਂ ਬਦਲ ਸਕਦੀਆਂ।

## ਸਰਵਰ ਦੇ ਇਨਕਾਰ, ਗ਼ਲਤੀ ਦੇ ਕੋਡ ਅਨੁਸਾਰ

js-error-illegal-move = ਇਹ ਚਾਲ ਇੱਥੇ ਜਾਇਜ਼ ਨਹੀਂ।
js-error-not-your-turn = ਤੁਹਾਡੀ ਵਾਰੀ ਨਹੀਂ ਹੈ।
js-error-stale = ਇਸ ਦੌਰਾਨ ਖੇਡ ਬਦਲ ਗਈ; ਇਹ ਮੁੜ ਲੋਡ ਕੀਤੀ ਗਈ ਹੈ।
js-error-game-over = ਖੇਡ ਪਹਿਲਾਂ ਹੀ ਖ਼ਤਮ ਹੋ ਚੁੱਕੀ ਹੈ।
js-error-seats-taken = ਇਸ ਖੇਡ ਦੀਆਂ ਦੋਵੇਂ ਥਾਵਾਂ ਲਈਆਂ ਜਾ ਚੁੱਕੀਆਂ ਹਨ; ਤੁਸੀਂ ਇਸਨੂੰ ਵੇਖ ਸਕਦੇ ਹੋ।
js-error-no-undo = ਵੱਖ-ਵੱਖ ਡਿਵਾਈਸਾਂ ’ਤੇ ਦੋ ਲੋਕਾਂ ਦੀ ਖੇਡ ਵਿੱਚ ਚਾਲਾਂ ਵਾਪਸ ਨਹੀਂ ਲਈਆਂ ਜਾ ਸਕਦੀਆਂ।
js-error-nothing-to-undo = ਵਾਪਸ ਲੈਣ ਲਈ ਤੁਹਾਡੀ ਕੋਈ ਚਾਲ ਨਹੀਂ।
js-error-no-hints = ਵੱਖ-ਵੱਖ ਡਿਵਾਈਸਾਂ ’ਤੇ ਦੋ ਲੋਕਾਂ ਦੀ ਖੇਡ ਵਿੱਚ ਸੰਕੇਤ ਬੰਦ ਹਨ।
js-error-no-free-seat = ਇਸ ਖੇਡ ਵਿੱਚ ਕਿਸੇ ਨੂੰ ਸੱਦਣ ਲਈ ਕੋਈ ਖਾਲੀ ਥਾਂ ਨਹੀਂ।
js-error-bad-token = ਇਸ ਲਿੰਕ ਦੀ ਥਾਂ ਇਸ ਖੇਡ ਦੀ ਨਹੀਂ ਹੈ।
js-error-missing-token = ਸਿਰਫ਼ ਇਸ ਖੇਡ ਦਾ ਖਿਡਾਰੀ ਇਹ ਕਰ ਸਕਦਾ ਹੈ।
js-error-missing-invite = ਖਾਲੀ ਥਾਂ ਸੱਦੇ ਗਏ ਵਿਅਕਤੀ ਲਈ ਹੈ: ਤੁਹਾਨੂੰ ਭੇਜਿਆ ਲਿੰਕ ਖੋਲ੍ਹੋ।
js-error-bad-invite = ਇਹ ਸੱਦਾ ਇਸ ਖੇਡ ਦੀ ਖਾਲੀ ਥਾਂ ਨਹੀਂ ਖੋਲ੍ਹਦਾ; ਦੂਜੇ ਖਿਡਾਰੀ ਤੋਂ ਲਿੰਕ ਦੁਬਾਰਾ ਮੰਗੋ।
js-error-no-such-game = ਇਸ ਲਿੰਕ ਨਾਲ ਕੋਈ ਖੇਡ ਨਹੀਂ।
js-error-unknown-rules = ਇਹ ਸਰਵਰ ਉਸ ਖੇਡ ਨੂੰ ਨਹੀਂ ਜਾਣਦਾ।
js-error-rate-limited = ਇਸ ਪਤੇ ਤੋਂ ਬਹੁਤ ਜ਼ਿਆਦਾ ਬੇਨਤੀਆਂ: { $seconds ->
    [one] { $seconds } ਸਕਿੰਟ
   *[other] { $seconds } ਸਕਿੰਟਾਂ
} ਬਾਅਦ ਫਿਰ ਕੋਸ਼ਿਸ਼ ਕਰੋ।
js-error-busy = ਕੰਪਿਊਟਰ ਰੁੱਝਿਆ ਹੋਇਆ ਹੈ: ਥੋੜ੍ਹੀ ਦੇਰ ਬਾਅਦ ਫਿਰ ਪੁੱਛੋ।
js-error-too-many-sockets = ਇਸ ਪਤੇ ਤੋਂ ਬਹੁਤ ਜ਼ਿਆਦਾ ਲਾਈਵ ਕਨੈਕਸ਼ਨ: ਕੁਝ ਸਫ਼ੇ ਬੰਦ ਕਰੋ।
js-error-too-large = ਬੇਨਤੀ ਬਹੁਤ ਵੱਡੀ ਹੈ।
js-error-timeout = ਬੇਨਤੀ ਪਹੁੰਚਣ ਵਿੱਚ ਬਹੁਤ ਦੇਰ ਲੱਗੀ।
js-error-no-database = ਸੰਪੂਰਨ ਖੇਡ ਲਈ ਇਸ ਖੇਡ ਦਾ ਹੱਲ ਕੀਤਾ ਡਾਟਾਬੇਸ ਚਾਹੀਦਾ ਹੈ, ਜੋ ਇਸ ਸਰਵਰ ਕੋਲ ਨਹੀਂ।
js-error-internal = ਸਰਵਰ ਜਵਾਬ ਨਹੀਂ ਦੇ ਸਕਿਆ; ਕੁਝ ਨਹੀਂ ਬਦਲਿਆ, ਫਿਰ ਕੋਸ਼ਿਸ਼ ਕਰੋ।
js-error-bad-request = ਸਰਵਰ ਬੇਨਤੀ ਨਹੀਂ ਸਮਝ ਸਕਿਆ: { $error }
js-error-json-required = ਬੇਨਤੀ JSON ਵਜੋਂ ਨਹੀਂ ਭੇਜੀ ਗਈ।
js-error-not-found = ਸਰਵਰ ਕੋਲ ਇਸ ਪਤੇ ’ਤੇ ਕੁਝ ਨਹੀਂ ਹੈ।
js-error-method-not-allowed = ਸਰਵਰ ਇੱਥੇ ਇਹ ਬੇਨਤੀ ਨਹੀਂ ਮੰਨਦਾ।
js-error-bad-json = ਸਰਵਰ ਬੇਨਤੀ ਨਹੀਂ ਪੜ੍ਹ ਸਕਿਆ: { $error }
js-error-websocket-required = ਲਾਈਵ ਅੱਪਡੇਟਾਂ ਲਈ WebSocket ਕਨੈਕਸ਼ਨ ਚਾਹੀਦਾ ਹੈ, ਜੋ ਨਹੀਂ ਬਣ ਸਕਿਆ।
js-error-other = ਸਰਵਰ ਨੇ ਬੇਨਤੀ ਨਾਮਨਜ਼ੂਰ ਕੀਤੀ: { $error }

## ਸੰਕੇਤ

js-hint-move = ਸੰਕੇਤ: { $move } ਚੱਲੋ।
js-hint-even = ਸੰਕੇਤ: { $move } ਚੱਲੋ; ਦੋਵਾਂ ਪਾਸਿਆਂ ਦੀ ਸਭ ਤੋਂ ਵਧੀਆ ਖੇਡ ਨਾਲ ਖੇਡ ਬਰਾਬਰ ਖ਼ਤਮ ਹੁੰਦੀ ਹੈ।
js-hint-ahead = ਸੰਕੇਤ: { $move } ਚੱਲੋ; ਦੋਵਾਂ ਪਾਸਿਆਂ ਦੀ ਸਭ ਤੋਂ ਵਧੀਆ ਖੇਡ ਨਾਲ ਤੁਸੀਂ { $seeds ->
    [one] { $seeds } ਗੋਟੀ
   *[other] { $seeds } ਗੋਟੀਆਂ
} ਅੱਗੇ ਰਹਿ ਕੇ ਖ਼ਤਮ ਕਰਦੇ ਹੋ।
js-hint-behind = ਸੰਕੇਤ: { $move } ਚੱਲੋ; ਦੋਵਾਂ ਪਾਸਿਆਂ ਦੀ ਸਭ ਤੋਂ ਵਧੀਆ ਖੇਡ ਨਾਲ ਤੁਸੀਂ { $seeds ->
    [one] { $seeds } ਗੋਟੀ
   *[other] { $seeds } ਗੋਟੀਆਂ
} ਪਿੱਛੇ ਰਹਿ ਕੇ ਖ਼ਤਮ ਕਰਦੇ ਹੋ।
js-hint-win = ਸੰਕੇਤ: { $move } ਚੱਲੋ; ਸਭ ਤੋਂ ਵਧੀਆ ਖੇਡ ਨਾਲ ਤੁਸੀਂ { $moves ->
    [one] { $moves } ਚਾਲ
   *[other] { $moves } ਚਾਲਾਂ
} ਦੇ ਅੰਦਰ ਜਿੱਤਦੇ ਹੋ।
js-hint-loss = ਸੰਕੇਤ: { $move } ਚੱਲੋ; ਸਭ ਤੋਂ ਵਧੀਆ ਖੇਡ ਨਾਲ ਤੁਹਾਡਾ ਵਿਰੋਧੀ { $moves ->
    [one] { $moves } ਚਾਲ
   *[other] { $moves } ਚਾਲਾਂ
} ਦੇ ਅੰਦਰ ਜਿੱਤਦਾ ਹੈ।
js-hint-perfect = ਸੰਕੇਤ: { $move } ਚੱਲੋ, ਸੰਪੂਰਨ ਖਿਡਾਰੀ ਦੀ ਚੋਣ।
js-hint-line = ਸੰਭਾਵੀ ਚਾਲਾਂ: { $line }।

## ਦੁਹਰਾਈ, ਇਤਿਹਾਸ, ਥਾਵਾਂ

js-replay-after = { $side ->
    [south] ਚਾਲ { $ply } ਤੋਂ ਬਾਅਦ: ਦੱਖਣ ਨੇ { $move } ਚੱਲੀ।
   *[north] ਚਾਲ { $ply } ਤੋਂ ਬਾਅਦ: ਉੱਤਰ ਨੇ { $move } ਚੱਲੀ।
}
js-history-person = ਇੱਕ ਵਿਅਕਤੀ
js-history-computer-perfect = ਕੰਪਿਊਟਰ (ਸੰਪੂਰਨ ਖੇਡ)
js-history-computer-level = ਕੰਪਿਊਟਰ (ਪੱਧਰ { $level })
js-history-local = ਦੋ ਲੋਕ, ਇੱਕ ਡਿਵਾਈਸ
js-history-result = { $result ->
    [draw] ਬਰਾਬਰ
    [south] ਦੱਖਣ ਜਿੱਤਿਆ
    [north] ਉੱਤਰ ਜਿੱਤਿਆ
   *[playing] ਜਾਰੀ
}
js-history-resigned = { $side ->
    [south] ਦੱਖਣ ਨੇ ਹਾਰ ਮੰਨੀ
   *[north] ਉੱਤਰ ਨੇ ਹਾਰ ਮੰਨੀ
}
js-seat-link-bad = { $side ->
    [south] ਇਸ ਲਿੰਕ ਵਿੱਚ ਦੱਖਣ ਦੀ ਥਾਂ ਕੰਮ ਨਹੀਂ ਕਰਦੀ; ਇਹ ਨਹੀਂ ਰੱਖੀ ਗਈ।
   *[north] ਇਸ ਲਿੰਕ ਵਿੱਚ ਉੱਤਰ ਦੀ ਥਾਂ ਕੰਮ ਨਹੀਂ ਕਰਦੀ; ਇਹ ਨਹੀਂ ਰੱਖੀ ਗਈ।
}
js-store-name-removed = { $name } (ਹਟਾਈਆਂ)
# The status line of a finished game: who won and the score, then why it ended.
js-status-over = { $result }। { $reason }
