# ਖੇਡ voleur ਦਾ ਚੁਣਿਆ ਪਾਠ (ਪੰਜਾਬੀ): ਮੂਲ, ਸਾਰ, ਸਰੋਤ।
# English: the [about] table of games/voleur.toml. Fields: origin, overview, recorded, source, disagreement-KEY.

origin = ਹੈਤੀ
overview = ਹੈਤੀ ਦੇ ਸਕੂਲੀ ਬੱਚਿਆਂ ਦੀ ਖੇਡ, ਜੋ ਪੋਰਟ-ਓ-ਪ੍ਰਿੰਸ ਦੇ ਇੱਕ ਸਕੂਲ ਵਿੱਚ ਇੱਕ ਅਧਿਆਪਕ ਨੇ ਸਿੱਖੀ, ਜਿਸ ਨੂੰ ਵਿਕਤੋਰ ਬਾਉਤਿਸਤਾ ਈ ਰੋਕਾ ਡੋਮਿਨਿਕਨ ਗਣਰਾਜ ਵਿੱਚ ਮਿਲਿਆ। ਇਸ ਦਾ ਨਿਯਮ ਇਸ ਦੇ ਨਾਂ “ਚੋਰ” ਜਿੰਨਾ ਹੀ ਸਿੱਧਾ ਹੈ: ਜਿਸ ਟੋਏ ਵਿੱਚ ਆਖ਼ਰੀ ਗੋਟੀ ਡਿੱਗੇ ਉਸ 'ਤੇ ਹਮੇਸ਼ਾ ਕਬਜ਼ਾ ਹੁੰਦਾ ਹੈ, ਉਸ ਵਿੱਚ ਜੋ ਵੀ ਹੋਵੇ ਅਤੇ ਉਹ ਜਿਸ ਵੀ ਪਾਸੇ ਹੋਵੇ, ਇਸ ਲਈ ਹਰ ਚਾਲ ਕਬਜ਼ਾ ਕਰਦੀ ਹੈ ਅਤੇ ਹੁਨਰ ਇਹ ਚੁਣਨ ਵਿੱਚ ਹੈ ਕਿ ਪਿੱਛੇ ਕੀ ਛੱਡਣਾ ਹੈ।
source = Mancala World, “Voleur”; V. Bautista i Roca, “Africa Hidden Inside a Small Hole” (Board Game Studies Colloquium, 2005)
