# متن گزیدهٔ بازی micro-wari به فارسی: خاستگاه، مرور کلی، منبع. قوانین از فایل قوانین ساخته می‌شوند.
# English: the [about] table of games/micro-wari.toml. Fields: origin, overview, recorded, source, disagreement-KEY.

origin = فرانسه
overview = بازی کوچک نوینی که ریاضی‌دانان، آسیا پوپووا و آندره دُلِدیک، در 1977 برای کتاب فرانسوی خود دربارهٔ واری ساختند: دو ردیف دوحفره‌ای با یک دانه در هر حفره، روی هم چهار دانه. دانه‌ای که در حفرهٔ خالی سوی حریف پایان یابد تصاحب می‌شود. از کوچک‌ترین بازی‌های مانکالایی است که تاکنون وصف شده و با یک نگاه حل می‌شود، و همین آن را درس نخست خوبی برای پیش‌شماری حرکت‌ها می‌کند.
source = Mancala World، «Micro-Wari»؛ A. Deledicq و A. Popova، «Wari et Solo: le jeu de calcul africain» (1977)، صفحه‌های 162 تا 176
