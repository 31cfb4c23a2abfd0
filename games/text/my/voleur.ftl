# voleur ဂိမ်း၏ ရွေးချယ်ထားသော စာသား (မြန်မာ): ဇာတိ၊ ခြုံငုံသုံးသပ်ချက်၊ ရင်းမြစ်။
# English: the [about] table of games/voleur.toml. Fields: origin, overview, recorded, source, disagreement-KEY.

origin = ဟေတီ
overview = ဟေတီ ကျောင်းသားကလေးများ၏ ဂိမ်းဖြစ်ပြီး Viktor Bautista i Roca က ဒိုမီနီကန် သမ္မတနိုင်ငံတွင် တွေ့ခဲ့သော ဆရာတစ်ဦးသည် Port-au-Prince ရှိ ကျောင်းတစ်ကျောင်းတွင် သင်ယူခဲ့သည်။ ၎င်း၏ စည်းမျဉ်းသည် ၎င်း၏ အမည် “သူခိုး” ကဲ့သို့ပင် တိုက်ရိုက်ဖြစ်သည်- နောက်ဆုံးမျိုးစေ့ ကျသော ကျင်းကို ထိုကျင်းထဲ ဘာပင်ရှိရှိ၊ ဘုတ်၏ မည်သည့်ဘက်တွင်ပင်ရှိရှိ အမြဲ စားယူသည်၊ ထို့ကြောင့် ရွှေ့ကွက်တိုင်း စားယူပြီး ကျွမ်းကျင်မှုသည် ကျန်ခဲ့မည့်အရာကို ရွေးချယ်ခြင်းတွင် ရှိသည်။
source = Mancala World၊ “Voleur”၊ V. Bautista i Roca၊ “Africa Hidden Inside a Small Hole” (Board Game Studies Colloquium၊ 2005)
