# ਖੇਡ wari-ashanti ਦਾ ਚੁਣਿਆ ਪਾਠ (ਪੰਜਾਬੀ): ਮੂਲ, ਸਾਰ, ਸਰੋਤ।
# English: the [about] table of games/wari-ashanti.toml. Fields: origin, overview, recorded, source, disagreement-KEY.

name = ਵਾਰੀ (ਅਸ਼ਾਂਤੀ)
origin = ਘਾਨਾ
overview = ਉਹ ਵਾਰੀ ਜੋ ਬਸਤੀਵਾਦੀ ਅਫ਼ਸਰ ਏ. ਡਬਲਿਊ. ਕਾਰਡੀਨਲ ਨੇ 1910 ਅਤੇ 1920 ਦੇ ਦਹਾਕਿਆਂ ਵਿੱਚ ਗੋਲਡ ਕੋਸਟ ਦੇ ਅਸ਼ਾਂਤੀ ਲੋਕਾਂ ਵਿੱਚ ਦੇਖੀ, ਅੱਜ ਦੇ ਓਵਾਰੇ ਦੇ ਨਿਯਮ ਪੱਕੇ ਹੋਣ ਤੋਂ ਪਹਿਲਾਂ। ਓਵਾਰੇ ਵਾਂਗ ਹਰ ਟੋਏ ਵਿੱਚ 4 ਗੋਟੀਆਂ ਨਾਲ ਸ਼ੁਰੂਆਤ ਹੁੰਦੀ ਹੈ, ਪਰ ਕਬਜ਼ੇ ਲਈ ਵਿਰੋਧੀ ਦੇ ਪਾਸੇ ਦਾ ਕੋਈ ਟੋਆ ਠੀਕ 6 ਤੱਕ ਪਹੁੰਚਾਉਣਾ ਪੈਂਦਾ ਹੈ, ਇਸ ਲਈ ਖੇਡ ਹੌਲੀ ਚੱਲਦੀ ਹੈ ਅਤੇ ਟੋਇਆਂ 'ਤੇ ਕਬਜ਼ਾ ਕਰਨ ਤੋਂ ਪਹਿਲਾਂ ਉਨ੍ਹਾਂ ਨੂੰ ਧੀਰਜ ਨਾਲ ਭਰਿਆ ਜਾਂਦਾ ਹੈ।
source = A. W. Cardinall, “In Ashanti and Beyond” (1927), ਸਫ਼ਾ 254; Digital Ludeme Project (Ludii), “Wari”
