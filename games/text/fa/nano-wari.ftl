# متن گزیدهٔ بازی nano-wari به فارسی: خاستگاه، مرور کلی، منبع. قوانین از فایل قوانین ساخته می‌شوند.
# English: the [about] table of games/nano-wari.toml. Fields: origin, overview, recorded, source, disagreement-KEY.

origin = فرانسه
overview = شوخی و درسی از کتاب فرانسوی آسیا پوپووا و آندره دُلِدیک دربارهٔ واری: صفحه‌ای با یک حفره در هر سو و چهار دانه در هر حفره، که هر حرکتش ناگزیر است و هیچ‌گاه چیزی تصاحب نمی‌شود. کاشت‌ها زود در دوری از دو وضعیت می‌افتند و بازی، بی‌نتیجه، همین که وضعیتی تکرار شود پایان می‌یابد؛ نویسندگانش آن را بازی تماشا و اندیشه خواندند.
source = Mancala World، «Nano-Wari»؛ A. Deledicq و A. Popova، «Wari et Solo: le jeu de calcul africain» (1977)، صفحه‌های 177 تا 179
