package typolint

import "testing"

// TestReview3Ja checks each rule of the Japanese review of 2026-11-29 on
// the fault as the review quoted it and on the corrected sentence.
func TestReview3Ja(t *testing.T) {
	tests := []struct {
		text, rule string // rule "" = clean
	}{
		{"r7c9は7か8のどれでもない（そこはx）", "a negated or-list the English way (Japanese says 7でも8でもない)"},
		{"r7c9は7でも8でもない（そこはx）", ""},
		{"r1c3が9なら、r1c1は4（r3c2が空になる）、8（r1c9が空になる）か9（1行目で重複）になれません。", "a negated or-list the English way (Japanese says 7でも8でもない)"},
		{"r1c3が9なら、r1c1は4（r3c2が空になる）でも8（r1c9が空になる）でも9（1行目で重複）でもありえません。", ""},
		{"r3c5は9（r3c4が空になる）になれませんとr3c6は2（ブロック2で重複）", "a negated or-list the English way (Japanese says 7でも8でもない)"},
		{"r3c5は9（r3c4が空になる）ではありえず、r3c6は2（ブロック2で重複）でも9（r3c4が空になる）でもありえません；", ""},
		{"r3c3とr1c2はブロック1を共有しているので、4になれるのは多くてどちらか一方です。", "多くて with a choice (it goes with a number)"},
		{"5を持てるのは多くて片方の組だけです。", "多くて with a choice (it goes with a number)"},
		{"r3c3とr1c2はブロック1を共有しているので、4になれるのはどちらか一方だけです。", ""},
		{"2、5と9はどれも4マスのうち多くて1マスしか埋められません。", "spoken 多くて before a count (ja)"},
		{"したがって、両方の組の3の場所すべてから見えるマスはその数字になれません。", "その数字 after a single digit named"},
		{"したがって、すべての花びらのどの9からも見えるマスはその数字になれません。", "その数字 after a single digit named"},
		{"したがって、両方の組の3の場所すべてから見えるマスは3になれません。", ""},
		{"よって、AとEのどの6か9からも見えるマスはその数字になれません。", ""},
		{"5のない組は確定します（マスの数と残りの数字の数が同じなので、残りの数字はすべてその組に入る）ので、", "a polite verb before ので in a subordinate clause"},
		{"5のない組は確定する（マスの数と残りの数字の数が同じなので、残りの数字はすべてその組に入る）ので、", ""},
		{"これらは8を1つずつしか持てないので、1、2、5、7列目の8は1、2、", "a list of numbers broken at a line end"},
		{"これらは8を1つずつしか持てないので、", ""},
		{"（r1c1、r3c7、r4c3、r4c5、r4c6、r4c7、", ""},
		{"したがって、AとBのどの1、3と4からも見えるマスはその数字になれません。", ""},
		{"西尾（Nishio Forcing Chain）を試しましょう。", "a term the Japanese style sheet replaced"},
		{"西尾メソッド（Nishio Forcing Chain）を試しましょう。", ""},
		{"候補数を表示", "a term the Japanese style sheet replaced"},
		{"西尾は1つの数字だけを追います。", "a term the Japanese style sheet replaced"},
		{"西尾メソッドは1つの数字だけを追います。", ""},
		{"組が2つならほぼロックされた集合（ALS-XZ）、3つならALS-XY-Wingです。", "a term the Japanese style sheet replaced"},
		{"候補数字を表示", ""},
		{"セル・フォーシングチェーン（Cell/Region Forcing Chain）", "a term the Japanese style sheet replaced"},
		{"コードをコピーしました。/数独新規とこのコードで誰でも遊べます。", "a term the Japanese style sheet replaced"},
		{"1つの共有ボードか1つのレースで遊びます。", "a term the Japanese style sheet replaced"},
		{"自分の2つの数字で自分自身とつながるマスはその2つのどちらかです。", "a calque the review of 2026-11-29 named (ja)"},
		{"いくつかのマスが盤面とBUG（空きマスすべての候補数字が2つ）の間にあるとき", "a calque the review of 2026-11-29 named (ja)"},
		{"いくつかのマスの余分な候補数字を除くと盤面がBUG（空きマスすべての候補数字が2つ）になるとき", ""},
		{"2つの数字があるハウスで同じ2マスにしか入らないとき", "a calque the review of 2026-11-29 named (ja)"},
		{"あるハウスで、2つの数字が同じ2マスにしか入らないとき", ""},
		{"r1c9は1行目でr1c1（C）を見る、そしてr4c2は2列目でr3c2（D）を見る。", "a calque the review of 2026-11-29 named (ja)"},
		{"この2マスにこの2つの数字が入り、4行目かブロック6の他のマスにはどちらも入りません。", "a calque the review of 2026-11-29 named (ja)"},
		{"この2マスにこの2つの数字が入り、4行目とブロック6の他のマスにはどちらも入りません。", ""},
		{"r4c6はそのどれかを取らなければなりません。", "a calque the review of 2026-11-29 named (ja)"},
		{"7は知っているタイムゾーンではありません。", "a calque the review of 2026-11-29 named (ja)"},
		{"7は対応しているタイムゾーンではありません。", ""},
		{"（1日は深夜0時に終わります、Asia/Tokyo）", "a calque the review of 2026-11-29 named (ja)"},
		{"（1通りの場合、どれも矛盾に終わる：完全な証明を見てください）", "a calque the review of 2026-11-29 named (ja)"},
		{"（場合は1通りで、矛盾に終わります：完全な証明を見てください）", ""},
		{"（場合は11通りで、どれも矛盾に終わります）", ""},
		{"数字の組が1つぶつかっています：ブロック7を見てください。", "a calque the review of 2026-11-29 named (ja)"},
		{"2つの数字がぶつかっています：ブロック7を見てください。", ""},
		// The second reading of 2026-11-29.
		{"いくつかの2候補数字マスが共通して見える2つのマスは", "a bivalue-cell compound (Japanese says 候補が2つのマス)"},
		{"2〜3候補数字マス", "a bivalue-cell compound (Japanese says 候補が2つのマス)"},
		{"3候補数字のマス（ピボット）が", "a bivalue-cell compound (Japanese says 候補が2つのマス)"},
		{"これらの各行の候補数字マスに1つずつ", "a bivalue-cell compound (Japanese says 候補が2つのマス)"},
		{"候補が2つだけのマスをいくつか共通して見ている2つのマスは", ""},
		{"これらの各行で8が入りうるマスに1つずつ", ""},
		{"r5c5の候補数字は1つしか残っていません。", ""},
		{"どの数字も必要なハウスごとに2か所になります", "BUG's 必要なハウスごとに (Japanese says まだ入っていないハウスでは)"},
		{"どの数字も必要な行・列・ブロックごとにちょうど2か所です。", "BUG's 必要なハウスごとに (Japanese says まだ入っていないハウスでは)"},
		{"どの数字も、まだ入っていないハウスではちょうど2か所になります", ""},
		{"4の共役ペア（4が2か所にしか入らないハウス）を塗り分けます", "a conjugate pair glossed as a house"},
		{"4の共役ペア（あるハウスで4が入りうる2か所）を塗り分けます", ""},
		{"r1c2、r8c3とr1c3と合わせて、2行・2列・2ブロックにまたがる長方形になります。", "the grammar the second reading of 2026-11-29 named (ja)"},
		{"r1c2、r8c3とr1c3の3マスと合わせて、2行・2列・2ブロックにまたがる長方形になります。", ""},
		{"したがってAはどこも7ではありません。", "the grammar the second reading of 2026-11-29 named (ja)"},
		{"したがってAのマスはどれも7ではありません。", ""},
		{"<#401> にデイリー問題を投稿できません。そこで送信の権限がありません。", "the grammar the second reading of 2026-11-29 named (ja)"},
		{"<#401> にデイリー問題を投稿できません。そのチャンネルでの送信の権限がありません。", ""},
		{"そこでもう一方の数字がどちらかの角に入ると、", ""},
		// The third reading of 2026-11-29.
		{"  r3c5は9（5列目で9の残る唯一の場所）、したがってr3c5は2ではない（1マスに数字は1つ）、r3c4は2（3行目で2の残る唯一の場所）、", "したがって on one link of a chain (ja)"},
		{"  したがってr6c4は1（4列目で1の残る唯一の場所）、r6c4は2ではない（そこは1）。", "したがって on one link of a chain (ja)"},
		{"  r3c5は9（5列目で9の残る唯一の場所）、r3c5は2ではない（1マスに数字は1つ）、するとr3c4は2（3行目で2の残る唯一の場所）、", ""},
		{"  したがって、両方の組の3の場所すべてから見えるマスは3になれません。", ""},
		{"したがってr5c2とr5c3はそれぞれ5か自分の余分な数字です。", ""},
		{"したがって、もう一方の端r3c7とr5c2のどちらかが4です：", "もう一方の端 for two cells (Japanese says 残りの2つの端)"},
		{"したがって、残りの2つの端r3c7とr5c2のどちらかが4です：", ""},
		{"5はAではr1c5、Bではr3c6にあります。その2マスは互いに見えていますので、5を持てるのは片方の組だけです。", "a polite verb before ので in a subordinate clause"},
		{"ループの他のマスはすべて1と5しか持ちませんので、r4c6には…", "a polite verb before ので in a subordinate clause"},
		{"ループの他のマスはすべて1と5しか持たないので、r4c6には…", ""},
		{"Aの5はどれもBの5すべてと見え合っています：5を持てるのは2つのうち多くとも一方です。", "多くとも, the English at most (ja)"},
		{"Aの5はどれもBの5すべてと見え合っているので、5が両方の組に入ることはありません。", ""},
		{"その3つの数字で埋まるのは4マスのうち多くて3マスなので、", "spoken 多くて before a count (ja)"},
		{"その3つの数字で埋められるのは4マスのうち3マスまでなので、", ""},
		{"r1c9は1、6、9行目とブロック3のうち2つに属するので、その数字で2つを同時に埋めてしまうことがあります。", "the English fill two with an unnamed digit (ja)"},
		{"r1c9は1行目とブロック3の両方に属するので、ここにフィッシュの数字が入ると、1マスで2つのベースを同時に満たしてしまいます。", ""},
		{"どちらかがペアのもう一方の数字を取れば、もう一方は4、r9c2とr9c3も決まり、", "two もう一方 with two referents in one clause (ja)"},
		{"どちらかが4でないほうの数字を取れば、残る1マスは4、r9c2とr9c3も決まり、", ""},
		{"3、8列目とブロック8では、5は2、4、9行目にしか入りません。ただしフィンr8c5は別です。\n  どちらにしても、フィッシュが5を消すはずのマスのうち、すべてのフィンから見えるマスは5になれません。", "every fin when the hint named one fin (ja)"},
		{"2、7行目では、2は5列目とブロック8にしか入りません。ただしフィンr2c2は別です。\n  フィッシュが2を消すはずのマスに、すべてのフィンから見えるマスはありませんが、", "every fin when the hint named one fin (ja)"},
		{"3、8列目とブロック8では、5は2、4、9行目にしか入りません。ただしフィンr8c5は別です。\n  どちらにしても、フィッシュが5を消すはずのマスのうち、フィンから見えるマスは5になれません。", ""},
		{"5行目とブロック2では、1は6、9列目にしか入りません。ただしフィンr2c4とr2c5は別です。\n  どちらにしても、フィッシュが1を消すはずのマスのうち、すべてのフィンから見えるマスは1になれません。", ""},
		{"本来消せるマスのうちすべてのフィンから見えるマスからその数字が消えます。", ""},
		{"場合は1通りで、同じ結果になる", "a calque the third reading of 2026-11-29 named (ja)"},
		{"場合は1通りで、この結果になる", ""},
		{"チャンネル設定で私のロールにその権限を与えてから、もう一度実行してください。", "a calque the third reading of 2026-11-29 named (ja)"},
		{"チャンネル設定でボットのロールにその権限を与えてから、もう一度実行してください。", ""},
		{"正解です。これがまさに、ここでこのテクニックが行う手順です。", "a calque the third reading of 2026-11-29 named (ja)"},
		{"ハウス内でその数字が2か所にしか入らない場所どうしと、見え合う場所どうしを交互にたどる", "a calque the third reading of 2026-11-29 named (ja)"},
		{"1つの数字だけを使い、あるハウスでその数字が2か所にしか入らない2マスと、見え合う2マスを交互にたどる", ""},
		{"共通のブロックにある2つの端は見え合うので両方に入ることはなく、遠い端のどちらかにその数字が入ります。", "a calque the third reading of 2026-11-29 named (ja)"},
		{"テンプレート除外がもう半分です。", "a calque the third reading of 2026-11-29 named (ja)"},
		// The fourth reading of 2026-11-29.
		{"フィンが9なら、ブロック8のすべてのマスから9が除外されます。", "every cell of the fin's box, the fin included (ja)"},
		{"どれかのフィンが3なら、ブロック9のすべてのマスから3が除外されます。", "every cell of the fin's box, the fin included (ja)"},
		{"フィンが9なら、ブロック8の他のマスから9が除外されます。", ""},
		{"どれかのフィンが3なら、ブロック9のそのフィン以外のマスから3が除外されます。", ""},
		{"5はr1c4かr1c5のどちらかに入る（1行目で5の残る唯一の場所）、", "the only place for a group of cells (ja)"},
		{"5はr1c4かr1c5のどちらかに入る（1行目で5の残る場所はほかにない）、", ""},
		{"r1c1は1（1列目で1の残る唯一の場所）、", ""},
		{"どちらにしても、フィッシュが2を消すはずのマスのうち、各チェーンが行き着くマスは2になれません。", "each chain after a fish with one fin (ja)"},
		{"どちらにしても、フィッシュが2を消すはずのマスのうち、フィンからのチェーンでも2が消えるマスは2になれません。", ""},
		// The final reading of 2026-11-29.
		{"残った9のテンプレートはすべて、9を同じいくつかのマスに置きます：そのマスには9が入ります。", "a calque the final reading of 2026-11-29 named (ja)"},
		{"残った9のテンプレートすべてが9を置くマスがあります：そのマスには9が入ります。", ""},
		{"いくつかのマスは、別の数字のどのテンプレートでもその数字が入ります。", "a calque the final reading of 2026-11-29 named (ja)"},
		{"いくつかのマスには、別の数字がどのテンプレートでも入ります。", ""},
	}
	for _, tc := range tests {
		var rules []string
		for _, p := range Check("ja", tc.text) {
			rules = append(rules, p.Rule)
		}
		found := false
		for _, r := range rules {
			if r == tc.rule {
				found = true
			}
		}
		switch {
		case tc.rule == "" && len(rules) > 0:
			t.Errorf("Check(%q) = %v, want clean", tc.text, rules)
		case tc.rule != "" && !found:
			t.Errorf("Check(%q) = %v, want %q", tc.text, rules, tc.rule)
		}
	}
}
