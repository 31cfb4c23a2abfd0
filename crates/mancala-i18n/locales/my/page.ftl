# ဂိမ်းစာမျက်နှာ၏ အပိုင်းခေါင်းစဉ်များ (မြန်မာ)။ ရင်းမြစ်စာမျက်နှာများ၏ စကားလုံးများ။

section-type = ဂိမ်းအမျိုးအစား
section-play-this-game = ဤဂိမ်းကို ကစားပါ
section-overview = ခြုံငုံသုံးသပ်ချက်
section-board = ကစားဘုတ်
section-play = ကစားနည်း
section-capture = စားယူခြင်း
section-end = ဂိမ်းအဆုံးသတ်ခြင်းနှင့် အနိုင်ရခြင်း
section-house-rules = အိမ်တွင်း စည်းမျဉ်းများ
section-notes = မှတ်စုများ
section-source = ရင်းမြစ်

page-origin = ကစားသည့်နေရာ: { $place }

house-rule = အိမ်တွင်း စည်းမျဉ်း၊ ရင်းမြစ်များတွင် ဖော်ပြမထားပါ: { $rule }
sources-disagree = ရင်းမြစ်များ မတူညီကြပါ: { $note }

type-line = ကစားသမား နှစ်ဦး၊ တစ်တန်းလျှင် ကျင်း { $holes } ကျင်းပါသော နှစ်တန်း mancala { $stores ->
        [yes] ကျီပါသည်
       *[no] ကျီမပါ
    }၊ တစ်ကျင်းလျှင် မျိုးစေ့ { $seeds } စေ့၊ { $dir ->
        [cw] နာရီလက်တံအတိုင်း
       *[ccw] နာရီလက်တံပြောင်းပြန်
    } { $laps ->
        [relay] အဆက်မပြတ် ဆက်ကြဲခြင်း
       *[single] တစ်ပတ်တည်း ကြဲခြင်း
    }။
