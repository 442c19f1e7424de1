package typolint

import (
	"regexp"
	"strings"
)

// The zh-TW fault classes of the native review of 2026-11-29
// (l10n/style/review-2026-11-29/zh-TW.md) that the catalogue then fixed by
// construction: each pattern is what the fault looked like in a rendered
// hint or message, so that it cannot come back. The review's row ids are
// in brackets.
var (
	// 「如果沒有鰭是 9」 (T29): the English "if no fin is 9"; Chinese says
	// 「如果鰭都不是 9」.
	zhTWNoFinIs = map[string]*regexp.Regexp{
		"zh-TW": regexp.MustCompile(`沒有鰭是`),
	}
	// 「所以看到 A 和 E 中每個 9 的格子不能填它」, 「所以看到兩個數組中 3 所有位置的
	// 格子不能填它」 (T27): "every" calqued as 每個, no 能 or 都, and 它 that
	// reads as the cell; Chinese says 「能看到 A 和 E 中所有 9 的格子都不能填 9」.
	zhTWSeesEvery = map[string]*regexp.Regexp{
		"zh-TW": regexp.MustCompile(`(^|[^能])看到[^，。；]*(中每個 [1-9x]( 或 [1-9x])* |所有位置)的格子不能填它`),
	}
	// Terms the review replaced (T15, T17, T25, T32, T34): 連續紀錄 where
	// every other message says 連勝, 歷來 for the period "all time", the
	// mainland 給你發一條私訊, 請求了提示 for asking a hint, and a command
	// that lost its space (「/數獨新題」).
	zhTWReplacedTerms = map[string]*regexp.Regexp{
		"zh-TW": regexp.MustCompile(`連續紀錄|歷來|給你發一條私訊|請求了(給大家的)?提示|/數獨新題`),
	}
	// The calques the review named one by one: the Kraken definition as a
	// noun phrase (T7), the X-Chain's 「與互相看到的位置之間交替」 (T31), BUG's
	// 「讓盤面沒有成為」 (T18), 「交叉的數字」 and 「交叉地填著」 (T19), 「各自成立」
	// (T20), 「每個都」 and 「每個最多」 (T21), the Empty Rectangle's 「與該宮相連」
	// and 「數對的遠端」 (T24), 「某條這類連結」 beside 連線 (T28), 「它若填該數字」
	// (T30), 「，並且」 between two sightings (T33), 「都不列」 (T13), a clause
	// joined by 和 (T14), 「8 有些候選數」 (T17), and the admin lines of T17
	// and T26.
	zhTWReview3Calques = map[string]*regexp.Regexp{
		"zh-TW": regexp.MustCompile(`本身刪不掉任何候選數的帶鰭魚|從每個鰭為真|位置與互相看到的位置之間交替|讓盤面沒有成為|交叉的數字|交叉地填著|數字與格子數各自成立|每個都(恰好|是)|每個最多只能填|與該宮相連|數對的遠端|某條這類連結|它若填該數字|，並且 r[1-9]c[1-9]|都不列|）和 r[1-9]c[1-9] 不能是|[1-9] 有些候選數不在|沒有讓盤面開啟|不需要這樣也能|剛走了|這裡今天是|其他進行中的遊戲在下面|模式已標示|分享過這次完成|最近一次發布問題|Discord 使用的語言`),
	}
	// The lesson pages' calques (the lesson review of 2026-11-29): corners
	// 「交叉擺放」, a BUG that must 「維持打破的狀態」, a kite's ends called its
	// 「兩條線」, 「它把 XYZ-Wing 多加了」, 「每片花瓣中每個 Z」, and 「通往模板所見
	// 結果的捷徑」.
	zhTWLessonCalques = map[string]*regexp.Regexp{
		"zh-TW": regexp.MustCompile(`交叉擺放的兩個數字|維持打破的狀態|風箏的兩條線|它把 XYZ-Wing 多加了|每片花瓣中每個|通往模板所見結果`),
	}
)

// The classes of the second native reading of 2026-11-29
// (l10n/style/review-2026-11-29b/zh-TW.md), one rule per systematic class
// and one for the two judgement calls the catalogue then took up.
var (
	// 「會使兩數在四角交叉排列的數字」 (S1): the English "crosswise" kept as a
	// second name for the diagonal arrangement the Avoidable Rectangle
	// sentence has just called 「各佔一組對角」.
	zhTWCrosswise = map[string]*regexp.Regexp{
		"zh-TW": regexp.MustCompile(`交叉排列`),
	}
	// 「第 4 列或第 6 宮的其他格子」 (S2): the English "no other cell of row 4
	// or box 6"; Chinese names both houses with 和.
	zhTWOrHouses = map[string]*regexp.Regexp{
		"zh-TW": regexp.MustCompile(`第 ?[1-9](、[1-9])* ?[列行宮]或第 ?[1-9](、[1-9])* ?[列行宮]的其他格子`),
	}
	// 命令 for a slash command (S3): Discord's zh-TW interface, and this
	// catalogue elsewhere, say 指令.
	zhTWCommandWord = map[string]*regexp.Regexp{
		"zh-TW": regexp.MustCompile(`命令`),
	}
	// The judgement calls J1 and J2: 數對 (this bot's naked pair) for the
	// two digits of a rectangle or loop, and the English "all of them"
	// (「看到它們全部的格子」) where Chinese says 「能同時看到這幾格的格子」;
	// after 同時 (the aligned-exclusion lesson) "all of them" is the point.
	zhTWSecondReadingCalques = map[string]*regexp.Regexp{
		"zh-TW": regexp.MustCompile(`數對的另一個數字|(^|[^時])看得?到它們全部的格子`),
	}
)

// The classes of the third (independent) reading of 2026-11-29
// (l10n/style/review-2026-11-29c/zh-TW.md): one rule per systematic class,
// and one for the incidental faults and judgement calls the catalogue then
// took up.
var (
	// 「看到它在兩者中所有位置的格子都不能填它」 (T1): the English "no cell
	// that sees all its places there can hold it", with the digit called 它
	// before it is filled and 在兩者中, 在花瓣中, 在這裡 for "there";
	// Chinese names the place first: 「能看到這兩個數組中 Z 所有位置的格子」.
	zhTWItsPlacesThere = map[string]*regexp.Regexp{
		"zh-TW": regexp.MustCompile(`看得?到它在[^，。；]*所有位置的格子`),
	}
	// 「如果違反規則，或每種情況都導向同一結論，該結論成立」 (T2): the en-US
	// forcing-net definition, where a contradiction would prove "the
	// conclusion"; it disproves the assumption.
	zhTWContradictionConcludes = map[string]*regexp.Regexp{
		"zh-TW": regexp.MustCompile(`違反規則，或[^。]*該結論成立`),
	}
	// 「同時看到它們兩個的格子」 (T3): the spoken English "both of them";
	// a hint says 「能同時看到這兩格的格子」.
	zhTWBothOfThem = map[string]*regexp.Regexp{
		"zh-TW": regexp.MustCompile(`看得?到它們兩個`),
	}
	// The third reading's incidental faults and judgement calls: 每日題目
	// beside 每日題 (I1), 「有 1 對數字衝突」 for one clash (I2), the
	// parenthesis between verb and object 「已經填入（不是提示數）」 (I3), the
	// group node 「2 不在 r9c5 和 r9c6 任何一格中」 (J2), and a button that
	// 「請求」 a level (J3).
	zhTWThirdReadingCalques = map[string]*regexp.Regexp{
		"zh-TW": regexp.MustCompile(`每日題目|(^|[^0-9])1 對數字衝突|填入（不是提示數）|不在 r[1-9]c[1-9][^，。；]* ?任何一格|按鈕請求`),
	}
)

// The classes of the fourth (independent) reading of 2026-11-29
// (l10n/style/review-2026-11-29d/zh-TW.md): one rule per systematic class,
// and one for the incidental faults and judgement calls the catalogue then
// took up.
var (
	// 「如果起點不成立，鏈就使終點為真」 (S1): the English "the chain makes
	// the end true"; Chinese says 「起點不成立時，終點就一定成立」.
	zhTWChainMakesTrue = map[string]*regexp.Regexp{
		"zh-TW": regexp.MustCompile(`鏈就?使終點為真`),
	}
	// 「為該數字多出幾個位置（鰭）的水母」 and 「缺了一個角的帶鰭水母：要麼水母
	// 成立，要麼某個鰭填該數字」 (S2): 該 ("the said") before any digit has
	// been named; the definition introduces it with 某數字 or 這條魚的數字.
	zhTWDanglingThatDigit = map[string]*regexp.Regexp{
		"zh-TW": regexp.MustCompile(`為該數字多出|缺了一個角的帶鰭[^：]*：要麼[^，]*，要麼某個鰭填該數字`),
	}
	// The fourth reading's incidental faults and judgement calls: 「盤面已先
	// 被改動」 (I1), the mainland 重啟 (I2), 「還剩 X 來完成」 and 「來開始連勝」
	// for the English "left to" and "to start" (I3, I4), and 「重新做……的
	// 筆記」 (J4). J3, 「用 `…` 這樣清除」 without 像, straddles a code span,
	// which the rules do not read, so no pattern here can see it.
	zhTWFourthReadingCalques = map[string]*regexp.Regexp{
		"zh-TW": regexp.MustCompile(`先被改動|重啟|分鐘來完成|來開始連勝|重新做 ?[^ ，。]* ?的筆記`),
	}
)

// zhTWCheckLines finds, in a zh-TW hint, a line that opens on 所以 right
// after a line that already said 所以 (T8): the English "So …. So …";
// Chinese varies the second (因此, 這樣一來) or drops it.
func zhTWCheckLines(tag string, lines []string) []Problem {
	if tag != "zh-TW" {
		return nil
	}
	var out []Problem
	for i := 1; i < len(lines); i++ {
		if strings.HasPrefix(strings.TrimSpace(lines[i]), "所以") && strings.Contains(lines[i-1], "所以") {
			out = append(out, Problem{Rule: "所以 opens a line right after a line with 所以", Near: near(lines[i], 0, min(len(lines[i]), 60))})
		}
	}
	return out
}
