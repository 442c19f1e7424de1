package typolint

import "regexp"

// The Japanese fault classes of the native review of 2026-11-29
// (l10n/style/review-2026-11-29/ja.md) that the catalogue then fixed by
// construction: each pattern is what the fault looked like in a rendered
// hint or message (spaces between Japanese and digits already dropped),
// so that it cannot come back. The review's row ids are in brackets.
var (
	// 「r7c9は7か8のどれでもない」, 「r1c1は4（…）、8（…）か9（…）になれません」,
	// 「…になれませんとr3c6は…」 (F68, F5, F9): the English "not 7 or 8" and
	// "none of"; Japanese denies each one, 「7でも8でもない」, and chains
	// clauses by the verb's form, 「なれず、」.
	jaNegatedOrList = map[string]*regexp.Regexp{
		"ja": regexp.MustCompile(`[1-9x]か[1-9x]のどれでもない|）か[1-9]（[^）]*）になれません|になれませんと`),
	}
	// 「4になれるのは多くてどちらか一方です」 (F72): 「多くて」 goes with a number,
	// not with a choice.
	jaAtMostOne = map[string]*regexp.Regexp{
		"ja": regexp.MustCompile(`多くて(どちらか|片方|一方)`),
	}
	// 「両方の組の3の場所すべてから見えるマスはその数字になれません」 (F67): the
	// English "that digit" after a single digit named.
	jaThatDigitAfterOne = map[string]*regexp.Regexp{
		"ja": regexp.MustCompile(`(^|[^0-9か、と])[1-9](の場所すべてから|からも)見えるマスはその数字になれません`),
	}
	// 「5のない組は確定します（…）ので」 (F69): a polite verb, a bracket, then
	// ので; a subordinate clause takes the plain form.
	// The third reading (S3) widened it to the bare 「見えていますので」
	// 「しか持ちませんので」: polite speech, where every other subordinate
	// clause of a hint is plain (「しか入らないので」).
	jaPoliteBeforeNode = map[string]*regexp.Regexp{
		"ja": regexp.MustCompile(`ます（[^）]*）ので|(ます|ません)ので`),
	}
	// A list of numbers broken at the end of a line, 「1、2、⏎5行目」 (F43);
	// a list of cells may break (「r4c7、⏎r8c3」).
	jaBrokenNumberList = map[string]*regexp.Regexp{
		"ja": regexp.MustCompile(`(?m)(^|[^c0-9])[0-9]、$`),
	}
	// Terms the style sheet replaced (F32, F34, F46, F70, F71): 西尾 alone
	// (a surname), 候補数 ("the number of candidates"), セル where every hint
	// says マス, a command that lost its space, ボード for 盤面; in the
	// lessons, 奇数ステップ where the hint says リンク and the structure's
	// name 「ほぼロックされた集合（ALS-XZ）」 for the technique ALS-XZ.
	jaReplacedTerms = map[string]*regexp.Regexp{
		"ja": regexp.MustCompile(`西尾[（はと]|候補数を|奇数ステップ|ほぼロックされた集合（ALS-XZ）|セル・フォーシング|セル／ハウス|/数独新規|共有ボード`),
	}
	// The calques the review named one by one: the loop's 「自分自身とつながる
	// マス」 and 「他の数字をその中に確定させます」 (F14, F50), 「盤面とBUG（…）の間に」
	// (F17), 「2つの数字があるハウスで」 (F22), 「遠い2つの端」 「ブロック外の線上」
	// (F24), 「を見る、そして」 (F26), 「4行目かブロック6の他のマス」 (F27),
	// 「そのどれかを取らなければ」 (F28), 「ここでの場所」 (F30), 「それが見えているから」
	// (F12), 「各チェーンの行き着く、」 (F25), 「どれもだめ」 (F10), 「正しくありえない」
	// (F44), 「離れていて奇数」 (F45), 「ノードとして、」 (F48), 「2つだけの場所」
	// (F49), the bot's 「知っている…」 (F52), 「終わります、」 (F38), 「入れた0マス」
	// and 「1通りの場合」 (F39), 「組が1つぶつかって」 (F62).
	jaReview3Calques = map[string]*regexp.Regexp{
		"ja": regexp.MustCompile(`自分自身とつながるマス|他の数字をその中に確定させます|盤面とBUG（[^）]*）の間に|[2-4]つの数字があるハウスで|遠い2つの端|ペアの遠い端|ブロック外の線上|を見る、そして|(行目|列目)かブロック[1-9]の他のマス|そのどれかを取らなければ|ここでの(その数字の)?場所|そこでのチェーン|それが見えているから|各チェーンの行き着く、|どれもだめ|正しくありえない|離れていて奇数|ノードとして、|2つだけの場所|2か所だけの場所|知っている(タイムゾーン|協力盤面|盤面|ゲーム|レース)|は知りません|終わります、|入れた0マス|(^|[^0-9])1通りの場合|組が1つぶつかって`),
	}
)

// The systematic Japanese classes of the second native reading of
// 2026-11-29 (l10n/style/review-2026-11-29b/ja.md), fixed in the catalogue
// and kept out here. The reading's row ids are in brackets.
var (
	// 「2候補数字マス」「3候補数字のマス」「各行の候補数字マス」 (S1): "bivalue
	// cell" glued into one word no Japanese site uses; players say
	// 「候補が2つのマス」, and 「8が入りうるマス」 for the cells of a digit.
	jaCandidateCellCompound = map[string]*regexp.Regexp{
		"ja": regexp.MustCompile(`[0-9〜]候補数字|候補数字マス`),
	}
	// BUG's 「どの数字も必要なハウスごとに2か所」 (S2): "in each unit it still
	// needs" word for word; Japanese says 「まだ入っていないハウスでは」.
	jaNeededHouse = map[string]*regexp.Regexp{
		"ja": regexp.MustCompile(`必要な(ハウス|行・列・ブロック)ごとに`),
	}
	// 「4の共役ペア（4が2か所にしか入らないハウス）」 (S3): a pair of cells
	// glossed as a house; the gloss is 「あるハウスで4が入りうる2か所」.
	jaPairAsHouse = map[string]*regexp.Regexp{
		"ja": regexp.MustCompile(`共役ペア（[^）]*ハウス）`),
	}
	// The grammar the second reading named (S4–S6): two と in one list
	// (「r1c2、r8c3とr1c3と合わせて」), a colour that is "nowhere" a digit
	// (「Aはどこも7ではありません」), and 「そこで」 before a permission, which first
	// reads as "so" (「そこで送信の権限がありません」).
	jaSecondReadingGrammar = map[string]*regexp.Regexp{
		"ja": regexp.MustCompile(`r[1-9]c[1-9]とr[1-9]c[1-9]と合わせて|(^|[^A-Za-z])[A-Z]はどこも|そこで[^。、]{0,24}権限`),
	}
)

// The systematic Japanese classes of the third native reading of 2026-11-29
// (l10n/style/review-2026-11-29c/ja.md), fixed in the catalogue and kept out
// here. The reading's row ids are in brackets.
var (
	// 「…（同じ列）、したがってr3c5は2ではない（…）」 (S1): the heavy "therefore"
	// of a conclusion on one link of a comma-joined chain, in a fixed
	// すると／したがって rotation. A chain keeps an occasional 「すると」.
	jaChainTherefore = map[string]*regexp.Regexp{
		"ja": regexp.MustCompile(`）、したがって|(?m)^\s+したがって[^、。]*（[^）]*）、`),
	}
	// 「もう一方の端r3c7とr5c2のどちらかが4です」 (S2): two cells called "the
	// other end" in the singular; Japanese says 「残りの2つの端」.
	jaOtherEndTwoCells = map[string]*regexp.Regexp{
		"ja": regexp.MustCompile(`もう一方の端\s*r[1-9]c[1-9]\s*と`),
	}
	// 「5を持てるのは2つのうち多くとも一方です」 (S4): "at most one of the two"
	// word for word; Japanese says 「5が両方の組に入ることはありません」.
	jaAtMostCalque = map[string]*regexp.Regexp{
		"ja": regexp.MustCompile(`多くとも`),
	}
	// 「多くて1マスしか埋められません」 (S5): spoken 「多くて」 before a count in
	// written explanation; a site writes 「1マスにしか入れません」「3マスまで」.
	jaSpokenAtMost = map[string]*regexp.Regexp{
		"ja": regexp.MustCompile(`多くて\s*[0-9]`),
	}
	// 「その数字で2つを同時に埋めてしまうことがあります」 (S6): the English "fill
	// two" with an unnamed digit; 「1マスで2つのベースを同時に満たしてしまいます」.
	jaFillTwo = map[string]*regexp.Regexp{
		"ja": regexp.MustCompile(`その数字で2つを|2つを同時に埋めてしまう`),
	}
	// 「どちらかがペアのもう一方の数字を取れば、もう一方は4」 (S8): two
	// 「もう一方」 with two referents (a digit, then a cell) in one clause.
	jaOtherOther = map[string]*regexp.Regexp{
		"ja": regexp.MustCompile(`もう一方の数字を取れば、もう一方`),
	}
	// 「ただしフィンr1c9は別です。… すべてのフィンから見えるマスは7になれません」
	// (S9): "every fin" when the hint has named one fin; the fish line says
	// 「フィンから見えるマス」 then (fish.fin_rule and kraken.fins select on One).
	// The rule reads a whole hint, where the fin is named lines before.
	jaOneFinEvery = map[string]*regexp.Regexp{
		"ja": regexp.MustCompile(`(?s)フィンr[1-9]c[1-9]は別です。.*すべてのフィンから見えるマス(は|に、)`),
	}
	// The incidental lines the third reading named one by one (I1–I6 and the
	// lessons): 「1通りで、同じ結果」, the bot's 「私のロール」, 「ここでこの
	// テクニックが行う手順」, X-Chain's 「ハウス内でその数字が」 before any digit,
	// 「ループの数字の一方の唯一の場所」, 「ピボットはどちらかを残す」, and in
	// the lessons 「遠い端のどちらか」, 「もう半分です」, 「コンピューターの目で」,
	// 「テンプレートが見ているもの」.
	jaThirdReadingCalques = map[string]*regexp.Regexp{
		"ja": regexp.MustCompile(`1通りで、同じ結果|私のロール|ここでこのテクニックが行う|^ハウス内でその数字が|ループの数字の一方の唯一の場所|ピボットはどちらかを残す|遠い端のどちらか|両方の遠い端|もう半分です|コンピューターの目で|テンプレートが見ているもの`),
	}
)

// The systematic Japanese classes of the fourth native reading of
// 2026-11-29 (l10n/style/review-2026-11-29d/ja.md), fixed in the catalogue
// and kept out here. The reading's row ids are in brackets.
var (
	// 「フィンが9なら、ブロック8のすべてのマスから9が除外されます」 (A): the fin is
	// itself a cell of that box and is 9 in that case, so "every cell of the
	// box" contradicts it; Japanese says 「ブロック8の他のマスから」.
	jaFinEveryBoxCell = map[string]*regexp.Regexp{
		"ja": regexp.MustCompile(`フィンが\s*[1-9x]\s*なら、ブロック[1-9]のすべてのマス`),
	}
	// 「5はr1c4かr1c5のどちらかに入る（1行目で5の残る唯一の場所）」 (B): a group of
	// cells called "the only place"; the plural key says 「5の残る場所はほかにない」.
	jaGroupOnlyPlace = map[string]*regexp.Regexp{
		"ja": regexp.MustCompile(`のどちらかに入る（[^）]*唯一の場所）`),
	}
	// 「各チェーンが行き着くマス」 (C, incidental, one Kraken step): "each chain"
	// after a fish with one fin and so one chain; the sentence now says
	// 「フィンからのチェーンでも消えるマス」 whatever the number of fins.
	jaKrakenEachChain = map[string]*regexp.Regexp{
		"ja": regexp.MustCompile(`各チェーンが行き着くマス`),
	}
)

// The classes of the final independent reading of 2026-11-29
// (l10n/style/review-2026-11-29-final/ja.md): none systematic, kept out
// here all the same because they come from templates.
var (
	// 「9を同じいくつかのマスに置きます」 (F1): "the same few cells" in English
	// word order, and 「いくつかのマスは、別の数字の…でもその数字が入ります」 (J1):
	// 入る wants 「マスには」, and 「その数字」 had to be traced back. The
	// templates now say 「残った9のテンプレートすべてが9を置くマスがあります」 and
	// 「いくつかのマスには、別の数字がどのテンプレートでも入ります」.
	jaFinalReadingCalques = map[string]*regexp.Regexp{
		"ja": regexp.MustCompile(`同じいくつかのマス|いくつかのマスは、別の数字`),
	}
)
