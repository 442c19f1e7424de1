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
		{"2、5と9はどれも4マスのうち多くて1マスしか埋められません。", ""},
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
