# متن گزیدهٔ بازی voleur به فارسی: خاستگاه، مرور کلی، منبع. قوانین از فایل قوانین ساخته می‌شوند.
# English: the [about] table of games/voleur.toml. Fields: origin, overview, recorded, source, disagreement-KEY.

origin = هائیتی
overview = بازی دانش‌آموزان هائیتی که آموزگاری آن را در مدرسه‌ای در پورتو پرنس آموخته بود و ویکتور باوتیستا ای روکا او را در جمهوری دومینیکن دید. قانونش به تندیِ نامش، «دزد»، است: حفره‌ای که آخرین دانه در آن بیفتد همیشه تصاحب می‌شود، هرچه در آن باشد و در هر سوی صفحه، پس هر حرکتی تصاحب می‌کند و هنر در انتخاب چیزی است که بر جا می‌ماند.
source = Mancala World، «Voleur»؛ V. Bautista i Roca، «Africa Hidden Inside a Small Hole» (Board Game Studies Colloquium، 2005)
