# ਖੇਡ kalah-empty-capture ਦਾ ਚੁਣਿਆ ਪਾਠ (ਪੰਜਾਬੀ): ਮੂਲ, ਸਾਰ, ਦਰਜ ਕਰਨ ਵਾਲਾ, ਸਰੋਤ।
# English: the [about] table of games/kalah-empty-capture.toml. Fields: origin, overview, recorded, source, disagreement-KEY.

name = ਕਾਲਾਹ (ਸਾਹਮਣੇ ਵਾਲਾ ਟੋਆ ਖਾਲੀ ਹੋਣ 'ਤੇ ਵੀ ਕਬਜ਼ਾ)
origin = ਸੰਯੁਕਤ ਰਾਜ ਅਮਰੀਕਾ
overview = ਕਾਲਾਹ ਜਿਵੇਂ ਅਰਵਿੰਗ, ਡੋਂਕਰਸ ਅਤੇ ਆਉਟਰਵਿਕ ਨੇ 2000 ਵਿੱਚ ਹੱਲ ਕੀਤੀ: ਖਿਡਾਰੀ ਦੀ ਆਪਣੀ ਕਤਾਰ ਦੇ ਖਾਲੀ ਟੋਏ ਵਿੱਚ ਪੈਣ ਵਾਲੀ ਆਖਰੀ ਗੋਟੀ ਭੰਡਾਰ ਵਿੱਚ ਜਾਂਦੀ ਹੈ, ਭਾਵੇਂ ਸਾਹਮਣੇ ਵਾਲਾ ਟੋਆ ਖਾਲੀ ਹੋਵੇ। ਬਾਕੀ ਸਭ ਕੁਝ ਭੰਡਾਰਾਂ ਅਤੇ ਵਾਧੂ ਚਾਲਾਂ ਵਾਲੀ ਆਮ ਕਾਲਾਹ ਹੈ।
source = ਅਰਵਿੰਗ, ਡੋਂਕਰਸ ਅਤੇ ਆਉਟਰਵਿਕ, “Solving Kalah” (2000)
