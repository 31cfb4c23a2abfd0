# micro-wari ဂိမ်း၏ ရွေးချယ်ထားသော စာသား (မြန်မာ): ဇာတိ၊ ခြုံငုံသုံးသပ်ချက်၊ ရင်းမြစ်။
# English: the [about] table of games/micro-wari.toml. Fields: origin, overview, recorded, source, disagreement-KEY.

origin = ပြင်သစ်
overview = သင်္ချာပညာရှင် Assia Popova နှင့် André Deledicq တို့က Wari အကြောင်း ၎င်းတို့၏ ပြင်သစ်စာအုပ်အတွက် 1977 တွင် တီထွင်ခဲ့သော ခေတ်သစ် ဂိမ်းငယ်ဖြစ်သည်- ကျင်း 2 ကျင်းစီရှိသော အတန်းနှစ်တန်း၊ ကျင်းတိုင်းတွင် 1 စေ့၊ စုစုပေါင်း 4 စေ့။ ပြိုင်ဘက်ဘက်ရှိ ဗလာကျင်းတွင် အဆုံးသတ်သော မျိုးစေ့ကို စားယူသည်။ ယခုထိ ဖော်ပြခဲ့သော အသေးဆုံး mancala ဂိမ်းများထဲတွင် ပါဝင်ပြီး တစ်ချက်ကြည့်ရုံဖြင့် ဖြေရှင်းနိုင်သဖြင့် ကြိုတင်ရေတွက်ခြင်း၏ ပထမဆုံး သင်ခန်းစာကောင်း ဖြစ်သည်။
source = Mancala World၊ “Micro-Wari”၊ A. Deledicq နှင့် A. Popova၊ “Wari et Solo: le jeu de calcul africain” (1977)၊ စာမျက်နှာ 162-176
