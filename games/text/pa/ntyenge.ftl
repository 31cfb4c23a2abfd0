# ਖੇਡ ntyenge ਦਾ ਚੁਣਿਆ ਪਾਠ (ਪੰਜਾਬੀ): ਮੂਲ, ਸਾਰ, ਸਰੋਤ।
# English: the [about] table of games/ntyenge.toml. Fields: origin, overview, recorded, source, disagreement-KEY.

origin = ਗੈਬੋਨ
overview = ਗੈਬੋਨ ਦੇ ਮਬੇਂਗੇ ਲੋਕਾਂ ਦੀ ਖੇਡ, ਕਦੇ-ਕਦੇ ਉੱਕਰੇ ਹੋਏ ਬੋਰਡ 'ਤੇ ਪਰ ਅਕਸਰ ਜ਼ਮੀਨ ਵਿੱਚ ਪੁੱਟੇ ਟੋਇਆਂ ਵਿੱਚ ਬੀਜਾਂ ਜਾਂ ਕੰਕਰਾਂ ਨਾਲ ਖੇਡੀ ਜਾਂਦੀ, ਜਿਸ ਨੂੰ ਮਿਸ਼ਨਰੀ ਆਨਰੀ ਤ੍ਰੀਲ ਨੇ ਵੀਹਵੀਂ ਸਦੀ ਦੇ ਸ਼ੁਰੂ ਵਿੱਚ ਦਰਜ ਕੀਤਾ। ਚਾਰ-ਚਾਰ ਗੋਟੀਆਂ ਵਾਲੇ 16 ਟੋਇਆਂ ਵਿੱਚ ਘੜੀ ਦੀ ਉਲਟ ਦਿਸ਼ਾ ਵਿੱਚ ਬਿਜਾਈ ਹੁੰਦੀ ਹੈ, ਅਤੇ ਜੋ ਆਖ਼ਰੀ ਗੋਟੀ ਕਿਸੇ ਟੋਏ ਨੂੰ ਦੋ ਜਾਂ ਚਾਰ ਬਣਾ ਦੇਵੇ ਉਹ ਕਿਸੇ ਵੀ ਪਾਸੇ ਉਸ ਟੋਏ 'ਤੇ ਕਬਜ਼ਾ ਕਰਦੀ ਹੈ; ਖੇਡ ਹਰ ਗੋਟੀ 'ਤੇ ਕਬਜ਼ਾ ਹੋਣ ਤੱਕ ਚੱਲਦੀ ਹੈ।
source = H. Trilles, “Les Pygmées de la forêt équatoriale” (1932), ਸਫ਼ੇ 399-400; Digital Ludeme Project (Ludii), “Ntyenge”
