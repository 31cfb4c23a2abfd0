# ਖੇਡ songo-douala ਦਾ ਚੁਣਿਆ ਪਾਠ (ਪੰਜਾਬੀ): ਮੂਲ, ਸਾਰ, ਸਰੋਤ।
# English: the [about] table of games/songo-douala.toml. Fields: origin, overview, recorded, source, disagreement-KEY.

origin = ਕੈਮਰੂਨ
overview = ਕੈਮਰੂਨ ਦੇ ਤਟ ਦੇ ਦੁਆਲਾ ਲੋਕਾਂ ਦਾ ਸੋਂਗੋ, ਜਿਸ ਦਾ ਵੇਰਵਾ ਮੇਜਰ ਪਾਵੇਲ-ਕਾਟਨ ਨੇ 1929 ਵਿੱਚ ਇਕੱਠੇ ਕੀਤੇ ਬੋਰਡਾਂ ਤੋਂ ਦਿੱਤਾ। ਇਹ ਸੱਤ-ਸੱਤ ਟੋਇਆਂ ਦੀਆਂ ਦੋ ਕਤਾਰਾਂ 'ਤੇ, ਹਰ ਟੋਏ ਵਿੱਚ 8 ਗੋਟੀਆਂ ਨਾਲ, ਘੜੀ ਦੀ ਦਿਸ਼ਾ ਵਿੱਚ ਬੀਜ ਕੇ ਖੇਡੀ ਜਾਂਦੀ ਹੈ; ਜੋ ਆਖ਼ਰੀ ਗੋਟੀ ਵਿਰੋਧੀ ਦੇ ਕਿਸੇ ਟੋਏ ਨੂੰ ਦੋ, ਤਿੰਨ ਜਾਂ ਚਾਰ ਬਣਾ ਦੇਵੇ ਉਹ ਉਸ ਟੋਏ ਅਤੇ ਉਸ ਤੋਂ ਪਹਿਲਾਂ ਦੇ ਅਜਿਹੇ ਟੋਇਆਂ ਦੀ ਲੜੀ 'ਤੇ ਕਬਜ਼ਾ ਕਰਦੀ ਹੈ। ਬਾਅਦ ਦੇ ਲੇਖਕਾਂ ਨੇ ਇਸ ਦੇ ਬੋਰਡ ਅਤੇ ਦਿਸ਼ਾ ਨੂੰ ਗ਼ਲਤ ਸਮਝਿਆ, ਜਿਸ ਨੂੰ Mancala World ਦਾ ਬਿਰਤਾਂਤ ਠੀਕ ਕਰਦਾ ਹੈ।
source = Mancala World, “Songo Douala”; P. H. G. Powell-Cotton, “A Mancala Board called Songo”, Man 31 (1931)
