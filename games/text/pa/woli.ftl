# ਖੇਡ woli ਦਾ ਚੁਣਿਆ ਪਾਠ (ਪੰਜਾਬੀ): ਮੂਲ, ਸਾਰ, ਸਰੋਤ।
# English: the [about] table of games/woli.toml. Fields: origin, overview, recorded, source, disagreement-KEY.

origin = ਸੇਨੇਗਲ ਅਤੇ ਮਾਲੀ
overview = ਸੇਨੇਗਲ ਦਰਿਆ ਦੀ ਵਾਦੀ ਦੀ ਇੱਕ ਖੇਡ, ਜਿਸ ਨੂੰ ਸ਼ਾਰਲ ਬੇਆਰ ਨੇ ਨਵੀਆਂ ਵਿਆਹੀਆਂ ਮੁਟਿਆਰਾਂ ਵਿੱਚ ਹਰਮਨ-ਪਿਆਰਾ ਪਾਇਆ। ਇਹ ਓਵਾਰੇ ਦੀ ਰਿਸ਼ਤੇਦਾਰ ਹੈ, ਹਰ ਟੋਏ ਵਿੱਚ 6 ਗੋਟੀਆਂ, ਘੜੀ ਦੀ ਦਿਸ਼ਾ ਵਿੱਚ ਬਿਜਾਈ ਜੋ ਖ਼ਾਲੀ ਕੀਤੇ ਟੋਏ ਨੂੰ ਟੱਪ ਜਾਂਦੀ ਹੈ: ਵਿਰੋਧੀ ਦੇ ਪਾਸੇ ਦੋ ਅਤੇ ਤਿੰਨ ਵਾਲੇ ਟੋਇਆਂ 'ਤੇ ਪਿੱਛੇ ਵੱਲ ਲੜੀ ਵਿੱਚ ਕਬਜ਼ਾ ਹੁੰਦਾ ਹੈ, ਪਰ ਵਿਰੋਧੀ ਦੀਆਂ ਆਖ਼ਰੀ ਗੋਟੀਆਂ 'ਤੇ ਕਦੇ ਨਹੀਂ, ਅਤੇ ਖ਼ਾਲੀ ਵਿਰੋਧੀ ਨੂੰ ਗੋਟੀਆਂ ਦੇਣੀਆਂ ਪੈਂਦੀਆਂ ਹਨ।
source = Charles Béart, “Jeux et jouets de l'Ouest africain” (1955), ਸਫ਼ਾ 512; Digital Ludeme Project (Ludii), “Woli”
