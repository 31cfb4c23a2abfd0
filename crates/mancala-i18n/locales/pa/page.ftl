# ਖੇਡ ਦੇ ਸਫ਼ੇ ਦੇ ਭਾਗਾਂ ਦੇ ਸਿਰਲੇਖ (ਪੰਜਾਬੀ, ਗੁਰਮੁਖੀ)। ਸ਼ਬਦ ਸਰੋਤ ਸਫ਼ਿਆਂ ਤੋਂ:
# ਖੇਡ ਦੀ ਕਿਸਮ, ਸਾਰ, ਖੇਡ ਦਾ ਬੋਰਡ, ਖੇਡਣ ਦਾ ਤਰੀਕਾ, ਕਬਜ਼ਾ, ਖੇਡ ਦਾ ਅੰਤ ਅਤੇ ਜਿੱਤ, ਨੋਟ।

section-type = ਖੇਡ ਦੀ ਕਿਸਮ
section-play-this-game = ਇਹ ਖੇਡ ਖੇਡੋ
section-overview = ਸਾਰ
section-board = ਖੇਡ ਦਾ ਬੋਰਡ
section-play = ਖੇਡਣ ਦਾ ਤਰੀਕਾ
section-capture = ਕਬਜ਼ਾ
section-end = ਖੇਡ ਦਾ ਅੰਤ ਅਤੇ ਜਿੱਤ
section-house-rules = ਘਰੇਲੂ ਨਿਯਮ
section-notes = ਨੋਟ
section-source = ਸਰੋਤ

page-origin = ਕਿੱਥੇ ਖੇਡੀ ਜਾਂਦੀ ਹੈ: { $place }

house-rule = ਘਰੇਲੂ ਨਿਯਮ, ਸਰੋਤ ਇਸ ਬਾਰੇ ਚੁੱਪ ਹਨ: { $rule }
sources-disagree = ਸਰੋਤ ਆਪਸ ਵਿੱਚ ਸਹਿਮਤ ਨਹੀਂ: { $note }

type-line = ਦੋ ਖਿਡਾਰੀਆਂ ਦੀ ਮਨਕਾਲਾ, ਦੋ ਕਤਾਰਾਂ ਵਿੱਚ { $holes ->
        [one] ਇੱਕ ਟੋਆ
       *[other] { $holes } ਟੋਏ
    } ਹਰੇਕ, { $stores ->
        [yes] ਭੰਡਾਰਾਂ ਸਮੇਤ
       *[no] ਬਿਨਾਂ ਭੰਡਾਰਾਂ ਦੇ
    }, ਹਰ ਟੋਏ ਵਿੱਚ { $seeds ->
        [one] ਇੱਕ ਗੋਟੀ
       *[other] { $seeds } ਗੋਟੀਆਂ
    }, { $dir ->
        [cw] ਘੜੀ ਦੀ ਦਿਸ਼ਾ ਵਿੱਚ
        [varied] ਵੱਖ-ਵੱਖ ਦਿਸ਼ਾਵਾਂ ਵਿੱਚ
       *[ccw] ਘੜੀ ਦੀ ਉਲਟ ਦਿਸ਼ਾ ਵਿੱਚ
    } { $laps ->
        [relay] ਲਗਾਤਾਰ ਅੱਗੇ ਚੱਲਦੀ ਬਿਜਾਈ
       *[single] ਇੱਕ ਗੇੜ ਦੀ ਬਿਜਾਈ
    }।
