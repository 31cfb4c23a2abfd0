# kalah-empty-capture ဂိမ်း၏ ရွေးချယ်ထားသော စာသား (မြန်မာ): ဇာတိ၊ ခြုံငုံသုံးသပ်ချက်၊ မှတ်တမ်းတင်သူ၊ ရင်းမြစ်။
# English: the [about] table of games/kalah-empty-capture.toml. Fields: origin, overview, recorded, source, disagreement-KEY.

name = Kalah (မျက်နှာချင်းဆိုင်ကျင်း ဗလာဖြစ်လျှင်လည်း စားယူ)
origin = အမေရိကန်ပြည်ထောင်စု
overview = Irving, Donkers နှင့် Uiterwijk တို့ 2000 ခုနှစ်တွင် ဖြေရှင်းခဲ့သော Kalah: မိမိအတန်းရှိ ဗလာကျင်းထဲ ကျသော နောက်ဆုံးမျိုးစေ့သည် မျက်နှာချင်းဆိုင်ကျင်း ဗလာဖြစ်နေလျှင်ပင် ကျီထဲ ရောက်သည်။ ကျန်အရာအားလုံးမှာ ကျီများနှင့် အပိုရွှေ့ကွက်များပါသော ပုံမှန် Kalah ဖြစ်သည်။
source = Irving, Donkers နှင့် Uiterwijk၊ “Solving Kalah” (2000)
