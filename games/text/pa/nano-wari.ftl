# ਖੇਡ nano-wari ਦਾ ਚੁਣਿਆ ਪਾਠ (ਪੰਜਾਬੀ): ਮੂਲ, ਸਾਰ, ਸਰੋਤ।
# English: the [about] table of games/nano-wari.toml. Fields: origin, overview, recorded, source, disagreement-KEY.

origin = ਫ਼ਰਾਂਸ
overview = ਅਸੀਆ ਪੋਪੋਵਾ ਅਤੇ ਆਂਦਰੇ ਦੇਲੇਦਿਕ ਦੀ ਵਾਰੀ ਬਾਰੇ ਫ਼ਰਾਂਸੀਸੀ ਕਿਤਾਬ ਦਾ ਇੱਕ ਮਜ਼ਾਕ ਅਤੇ ਸਬਕ: ਹਰ ਪਾਸੇ ਇੱਕ ਟੋਆ ਅਤੇ ਹਰ ਟੋਏ ਵਿੱਚ 4 ਗੋਟੀਆਂ ਵਾਲਾ ਬੋਰਡ, ਜਿੱਥੇ ਹਰ ਚਾਲ ਮਜਬੂਰੀ ਦੀ ਹੈ ਅਤੇ ਕਦੇ ਕਿਸੇ ਗੋਟੀ 'ਤੇ ਕਬਜ਼ਾ ਨਹੀਂ ਹੁੰਦਾ। ਬਿਜਾਈਆਂ ਛੇਤੀ ਹੀ ਦੋ ਸਥਿਤੀਆਂ ਦੇ ਚੱਕਰ ਵਿੱਚ ਪੈ ਜਾਂਦੀਆਂ ਹਨ, ਅਤੇ ਕੋਈ ਸਥਿਤੀ ਮੁੜ ਆਉਂਦਿਆਂ ਹੀ ਖੇਡ ਬਿਨਾਂ ਫ਼ੈਸਲੇ ਦੇ ਖਤਮ ਹੋ ਜਾਂਦੀ ਹੈ; ਇਸ ਦੇ ਲੇਖਕਾਂ ਨੇ ਇਸ ਨੂੰ ਚਿੰਤਨ ਦੀ ਖੇਡ ਕਿਹਾ।
source = Mancala World, “Nano-Wari”; A. Deledicq ਅਤੇ A. Popova, “Wari et Solo: le jeu de calcul africain” (1977), ਸਫ਼ੇ 177-179
