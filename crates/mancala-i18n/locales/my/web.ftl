# ဝက်ဘ်စာမျက်နှာ (crates/mancala-web)။ ဝေါဟာရ: ကျင်း၊ မျိုးစေ့၊ ကျီ၊ ကြဲချခြင်း၊ စားယူခြင်း။

## Chrome

web-brand = မန်ကာလာ
web-nav-games = ဂိမ်းများ
web-nav-new = ဂိမ်းအသစ်
web-nav-history = ကစားခဲ့သော ဂိမ်းများ
web-nav-label = အဓိက
web-lang-label = ဘာသာစကား
web-digits-label = ဂဏန်း
web-digits-native = { $lang ->
    [fa] ပါရှန်းဂဏန်း (۱۲۳)
    [my] မြန်မာဂဏန်း (၁၂၃)
   *[other] ကိုယ်ပိုင်ဂဏန်း
}
web-digits-latin = လက်တင်ဂဏန်း (123)

## Catalogue

web-catalogue-title = မန်ကာလာ ဂိမ်းများ
web-catalogue-intro = ဤနေရာတွင် မန်ကာလာမိသားစုမှ ဂိမ်း { $count } မျိုးကို ကစားနိုင်သည်။ ဂိမ်းတစ်ခု၏ စာမျက်နှာကိုဖွင့်၍ ကစားနည်းကိုဖတ်ပြီးနောက် လူတစ်ဦး သို့မဟုတ် ကွန်ပျူတာနှင့် ကစားပါ။
web-filter-legend = ဂိမ်းရှာရန်
web-search-label = အမည်
web-search-placeholder = အမည်ဖြင့် ရှာပါ
web-filter-region = ဒေသ
web-filter-size = တစ်တန်းလျှင် ကျင်း
web-filter-stores = ကျီ
web-filter-mechanism = စည်းမျဉ်း
web-filter-any = အားလုံး
web-stores-yes = ကျီပါသည်
web-stores-no = ကျီမပါ
web-mech-extra-turn = အလှည့်ထပ်ရခြင်း
web-mech-relay = ဆက်တိုက်ကြဲချခြင်း
web-mech-capture = စားယူခြင်း
web-mech-no-capture = စားယူခြင်းမရှိ
web-size-option = ကျင်း { $holes } ကျင်း
web-catalogue-shown = ဂိမ်း { $total } မျိုးအနက် { $shown } မျိုးကို ပြထားသည်။
web-catalogue-none = ဤရွေးချယ်မှုများနှင့် ကိုက်ညီသော ဂိမ်းမရှိပါ။
web-filter-reset = ဂိမ်းအားလုံးကို ပြပါ
web-entry-board = ကျင်း { $holes } ကျင်းစီပါသော တန်း 2 တန်း၊ အစတွင် ကျင်းတစ်ကျင်းလျှင် မျိုးစေ့ { $seeds } စေ့။
web-entry-stores-yes = ကစားသမားတစ်ဦးစီတွင် ကျီတစ်ခုရှိသည်။
web-entry-stores-no = ကျီမရှိပါ။
web-entry-open = { $name } အကြောင်း ဖတ်ရန်

## Regions

web-region-northern-africa = အာဖရိကမြောက်ပိုင်း
web-region-western-africa = အာဖရိကအနောက်ပိုင်း
web-region-eastern-africa = အာဖရိကအရှေ့ပိုင်း
web-region-central-africa = အာဖရိကအလယ်ပိုင်း
web-region-southern-africa = အာဖရိကတောင်ပိုင်း
web-region-americas = အမေရိကတိုက်
web-region-caribbean = ကာရစ်ဘီယံ
web-region-western-asia = အာရှအနောက်ပိုင်း
web-region-southern-asia = အာရှတောင်ပိုင်း
web-region-south-eastern-asia = အရှေ့တောင်အာရှ
web-region-eastern-asia = အရှေ့အာရှ
web-region-central-asia = အာရှအလယ်ပိုင်း
web-region-europe = ဥရောပ
web-region-oceania = သမုဒ္ဒရာဒေသ
web-region-unknown = ဒေသ မှတ်တမ်းမရှိ

## Game page

web-game-back = ဂိမ်းအားလုံး
web-board-figure = { $name } ၏ အစပိုင်း ကစားဘုတ်။
web-board-south = တောင်
web-board-north = မြောက်
web-board-south-store = တောင်ဘက်၏ ကျီ
web-board-north-store = မြောက်ဘက်၏ ကျီ
web-board-caption = မျိုးစေ့ စုစုပေါင်း { $total } စေ့။ အနီးတန်းသည် တောင်ဘက်၏ဖြစ်ပြီး အဝေးတန်းသည် မြောက်ဘက်၏ဖြစ်သည်၊ စာလုံးများသည် ကျင်းများ၏ အမည်ဖြစ်သည်။
web-game-unknown = “{ $name }” ဟုခေါ်သော ဂိမ်းမရှိပါ။
web-not-found-title = စာမျက်နှာ မတွေ့ပါ
web-not-found-back = ဂိမ်းအားလုံးကို ကြည့်ရန်

## The play page (static parts)

web-play-title = မန်ကာလာ
web-home-label = မန်ကာလာ၊ ဂိမ်းအသစ်
web-setup-title = ဂိမ်းအသစ်
web-setup-game = ဂိမ်း
web-setup-full-rules = စည်းမျဉ်းအပြည့်အစုံ
web-setup-read-page = ဂိမ်း၏ စာမျက်နှာကို ဖတ်ရန်
web-setup-opponent = ပြိုင်ဘက်
web-setup-computer = ကွန်ပျူတာ၊ အဆင့်
web-setup-level = ကွန်ပျူတာ အဆင့်
web-setup-level-1 = 1 (ကျပန်း)
web-setup-level-2 = 2 (လောဘကြီး)
web-setup-level-9 = 9 (အားအကောင်းဆုံး)
web-setup-local = ဤစက်ပေါ်ရှိ လူတစ်ဦး
web-setup-remote = အခြားနေရာရှိ လူတစ်ဦး (လင့်ခ်မျှဝေပါ)
web-setup-perfect = အပြည့်အဝ မှန်ကန်သော ကစားနည်း
web-setup-side = သင့်ဘက်
web-setup-south = တောင် (အနီးတန်း)
web-setup-north = မြောက် (အဝေးတန်း)
web-setup-start = ဂိမ်းစတင်ပါ
web-setup-ongoing = သင် ကစားနေဆဲ ဂိမ်းများ
web-play-game = ဂိမ်း
web-play-share = ဤလင့်ခ်ကို အခြားကစားသမားထံ ပို့ပါ:
web-play-copy = ကူးယူရန်
web-play-seat-free = ဤဂိမ်းတွင် နေရာလွတ်တစ်ခုရှိသည်။
web-play-take-seat = နေရာလွတ်ကို ယူပါ
web-play-board = ကစားဘုတ်
web-play-pass = အလှည့်ကျော်ရန်
web-play-undo = နောက်ပြန်ရန်
web-play-hint = အကြံပြုချက်
web-play-resign = အရှုံးပေးရန်
web-play-animate = ကြဲချခြင်းကို ပြရန်
web-play-moves = ရွှေ့ကွက်များ
web-play-export = မှတ်တမ်း ထုတ်ယူရန်
web-play-copy-record = မှတ်တမ်း ကူးယူရန်
web-play-replay = ပြန်ကြည့်ရန်
web-play-keys = ခလုတ်များ: ကျင်း၏စာလုံးသည် ထိုကျင်းကို ကစားသည် (တောင် A B …၊ မြောက် a b …၊ စာလုံးအကြီးအသေး မခွဲပါ)၊ “.” သည် အလှည့်ကျော်သည်။
web-history-title = ကစားခဲ့သော ဂိမ်းများ
web-history-when = အချိန်
web-history-game = ဂိမ်း
web-history-players = တောင် – မြောက်
web-history-moves = ရွှေ့ကွက်
web-history-result = ရလဒ်
web-history-more = နောက်ထပ်
web-history-import = မှတ်တမ်း တင်သွင်းရန်
web-history-import-label = တင်သွင်းမည့် မှတ်တမ်း
web-history-import-button = တင်သွင်းပါ
web-replay-title = ပြန်ကြည့်ရန်
web-replay-start = အစ
web-replay-previous = ယခင်ရွှေ့ကွက်
web-replay-move = ရွှေ့ကွက်
web-replay-next = နောက်ရွှေ့ကွက်
web-replay-end = အဆုံး
web-replay-open = ဂိမ်းကို ဖွင့်ရန်
web-result-title = ဂိမ်းပြီးဆုံးပါပြီ
web-result-new = ဂိမ်းအသစ်
web-result-replay = ပြန်ကြည့်ရန်
web-result-close = ပိတ်ရန်

## The play page's script

js-unreachable = ဆာဗာသို့ မရောက်နိုင်ပါ: ချိတ်ဆက်မှုကို စစ်ဆေးပြီး ထပ်ကြိုးစားပါ။
js-busy = ဆာဗာ အလုပ်များနေသည်: { $error }
js-cannot-reach = ဆာဗာသို့ မရောက်နိုင်ပါ: { $error }
js-side = { $side ->
    [south] တောင်
   *[north] မြောက်
}
js-setup-south-first = တောင် (အနီးတန်း)၊ ပထမဦးစွာ ရွှေ့သည်
js-setup-north-first = မြောက် (အဝေးတန်း)၊ ပထမဦးစွာ ရွှေ့သည်
js-title-new = မန်ကာလာ: ဂိမ်းအသစ်
js-title-game = မန်ကာလာ: { $name }
js-game-variant = { $name }: တန်းတစ်တန်းလျှင် ကျင်း { $holes } ကျင်း၊ ကျင်းတစ်ကျင်းလျှင် မျိုးစေ့ { $seeds } စေ့
js-game-variant-first = { $game }၊ { $side ->
    [south] တောင် ပထမဦးစွာ ရွှေ့သည်
   *[north] မြောက် ပထမဦးစွာ ရွှေ့သည်
}
js-title-history = မန်ကာလာ: ကစားခဲ့သော ဂိမ်းများ
js-title-replay = မန်ကာလာ: ပြန်ကြည့်ရန်
js-ongoing = { $name }: { $players }၊ ရွှေ့ကွက် { $moves } ကွက်
js-hole-title = { $hole }: မျိုးစေ့ { $seeds } စေ့
js-hole-play = { $hole } ကို ကစားရန် (မျိုးစေ့ { $seeds } စေ့)
js-computer-level = ကွန်ပျူတာ (အဆင့် 9 ဆင့်အနက် { $level })
js-computer-perfect = ကွန်ပျူတာ (အပြည့်အဝ မှန်ကန်သော ကစားနည်း)
js-players-local = ဤစက်ပေါ်ရှိ ကစားသမား နှစ်ဦး: တောင် (အနီးတန်း) နှင့် မြောက် (အဝေးတန်း)
js-players = တောင်: { $south } · မြောက်: { $north }
js-player-you = သင်
js-player-free = နေရာလွတ်
js-player-opponent = သင့်ပြိုင်ဘက်
js-player-person = လူတစ်ဦး
js-status-thinking = ကွန်ပျူတာ စဉ်းစားနေသည်…
js-status-waiting-join = အခြားကစားသမား ဝင်လာရန် စောင့်နေသည်…
js-status-to-move = { $side ->
    [south] တောင်ဘက်၏ အလှည့်
   *[north] မြောက်ဘက်၏ အလှည့်
}
js-status-your-move = သင့်အလှည့်
js-status-watching = { $side ->
    [south] တောင်ဘက်၏ အလှည့် (သင် ကြည့်နေသည်)
   *[north] မြောက်ဘက်၏ အလှည့် (သင် ကြည့်နေသည်)
}
js-status-waiting-for = { $side ->
    [south] တောင်ဘက်ကို စောင့်နေသည်…
   *[north] မြောက်ဘက်ကို စောင့်နေသည်…
}
js-result-draw = သရေ
js-result-win = သင် နိုင်ပါပြီ!
js-result-lose = သင် ရှုံးပါပြီ
js-result-side-wins = { $side ->
    [south] တောင်ဘက် နိုင်သည်
   *[north] မြောက်ဘက် နိုင်သည်
}
js-result-leftover = ဘုတ်ပေါ်တွင် ကျန်သော မျိုးစေ့များသည် ပိုင်ရှင်များထံ ရောက်သွားသည်: တောင် +{ $south }၊ မြောက် +{ $north }။
js-result-leftover-split = ဘုတ်ပေါ်တွင် ကျန်သော မျိုးစေ့များကို ခွဲဝေလိုက်သည်: တောင် +{ $south }၊ မြောက် +{ $north }။
js-seat-free = { $side ->
    [south] တောင်ဘက်နေရာ လွတ်နေသည်: ကစားရန် ယူပါ၊ သို့မဟုတ် ကြည့်ရုံသာ ကြည့်ပါ။
   *[north] မြောက်ဘက်နေရာ လွတ်နေသည်: ကစားရန် ယူပါ၊ သို့မဟုတ် ကြည့်ရုံသာ ကြည့်ပါ။
}
js-resign-really = တကယ် အရှုံးပေးမလား?
js-loading = ဖွင့်နေသည်…
js-no-such-game = ဤလင့်ခ်ဖြင့် ဂိမ်းမရှိပါ ({ $id })။
js-connection-lost = ချိတ်ဆက်မှု ပြတ်သွားသည်၊ ပြန်ချိတ်နေသည်…
js-no-games = ဂိမ်း မရှိသေးပါ။
js-link-copied = လင့်ခ် ကူးယူပြီးပါပြီ။
js-record-copied = မှတ်တမ်း ကူးယူပြီးပါပြီ။
js-replay-title = ပြန်ကြည့်ရန်: { $name }
js-replay-start = အစ
js-announce-computer = ကွန်ပျူတာက { $move } ကို ကစားသည်။
js-announce-opponent = သင့်ပြိုင်ဘက်က { $move } ကို ကစားသည်။
js-announce-side = { $side ->
    [south] တောင်ဘက်က { $move } ကို ကစားသည်။
   *[north] မြောက်ဘက်က { $move } ကို ကစားသည်။
}
js-announce-your-move = သင့်အလှည့်။
# Under a store's count in games whose captures leave the board.
js-store-removed = ဖယ်ရှားပြီး

## ဂိမ်း ပြီးဆုံးရသည့် အကြောင်းရင်း (reason_code)

js-reason-resigned = { $side ->
    [south] တောင်ဘက်က အရှုံးပေးသည်။
   *[north] မြောက်ဘက်က အရှုံးပေးသည်။
}
js-reason-no-moves = { $side ->
    [south] ဂိမ်းပြီးဆုံးသည်: တောင်ဘက်တွင် ရွှေ့ခွင့်ရှိသော ရွှေ့ကွက် မရှိတော့ပါ။
   *[north] ဂိမ်းပြီးဆုံးသည်: မြောက်ဘက်တွင် ရွှေ့ခွင့်ရှိသော ရွှေ့ကွက် မရှိတော့ပါ။
}
js-reason-board-empty = ဂိမ်းပြီးဆုံးသည်: ဘုတ်ပေါ်တွင် ဘာမျှ မကျန်တော့ပါ။
js-reason-repetition = ဂိမ်းပြီးဆုံးသည်: အနေအထားတစ်ခု ပြန်ပေါ်လာသည်။
js-reason-majority = ဂိမ်းပြီးဆုံးသည်: ကစားသမားတစ်ဦးတွင် မျိုးစေ့ တစ်ဝက်ထက် ပို၍ ရှိသည်။
js-reason-endless = ဂိမ်းပြီးဆုံးသည်: ဘယ်တော့မှ မဆုံးသော ကြဲခြင်းကို ကစားလိုက်သည်။
js-reason-row-empty = ဂိမ်းပြီးဆုံးသည်: အတန်းတစ်တန်း ဗလာဖြစ်သွားသည်။
js-reason-ply-limit = ဂိမ်းသည် ရွှေ့ကွက် { $limit } ကွက် ကန့်သတ်ချက်သို့ ရောက်သဖြင့် သရေဖြစ်သည်။
js-reason-too-few-seeds = ဂိမ်းပြီးဆုံးသည်: ကျန်သော မျိုးစေ့များသည် ရလဒ်ကို မပြောင်းလဲနိုင်လောက်အောင် နည်းသည်။

## ဆာဗာ၏ ငြင်းပယ်ချက်များ (အမှားကုဒ်အလိုက်)

js-error-illegal-move = ဤရွှေ့ကွက်ကို ဤနေရာတွင် ခွင့်မပြုပါ။
js-error-not-your-turn = သင့်အလှည့် မဟုတ်ပါ။
js-error-stale = ဂိမ်းသည် ကြားထဲတွင် ပြောင်းလဲသွားသဖြင့် ပြန်ဖွင့်ထားသည်။
js-error-game-over = ဂိမ်း ပြီးဆုံးသွားပြီ။
js-error-seats-taken = ဤဂိမ်း၏ နေရာနှစ်ခုစလုံး ယူပြီးဖြစ်သည်၊ ကြည့်ရှုနိုင်ပါသည်။
js-error-no-undo = စက်နှစ်လုံးပေါ်ရှိ လူနှစ်ဦး ဂိမ်းတွင် ရွှေ့ကွက်များကို ပြန်ရုပ်သိမ်း၍ မရပါ။
js-error-nothing-to-undo = ပြန်ရုပ်သိမ်းရန် သင်၏ ရွှေ့ကွက် မရှိပါ။
js-error-no-hints = စက်နှစ်လုံးပေါ်ရှိ လူနှစ်ဦး ဂိမ်းတွင် အကြံပြုချက်များ ပိတ်ထားသည်။
js-error-no-free-seat = ဤဂိမ်းတွင် တစ်စုံတစ်ဦးကို ဖိတ်ရန် လွတ်နေသော နေရာ မရှိပါ။
js-error-bad-token = ဤလင့်ခ်ရှိ နေရာသည် ဤဂိမ်းနှင့် မသက်ဆိုင်ပါ။
js-error-missing-token = ဤဂိမ်း၏ ကစားသမားသာ ဤအရာကို လုပ်နိုင်သည်။
js-error-missing-invite = လွတ်နေသော နေရာသည် ဖိတ်ခံရသူအတွက် ဖြစ်သည်: သင့်ထံ ပို့ထားသော လင့်ခ်ကို ဖွင့်ပါ။
js-error-bad-invite = ဤဖိတ်ကြားချက်သည် ဤဂိမ်း၏ လွတ်နေသော နေရာကို မဖွင့်ပေးပါ၊ အခြားကစားသမားထံ လင့်ခ်ကို ထပ်တောင်းပါ။
js-error-no-such-game = ဤလင့်ခ်ဖြင့် ဂိမ်း မရှိပါ။
js-error-unknown-rules = ဤဆာဗာသည် ထိုဂိမ်းကို မသိပါ။
js-error-rate-limited = ဤလိပ်စာမှ တောင်းဆိုမှုများ လွန်နေသည်: { $seconds } စက္ကန့်အကြာတွင် ထပ်ကြိုးစားပါ။
js-error-busy = ကွန်ပျူတာ အလုပ်များနေသည်: ခဏနေမှ ထပ်တောင်းပါ။
js-error-too-many-sockets = ဤလိပ်စာမှ တိုက်ရိုက်ချိတ်ဆက်မှုများ လွန်နေသည်: စာမျက်နှာအချို့ကို ပိတ်ပါ။
js-error-too-large = တောင်းဆိုမှု ကြီးလွန်းသည်။
js-error-timeout = တောင်းဆိုမှု ရောက်ရန် ကြာလွန်းသည်။
js-error-no-database = အကောင်းဆုံး ကစားနည်းအတွက် ဤဂိမ်း၏ ဖြေရှင်းပြီး ဒေတာဘေ့စ် လိုအပ်ပြီး ဤဆာဗာတွင် မရှိပါ။
js-error-internal = ဆာဗာ မဖြေနိုင်ပါ၊ ဘာမျှ မပြောင်းလဲပါ၊ ထပ်ကြိုးစားပါ။
js-error-bad-request = ဆာဗာသည် တောင်းဆိုမှုကို နားမလည်ပါ: { $error }
js-error-json-required = တောင်းဆိုမှုကို JSON အဖြစ် မပို့ခဲ့ပါ။
js-error-not-found = ဤလိပ်စာတွင် ဆာဗာ၌ ဘာမျှ မရှိပါ။
js-error-method-not-allowed = ဆာဗာသည် ဤနေရာတွင် ဤတောင်းဆိုမှုကို ခွင့်မပြုပါ။
js-error-bad-json = ဆာဗာသည် တောင်းဆိုမှုကို မဖတ်နိုင်ပါ: { $error }
js-error-websocket-required = တိုက်ရိုက် အပ်ဒိတ်များအတွက် WebSocket ချိတ်ဆက်မှု လိုအပ်ပြီး ၎င်း မအောင်မြင်ပါ။
js-error-other = ဆာဗာက တောင်းဆိုမှုကို ငြင်းပယ်သည်: { $error }

## အကြံပြုချက်များ

js-hint-move = အကြံပြုချက်: { $move } ကို ကစားပါ။
js-hint-even = အကြံပြုချက်: { $move } ကို ကစားပါ၊ နှစ်ဘက်စလုံး အကောင်းဆုံး ကစားလျှင် ဂိမ်းသည် သရေဖြင့် ပြီးဆုံးမည်။
js-hint-ahead = အကြံပြုချက်: { $move } ကို ကစားပါ၊ နှစ်ဘက်စလုံး အကောင်းဆုံး ကစားလျှင် သင်သည် မျိုးစေ့ { $seeds } စေ့ ပို၍ ပြီးဆုံးမည်။
js-hint-behind = အကြံပြုချက်: { $move } ကို ကစားပါ၊ နှစ်ဘက်စလုံး အကောင်းဆုံး ကစားလျှင် သင်သည် မျိုးစေ့ { $seeds } စေ့ လို၍ ပြီးဆုံးမည်။
js-hint-win = အကြံပြုချက်: { $move } ကို ကစားပါ၊ အကောင်းဆုံး ကစားလျှင် ရွှေ့ကွက် { $moves } ကွက်အတွင်း သင် နိုင်မည်။
js-hint-loss = အကြံပြုချက်: { $move } ကို ကစားပါ၊ အကောင်းဆုံး ကစားလျှင် ရွှေ့ကွက် { $moves } ကွက်အတွင်း ပြိုင်ဘက် နိုင်မည်။
js-hint-perfect = အကြံပြုချက်: { $move } ကို ကစားပါ၊ အကောင်းဆုံး ကစားသူ၏ ရွေးချယ်မှု ဖြစ်သည်။
js-hint-line = မျှော်မှန်းထားသော ရွှေ့ကွက်စဉ်: { $line }။

## ပြန်ကြည့်ခြင်း၊ မှတ်တမ်း၊ နေရာများ

js-replay-after = { $side ->
    [south] ရွှေ့ကွက် { $ply } ပြီးနောက်: တောင်ဘက်က { $move } ကို ကစားသည်။
   *[north] ရွှေ့ကွက် { $ply } ပြီးနောက်: မြောက်ဘက်က { $move } ကို ကစားသည်။
}
js-history-person = လူတစ်ဦး
js-history-computer-perfect = ကွန်ပျူတာ (အကောင်းဆုံး ကစားနည်း)
js-history-computer-level = ကွန်ပျူတာ (အဆင့် { $level })
js-history-local = လူနှစ်ဦး၊ စက်တစ်လုံး
js-history-result = { $result ->
    [draw] သရေ
    [south] တောင်ဘက် နိုင်သည်
    [north] မြောက်ဘက် နိုင်သည်
   *[playing] ကစားဆဲ
}
js-history-resigned = { $side ->
    [south] တောင်ဘက်က အရှုံးပေးသည်
   *[north] မြောက်ဘက်က အရှုံးပေးသည်
}
js-seat-link-bad = { $side ->
    [south] ဤလင့်ခ်ရှိ တောင်ဘက်နေရာ အလုပ်မလုပ်ပါ၊ မသိမ်းထားပါ။
   *[north] ဤလင့်ခ်ရှိ မြောက်ဘက်နေရာ အလုပ်မလုပ်ပါ၊ မသိမ်းထားပါ။
}
js-store-name-removed = { $name } (ဖယ်ရှားပြီး)
# The status line of a finished game: who won and the score, then why it ended.
js-status-over = { $result }။ { $reason }
