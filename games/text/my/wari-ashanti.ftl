# wari-ashanti ဂိမ်း၏ ရွေးချယ်ထားသော စာသား (မြန်မာ): ဇာတိ၊ ခြုံငုံသုံးသပ်ချက်၊ ရင်းမြစ်။
# English: the [about] table of games/wari-ashanti.toml. Fields: origin, overview, recorded, source, disagreement-KEY.

origin = ဂါနာ
overview = ကိုလိုနီ အရာရှိ A. W. Cardinall က 1910 နှင့် 1920 ပြည့်လွန်နှစ်များတွင် Gold Coast ရှိ Ashanti လူမျိုးတို့ကြားတွင် မြင်ခဲ့သော wari ဖြစ်ပြီး ခေတ်သစ် Oware ၏ စည်းမျဉ်းများ မသတ်မှတ်မီက ဖြစ်သည်။ Oware ကဲ့သို့ ကျင်းတိုင်းတွင် 4 စေ့ဖြင့် စသော်လည်း စားယူရန် ပြိုင်ဘက်ဘက်ရှိ ကျင်းတစ်ကျင်းကို 6 စေ့ အတိအကျ ဖြစ်စေရမည်၊ ထို့ကြောင့် ကစားပုံ နှေးကွေးပြီး ကျင်းများကို စားယူခြင်းမပြုမီ စိတ်ရှည်စွာ တည်ဆောက်ရသည်။
source = A. W. Cardinall၊ “In Ashanti and Beyond” (1927)၊ စာမျက်နှာ 254၊ Digital Ludeme Project (Ludii)၊ “Wari”
