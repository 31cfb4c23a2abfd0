# متن گزیدهٔ بازی woli به فارسی: خاستگاه، مرور کلی، منبع. قوانین از فایل قوانین ساخته می‌شوند.
# English: the [about] table of games/woli.toml. Fields: origin, overview, recorded, source, disagreement-KEY.

origin = سنگال و مالی
overview = بازی‌ای از درهٔ رود سنگال که شارل بئار آن را میان زنان جوان شوهردار پرطرفدار یافت. خویشاوند اواره است با شش دانه در هر حفره، کاشت ساعتگرد و گذشتن از حفرهٔ خالی‌شده: دوها و سه‌ها در رشته‌ای رو به عقب در سوی حریف تصاحب می‌شوند، ولی هرگز آخرین دانه‌های حریف نه، و به حریفِ بی‌دانه باید دانه رساند.
source = Charles Béart، «Jeux et jouets de l'Ouest africain» (1955)، صفحهٔ 512؛ Digital Ludeme Project (Ludii)، «Woli»
