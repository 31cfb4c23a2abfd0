# halusa ဂိမ်း၏ ရွေးချယ်ထားသော စာသား (မြန်မာ): ဇာတိ၊ ခြုံငုံသုံးသပ်ချက်၊ ရင်းမြစ်။
# English: the [about] table of games/halusa.toml. Fields: origin, overview, recorded, source, disagreement-KEY.

origin = အီရတ်
overview = အောက်စ်ဖို့ဒ် အရှေ့တိုင်းပညာရှင် Thomas Hyde က ဘဂ္ဂဒက်တောင်ဘက် တိုက်ဂရစ်မြစ်ပေါ်ရှိ Seleucia မြို့ဟောင်းနေရာ Tell Umayr တွင် မှတ်တမ်းတင်ခဲ့ပြီး ပုံနှိပ်ထားသော အဟောင်းဆုံး mancala စည်းမျဉ်းများထဲတွင် ပါဝင်သည်။ ၎င်းသည် Al-manqala ပင်ဖြစ်ပြီး ကျင်း 6 ကျင်း၊ တစ်ကျင်းလျှင် 6 စေ့ရှိသော ပိုသေးသည့် ဘုတ်ပေါ်တွင် ကစားသည်၊ သို့သော် စုံကိန်းမှန်သမျှကို ရွှေ့သူ၏ ကိုယ်ပိုင်ဘက်တွင်သာ စားယူသည်၊ ၎င်းသည် အာရပ်ဂိမ်းများကို တူရကီ Mangala နှင့် ဘော်လတစ် ဂျာမန် Bohnenspiel တို့နှင့် ဆက်စပ်ပေးသည်။
source = Mancala World၊ “Halusa”၊ Thomas Hyde၊ “De Ludis Orientalibus” (1694)၊ စာမျက်နှာ 226-232
