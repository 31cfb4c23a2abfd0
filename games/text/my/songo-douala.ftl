# songo-douala ဂိမ်း၏ ရွေးချယ်ထားသော စာသား (မြန်မာ): ဇာတိ၊ ခြုံငုံသုံးသပ်ချက်၊ ရင်းမြစ်။
# English: the [about] table of games/songo-douala.toml. Fields: origin, overview, recorded, source, disagreement-KEY.

origin = ကင်မရွန်း
overview = ကင်မရွန်း ကမ်းရိုးတန်းရှိ Douala လူမျိုးတို့၏ Songo ဖြစ်ပြီး Major Powell-Cotton က 1929 တွင် စုဆောင်းခဲ့သော ဘုတ်များမှ ဖော်ပြခဲ့သည်။ ကျင်း 7 ကျင်းစီရှိသော အတန်းနှစ်တန်းပေါ်တွင် တစ်ကျင်းလျှင် 8 စေ့ဖြင့် နာရီလက်တံအတိုင်း ကြဲ၍ ကစားသည်၊ ပြိုင်ဘက်၏ ကျင်းကို နှစ်စေ့၊ သုံးစေ့ သို့မဟုတ် လေးစေ့ ဖြစ်စေသော နောက်ဆုံးစေ့က ထိုကျင်းနှင့် ၎င်းရှေ့ရှိ ထိုသို့သော ကျင်းများကို စားယူသည်။ နောက်ပိုင်း စာရေးသူများက ၎င်း၏ ဘုတ်နှင့် ဦးတည်ရာကို မှားယွင်းခဲ့ကြပြီး Mancala World ၏ မှတ်တမ်းက ပြင်ဆင်ပေးထားသည်။
source = Mancala World၊ “Songo Douala”၊ P. H. G. Powell-Cotton၊ “A Mancala Board called Songo”၊ Man 31 (1931)
