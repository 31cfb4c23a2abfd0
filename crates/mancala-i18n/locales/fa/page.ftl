# عنوان بخش‌ها و سطرهای صفحهٔ بازی (فارسی). واژه‌ها از صفحه‌های منبع:
# نوع بازی، مرور کلی، صفحه بازی، نحوه بازی، تصاحب، پایان بازی و برنده شدن.

section-type = نوع بازی
section-play-this-game = این بازی را انجام دهید
section-overview = مرور کلی
section-board = صفحه بازی
section-play = نحوه بازی
section-capture = تصاحب
section-end = پایان بازی و برنده شدن
section-house-rules = قوانین خانگی
section-notes = یادداشت‌ها
section-source = منبع

page-origin = محل بازی: { $place }

house-rule = قانون خانگی، منابع در این باره چیزی نمی‌گویند: { $rule }
sources-disagree = منابع با هم اختلاف دارند: { $note }

type-line = مانکالای دونفره با دو ردیف { $holes ->
        [one] یک حفره‌ای
       *[other] { $holes } حفره‌ای
    } { $stores ->
        [yes] با انبار
       *[no] بدون انبار
    }، { $seeds ->
        [one] یک دانه
       *[other] { $seeds } دانه
    } در هر حفره، با کاشت { $laps ->
        [relay] چنددوره‌ای (ادامه از حفرهٔ پر)
       *[single] یک‌دوره‌ای
    } { $dir ->
        [cw] در جهت عقربه‌های ساعت
        [varied] در جهت‌های گوناگون
       *[ccw] خلاف جهت عقربه‌های ساعت
    }.
