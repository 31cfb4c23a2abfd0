# ਖੇਡ micro-wari ਦਾ ਚੁਣਿਆ ਪਾਠ (ਪੰਜਾਬੀ): ਮੂਲ, ਸਾਰ, ਸਰੋਤ।
# English: the [about] table of games/micro-wari.toml. Fields: origin, overview, recorded, source, disagreement-KEY.

origin = ਫ਼ਰਾਂਸ
overview = ਗਣਿਤ-ਸ਼ਾਸਤਰੀਆਂ ਅਸੀਆ ਪੋਪੋਵਾ ਅਤੇ ਆਂਦਰੇ ਦੇਲੇਦਿਕ ਦੀ 1977 ਵਿੱਚ ਵਾਰੀ ਬਾਰੇ ਆਪਣੀ ਫ਼ਰਾਂਸੀਸੀ ਕਿਤਾਬ ਲਈ ਬਣਾਈ ਇੱਕ ਨਵੀਂ ਨਿੱਕੀ ਖੇਡ: ਦੋ-ਦੋ ਟੋਇਆਂ ਦੀਆਂ ਦੋ ਕਤਾਰਾਂ, ਹਰ ਟੋਏ ਵਿੱਚ ਇੱਕ ਗੋਟੀ, ਕੁੱਲ 4 ਗੋਟੀਆਂ। ਜੋ ਗੋਟੀ ਵਿਰੋਧੀ ਦੇ ਪਾਸੇ ਦੇ ਖ਼ਾਲੀ ਟੋਏ ਵਿੱਚ ਮੁੱਕੇ ਉਸ 'ਤੇ ਕਬਜ਼ਾ ਹੁੰਦਾ ਹੈ। ਇਹ ਹੁਣ ਤੱਕ ਬਿਆਨ ਕੀਤੀਆਂ ਸਭ ਤੋਂ ਛੋਟੀਆਂ ਮਨਕਾਲਾ ਖੇਡਾਂ ਵਿੱਚੋਂ ਹੈ ਅਤੇ ਇੱਕ ਨਜ਼ਰ ਵਿੱਚ ਹੱਲ ਹੋ ਜਾਂਦੀ ਹੈ, ਇਸ ਲਈ ਅੱਗੇ ਦੀਆਂ ਚਾਲਾਂ ਗਿਣਨ ਦਾ ਪਹਿਲਾ ਚੰਗਾ ਸਬਕ ਹੈ।
source = Mancala World, “Micro-Wari”; A. Deledicq ਅਤੇ A. Popova, “Wari et Solo: le jeu de calcul africain” (1977), ਸਫ਼ੇ 162-176
