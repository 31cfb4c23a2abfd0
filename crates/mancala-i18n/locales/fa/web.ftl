# رابط وب (crates/mancala-web). واژه‌ها از صفحه‌های منبع: حفره، دانه، انبار، کاشت، تصاحب.

## Chrome

web-brand = مانکالا
web-nav-games = بازی‌ها
web-nav-new = بازی تازه
web-nav-history = بازی‌های گذشته
web-nav-label = فهرست اصلی
web-lang-label = زبان
web-digits-label = ارقام
web-digits-native = { $lang ->
    [fa] ارقام فارسی (۱۲۳)
    [my] ارقام برمه‌ای (၁၂၃)
   *[other] ارقام خود زبان
}
web-digits-latin = ارقام لاتین (123)

## Catalogue

web-catalogue-title = بازی‌های مانکالا
web-catalogue-intro = { $count ->
    [one] یک بازی از خانوادهٔ مانکالا را می‌توان اینجا بازی کرد. صفحهٔ آن را باز کنید تا نحوهٔ بازی را بخوانید، سپس با یک نفر یا با رایانه بازی کنید.
   *[other] { $count } بازی از خانوادهٔ مانکالا را می‌توان اینجا بازی کرد. صفحهٔ هر بازی را باز کنید تا نحوهٔ بازی را بخوانید، سپس با یک نفر یا با رایانه بازی کنید.
}
web-filter-legend = یافتن بازی
web-search-label = نام
web-search-placeholder = جستجو بر اساس نام
web-filter-region = منطقه
web-filter-size = حفره‌ها در هر ردیف
web-filter-stores = انبارها
web-filter-mechanism = قاعده
web-filter-any = همه
web-stores-yes = با انبار
web-stores-no = بدون انبار
web-mech-extra-turn = نوبت اضافه
web-mech-relay = کاشت پیوسته
web-mech-capture = تصاحب
web-mech-no-capture = بدون تصاحب
web-size-option = { $holes } حفره
web-catalogue-shown = { $shown } بازی از { $total } بازی نشان داده شده است.
web-catalogue-none = هیچ بازی‌ای با این انتخاب‌ها جور نیست.
web-filter-reset = نمایش همهٔ بازی‌ها
web-entry-board = 2 ردیف { $holes } حفره‌ای، در آغاز { $seeds } دانه در هر حفره.
web-entry-stores-yes = هر بازیکن یک انبار دارد.
web-entry-stores-no = بدون انبار.
web-entry-open = دربارهٔ { $name } بخوانید

## Regions

web-region-northern-africa = شمال آفریقا
web-region-western-africa = غرب آفریقا
web-region-eastern-africa = شرق آفریقا
web-region-central-africa = مرکز آفریقا
web-region-southern-africa = جنوب آفریقا
web-region-americas = قارهٔ آمریکا
web-region-caribbean = دریای کارائیب
web-region-western-asia = غرب آسیا
web-region-southern-asia = جنوب آسیا
web-region-south-eastern-asia = جنوب شرق آسیا
web-region-eastern-asia = شرق آسیا
web-region-central-asia = آسیای مرکزی
web-region-europe = اروپا
web-region-oceania = اقیانوسیه
web-region-unknown = منطقه ثبت نشده است

## Game page

web-game-back = همهٔ بازی‌ها
web-board-figure = صفحهٔ { $name } در آغاز بازی.
web-board-south = جنوب
web-board-north = شمال
web-board-south-store = انبار جنوب
web-board-north-store = انبار شمال
web-board-caption = روی هم { $total } دانه. ردیف نزدیک از آنِ جنوب است و ردیف دور از آنِ شمال؛ حرف‌ها نام حفره‌ها هستند.
web-game-unknown = بازی‌ای به نام «{ $name }» وجود ندارد.
web-not-found-title = صفحه پیدا نشد
web-not-found-back = دیدن همهٔ بازی‌ها

## The play page (static parts)

web-play-title = مانکالا
web-home-label = مانکالا، بازی تازه
web-setup-title = بازی تازه
web-setup-game = بازی
web-setup-full-rules = همهٔ قاعده‌ها
web-setup-read-page = صفحهٔ این بازی را بخوانید
web-setup-opponent = حریف
web-setup-computer = رایانه، سطح
web-setup-level = سطح رایانه
web-setup-level-1 = 1 (تصادفی)
web-setup-level-2 = 2 (حریص)
web-setup-level-9 = 9 (قوی‌ترین)
web-setup-local = یک نفر روی همین دستگاه
web-setup-remote = یک نفر در جای دیگر (با فرستادن پیوند)
web-setup-perfect = بازی بی‌نقص
web-setup-side = طرف شما
web-setup-south = جنوب (ردیف نزدیک)
web-setup-north = شمال (ردیف دور)
web-setup-start = شروع بازی
web-setup-ongoing = بازی‌های نیمه‌تمام شما
web-play-game = بازی
web-play-share = این پیوند را برای بازیکن دیگر بفرستید:
web-play-copy = رونوشت
web-play-seat-free = در این بازی یک جای خالی هست.
web-play-take-seat = نشستن در جای خالی
web-play-board = صفحه بازی
web-play-pass = رد کردن نوبت
web-play-undo = برگرداندن
web-play-hint = راهنمایی
web-play-resign = واگذاری
web-play-animate = نمایش کاشت
web-play-moves = حرکت‌ها
web-play-export = خروجی گرفتن از بازی
web-play-copy-record = رونوشت از بازی
web-play-replay = بازپخش
web-play-keys = کلیدها: حرف هر حفره آن را بازی می‌کند (جنوب A B …، شمال a b …، بزرگ یا کوچک فرقی ندارد)، «.» نوبت را رد می‌کند.
web-history-title = بازی‌های گذشته
web-history-when = زمان
web-history-game = بازی
web-history-players = جنوب – شمال
web-history-moves = حرکت‌ها
web-history-result = نتیجه
web-history-more = بیشتر
web-history-import = وارد کردن یک بازی
web-history-import-label = متن بازی برای وارد کردن
web-history-import-button = وارد کردن
web-replay-title = بازپخش
web-replay-start = آغاز
web-replay-previous = حرکت پیشین
web-replay-move = حرکت
web-replay-next = حرکت بعدی
web-replay-end = پایان
web-replay-open = باز کردن بازی
web-result-title = بازی تمام شد
web-result-new = بازی تازه
web-result-replay = بازپخش
web-result-close = بستن

## The play page's script

js-unreachable = به سرور دسترسی نیست: اتصال را بررسی کنید و دوباره تلاش کنید.
js-busy = سرور سرش شلوغ است: { $error }
js-cannot-reach = به سرور دسترسی نیست: { $error }
js-side = { $side ->
    [south] جنوب
   *[north] شمال
}
js-setup-south-first = جنوب (ردیف نزدیک)، اول حرکت می‌کند
js-setup-north-first = شمال (ردیف دور)، اول حرکت می‌کند
js-title-new = مانکالا: بازی تازه
js-title-game = مانکالا: { $name }
js-game-variant = { $name }: { $holes } حفره در هر ردیف، { $seeds } دانه در هر حفره
js-game-variant-first = { $game }، { $side ->
    [south] جنوب اول حرکت می‌کند
   *[north] شمال اول حرکت می‌کند
}
js-title-history = مانکالا: بازی‌های گذشته
js-title-replay = مانکالا: بازپخش
js-ongoing = { $name }: { $players }، { $moves } حرکت
js-hole-title = { $hole }: { $seeds } دانه
js-hole-play = بازی کردن { $hole } ({ $seeds } دانه)
js-computer-level = رایانه (سطح { $level } از 9)
js-computer-perfect = رایانه (بازی بی‌نقص)
js-players-local = دو بازیکن روی همین دستگاه: جنوب (ردیف نزدیک) و شمال (ردیف دور)
js-players = جنوب: { $south } · شمال: { $north }
js-player-you = شما
js-player-free = یک جای خالی
js-player-opponent = حریف شما
js-player-person = یک نفر
js-status-thinking = رایانه در حال فکر کردن است…
js-status-waiting-join = در انتظار پیوستن بازیکن دیگر…
js-status-to-move = { $side ->
    [south] نوبت جنوب است
   *[north] نوبت شمال است
}
js-status-your-move = نوبت شماست
js-status-watching = { $side ->
    [south] نوبت جنوب است (شما تماشاگرید)
   *[north] نوبت شمال است (شما تماشاگرید)
}
js-status-waiting-for = { $side ->
    [south] در انتظار جنوب…
   *[north] در انتظار شمال…
}
js-result-draw = مساوی
js-result-win = شما بردید!
js-result-lose = شما باختید
js-result-side-wins = { $side ->
    [south] جنوب برد
   *[north] شمال برد
}
js-result-leftover = دانه‌های باقی‌مانده روی صفحه به صاحبانشان رسید: جنوب +{ $south }، شمال +{ $north }.
js-result-leftover-split = دانه‌های باقی‌مانده روی صفحه تقسیم شد: جنوب +{ $south }، شمال +{ $north }.
js-seat-free = { $side ->
    [south] جای جنوب خالی است: آن را بگیرید و بازی کنید، یا فقط تماشا کنید.
   *[north] جای شمال خالی است: آن را بگیرید و بازی کنید، یا فقط تماشا کنید.
}
js-resign-really = واقعاً واگذار می‌کنید؟
js-loading = در حال بارگذاری…
js-no-such-game = هیچ بازی‌ای این پیوند را ندارد ({ $id }).
js-connection-lost = اتصال قطع شد؛ در حال اتصال دوباره…
js-no-games = هنوز بازی‌ای نیست.
js-link-copied = پیوند رونوشت شد.
js-record-copied = متن بازی رونوشت شد.
js-replay-title = بازپخش: { $name }
js-replay-start = آغاز
js-announce-computer = رایانه { $move } را بازی کرد.
js-announce-opponent = حریف شما { $move } را بازی کرد.
js-announce-side = { $side ->
    [south] جنوب { $move } را بازی کرد.
   *[north] شمال { $move } را بازی کرد.
}
js-announce-your-move = نوبت شماست.
# Under a store's count in games whose captures leave the board.
js-store-removed = برداشته‌شده

## چرا بازی تمام شد (reason_code)

js-reason-resigned = { $side ->
    [south] جنوب کناره گرفت.
   *[north] شمال کناره گرفت.
}
js-reason-no-moves = { $side ->
    [south] بازی تمام شد: جنوب هیچ حرکت مجازی نداشت.
   *[north] بازی تمام شد: شمال هیچ حرکت مجازی نداشت.
}
js-reason-board-empty = بازی تمام شد: صفحه خالی است.
js-reason-repetition = بازی تمام شد: وضعیتی دوباره پیش آمد.
js-reason-majority = بازی تمام شد: یک بازیکن بیش از نیمی از دانه‌ها را دارد.
js-reason-endless = بازی تمام شد: کاشتی بازی شد که هرگز پایان نمی‌یابد.
js-reason-row-empty = بازی تمام شد: یک ردیف خالی است.
js-reason-ply-limit = بازی به سقف { $limit } حرکت رسید و مساوی است.
js-reason-too-few-seeds = بازی تمام شد: دانه‌های باقی‌مانده آن‌قدر کم است که نتیجه را تغییر نمی‌دهد.

## پاسخ‌های ردِ کارگزار، بر پایهٔ کد خطا

js-error-illegal-move = این حرکت این‌جا مجاز نیست.
js-error-not-your-turn = نوبت شما نیست.
js-error-stale = بازی در این میان تغییر کرده است؛ دوباره بارگذاری شد.
js-error-game-over = بازی پیش‌تر تمام شده است.
js-error-seats-taken = هر دو جای این بازی گرفته شده است؛ می‌توانید تماشا کنید.
js-error-no-undo = در بازی دو نفر روی دو دستگاه، حرکت‌ها پس گرفته نمی‌شوند.
js-error-nothing-to-undo = حرکتی از شما نیست که پس گرفته شود.
js-error-no-hints = در بازی دو نفر روی دو دستگاه، راهنمایی خاموش است.
js-error-no-free-seat = این بازی جای خالی‌ای برای دعوت کسی ندارد.
js-error-bad-token = جایِ این پیوند از آنِ این بازی نیست.
js-error-missing-token = فقط بازیکنان این بازی می‌توانند این کار را بکنند.
js-error-missing-invite = جای خالی برای کسی است که دعوت شده: پیوندی را که برایتان فرستاده‌اند باز کنید.
js-error-bad-invite = این دعوت جای خالی این بازی را باز نمی‌کند؛ پیوند را دوباره از بازیکن دیگر بخواهید.
js-error-no-such-game = هیچ بازی‌ای با این پیوند نیست.
js-error-unknown-rules = این کارگزار این بازی را نمی‌شناسد.
js-error-rate-limited = درخواست‌های این نشانی بیش از اندازه است: { $seconds ->
    [one] یک ثانیه
   *[other] { $seconds } ثانیه
} دیگر دوباره بکوشید.
js-error-busy = رایانه سرش شلوغ است: کمی بعد دوباره بخواهید.
js-error-too-many-sockets = اتصال‌های زندهٔ این نشانی بیش از اندازه است: چند صفحه را ببندید.
js-error-too-large = درخواست بیش از اندازه بزرگ است.
js-error-timeout = رسیدن درخواست بیش از اندازه طول کشید.
js-error-no-database = بازی بی‌نقص به پایگاه دادهٔ حل‌شدهٔ این بازی نیاز دارد و این کارگزار آن را ندارد.
js-error-internal = کارگزار نتوانست پاسخ دهد؛ چیزی تغییر نکرد، دوباره بکوشید.
js-error-bad-request = کارگزار درخواست را نفهمید: { $error }
js-error-json-required = درخواست به شکل JSON فرستاده نشد.
js-error-not-found = کارگزار در این نشانی چیزی ندارد.
js-error-method-not-allowed = کارگزار این درخواست را این‌جا نمی‌پذیرد.
js-error-bad-json = کارگزار نتوانست درخواست را بخواند: { $error }
js-error-websocket-required = به‌روزرسانی زنده به اتصال WebSocket نیاز دارد و این اتصال برقرار نشد.
js-error-other = کارگزار درخواست را نپذیرفت: { $error }

## راهنمایی

js-hint-move = راهنمایی: { $move } را بازی کنید.
js-hint-even = راهنمایی: { $move } را بازی کنید؛ با بهترین بازی هر دو طرف، بازی برابر تمام می‌شود.
js-hint-ahead = راهنمایی: { $move } را بازی کنید؛ با بهترین بازی هر دو طرف، { $seeds ->
    [one] یک دانه
   *[other] { $seeds } دانه
} جلوتر تمام می‌کنید.
js-hint-behind = راهنمایی: { $move } را بازی کنید؛ با بهترین بازی هر دو طرف، { $seeds ->
    [one] یک دانه
   *[other] { $seeds } دانه
} عقب‌تر تمام می‌کنید.
js-hint-win = راهنمایی: { $move } را بازی کنید؛ با بهترین بازی در کمتر از { $moves ->
    [one] یک حرکت
   *[other] { $moves } حرکت
} می‌برید.
js-hint-loss = راهنمایی: { $move } را بازی کنید؛ با بهترین بازی، حریف در کمتر از { $moves ->
    [one] یک حرکت
   *[other] { $moves } حرکت
} می‌برد.
js-hint-perfect = راهنمایی: { $move } را بازی کنید، انتخاب بازیکن بی‌نقص.
js-hint-line = دنبالهٔ پیش‌بینی‌شده: { $line }.

## بازپخش، تاریخچه، جاها

js-replay-after = { $side ->
    [south] پس از حرکت { $ply }: جنوب { $move } را بازی کرد.
   *[north] پس از حرکت { $ply }: شمال { $move } را بازی کرد.
}
js-history-person = یک نفر
js-history-computer-perfect = رایانه (بازی بی‌نقص)
js-history-computer-level = رایانه (سطح { $level })
js-history-local = دو نفر، یک دستگاه
js-history-result = { $result ->
    [draw] مساوی
    [south] جنوب برد
    [north] شمال برد
   *[playing] در جریان
}
js-history-resigned = { $side ->
    [south] جنوب کناره گرفت
   *[north] شمال کناره گرفت
}
js-seat-link-bad = { $side ->
    [south] جای جنوب در این پیوند کار نمی‌کند؛ نگه داشته نشد.
   *[north] جای شمال در این پیوند کار نمی‌کند؛ نگه داشته نشد.
}
js-store-name-removed = { $name } (برداشته‌شده)
# The status line of a finished game: who won and the score, then why it ended.
js-status-over = { $result }. { $reason }
