# متن گزیدهٔ بازی songo-douala به فارسی: خاستگاه، مرور کلی، منبع. قوانین از فایل قوانین ساخته می‌شوند.
# English: the [about] table of games/songo-douala.toml. Fields: origin, overview, recorded, source, disagreement-KEY.

origin = کامرون
overview = سونگوی مردم دوآلا در کرانهٔ کامرون که سرگرد پاول-کاتن از روی تخته‌هایی که در 1929 گرد آورده بود وصف کرد. روی دو ردیف هفت‌حفره‌ای با هشت دانه در هر حفره بازی می‌شود و کاشت ساعتگرد است؛ آخرین دانه‌ای که حفره‌ای از حریف را به دو، سه یا چهار برساند آن را با رشتهٔ حفره‌های همانند پیش از آن تصاحب می‌کند. نویسندگان بعدی صفحه و جهت آن را اشتباه گرفتند، و گزارش Mancala World آن را درست کرده است.
source = Mancala World، «Songo Douala»؛ P. H. G. Powell-Cotton، «A Mancala Board called Songo»، Man 31 (1931)
