# متن گزیدهٔ بازی fondji به فارسی: خاستگاه، مرور کلی، منبع. قوانین از فایل قوانین ساخته می‌شوند.
# English: the [about] table of games/fondji.toml. Fields: origin, overview, recorded, source, disagreement-KEY.

origin = بنین
overview = یکی از چند خویشاوند اواره که شارل بئار در داهومی، بنین امروزی، برای بررسی بازی‌های غرب آفریقا گرد آورد. این بازی قانون معمول را وارونه می‌کند: دوها و سه‌ها در ردیف خود بازیکن تصاحب می‌شوند نه در ردیف حریف، پس بازیکن آنچه را حریف در ردیف او می‌کارد درو می‌کند. باید به حریفِ بی‌دانه دانه رساند، و بازی‌ای که در دور بیفتد با برداشتن ردیف خود هر بازیکن پایان می‌یابد.
source = Charles Béart، «Jeux et jouets de l'Ouest africain» (1955)، صفحهٔ 510؛ Digital Ludeme Project (Ludii)، «Fondji»
