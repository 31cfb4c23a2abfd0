# متن گزیدهٔ بازی wari-ashanti به فارسی: خاستگاه، مرور کلی، منبع. قوانین از فایل قوانین ساخته می‌شوند.
# English: the [about] table of games/wari-ashanti.toml. Fields: origin, overview, recorded, source, disagreement-KEY.

name = واری (آشانتی)
origin = غنا
overview = واری‌ای که افسر استعماری، ا. و. کاردینال، در دهه‌های 1910 و 1920 میان آشانتی‌های ساحل طلا دید، پیش از آنکه قوانین اوارهٔ امروزی ثابت شود. در آغاز چون اواره در هر حفره چهار دانه است، ولی برای تصاحب باید حفره‌ای در سوی حریف درست به شش برسد، پس بازی آهسته است و حفره‌ها با حوصله پر می‌شوند تا تصاحب شوند.
source = A. W. Cardinall، «In Ashanti and Beyond» (1927)، صفحهٔ 254؛ Digital Ludeme Project (Ludii)، «Wari»
