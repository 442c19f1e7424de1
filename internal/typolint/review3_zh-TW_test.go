package typolint

import (
	"testing"
)

// TestReview3ZhTW checks each rule of the zh-TW review of 2026-11-29 on
// the fault as the review quoted it and on the corrected sentence.
func TestReview3ZhTW(t *testing.T) {
	const (
		noFin  = "如果沒有鰭是 (Chinese says 如果鰭都不是)"
		every  = "the English skeleton: a cell that sees every 9 of A and B (zh-TW)"
		term   = "a term the zh-TW style sheet replaced"
		calque = "a calque the review of 2026-11-29 named (zh-TW)"
		lesson = "a calque the zh-TW lesson review of 2026-11-29 named"
		cross  = "zh-TW: 交叉排列 for the diagonal arrangement (各佔一組對角)"
		orHse  = "zh-TW: houses joined by 或 in 「…的其他格子」 (Chinese says 和)"
		cmd    = "zh-TW: 命令 for a slash command (Discord says 指令)"
		second = "zh-TW: a calque the second reading of 2026-11-29 named"
		places = "zh-TW: 「看到它在……所有位置的格子」, the English \"all its places there\""
		concl  = "zh-TW: a contradiction that makes \"the conclusion\" hold (the forcing-net definition)"
		both   = "zh-TW: 它們兩個 for \"both of them\" (a hint says 這兩格)"
		third  = "zh-TW: a calque the third reading of 2026-11-29 named"
		makes  = "zh-TW: 「鏈就使終點為真」, the English \"the chain makes the end true\""
		that   = "zh-TW: 該數字 before any digit is named (the finned and sashimi definitions)"
		fourth = "zh-TW: a calque the fourth reading of 2026-11-29 named"
		final  = "zh-TW: a calque the final reading of 2026-11-29 named"
	)
	tests := []reviewCase{
		{"如果沒有鰭是 9，弗蘭肯水母成立：", noFin},
		{"如果鰭都不是 9，弗蘭肯水母成立：", ""},
		{"所以看到 A 和 E 中每個 9 的格子不能填它。", every},
		{"所以看到兩個數組中 3 所有位置的格子不能填它。", every},
		{"所以看到所有花瓣中每個 2 或 9 的格子不能填它。", every},
		{"因此，能看到 A 和 E 中所有 9 的格子都不能填 9。", ""},
		{"因此，無論是 6 或 9，能看到 A 和 E 中這個數字所有位置的格子都不能填它。", ""},
		{"今天之前的日子算作補玩：計入完成數，但不計入連續紀錄。", term},
		{"今天之前的日子算作補玩：計入完成數，但不計入連勝。", ""},
		{"今天（預設）、本週、本月或歷來", term},
		{"今天（預設）、本週、本月或至今", ""},
		{"我會給你發一條私訊，每天最多一次。", term},
		{"我會傳一則私訊給你，每天最多一次。", ""},
		{"XY 鏈請求了給大家的提示。", term},
		{"已複製代碼：任何人都可以用 /數獨新題和這個代碼來玩。", term},
		{"已複製代碼：在「/數獨」指令的「新題」中貼上這個代碼，任何人都能玩這一題。", ""},
		{"本身刪不掉任何候選數的帶鰭魚，但從每個鰭為真都有一條鏈推出…", calque},
		{"帶鰭魚本身刪不掉任何候選數，但從每個鰭出發都有一條鏈，推出…", ""},
		{"一條單數字鏈，在某區域中該數字僅有的兩個位置與互相看到的位置之間交替，", calque},
		{"當幾個格子讓盤面沒有成為全雙值墳墓（…）時", calque},
		{"當盤面只因幾個格子多出候選數而沒有成為全雙值墳墓（…）時", ""},
		{"如果四個角交叉地填著 1 和 9（每個數字佔一組對角），", calque},
		{"如果四個角填的都是 1 和 9，各佔一組對角，", ""},
		{"一個格子可以同時屬於兩個數組：每個數組的數字與格子數各自成立。", calque},
		{"2 和 7 每個都恰好在一個數組中", calque},
		{"2 和 7 各自恰好只在其中一個數組裡", ""},
		{"2、5 和 9 每個最多只能填這四格中的一格", calque},
		{"其中一個與該宮相連時，該數字要麼在宮的另一條線上，要麼在數對的遠端", calque},
		{"所以能同時看到某條這類連結兩端的候選數都為假", calque},
		{"r1c9 同時屬於第 3 宮中的兩個區域，它若填該數字，就同時滿足了這兩個區域", calque},
		{"r1c9 在第 1 列看到 r1c1（C），並且 r4c2 在第 2 行看到 r3c2（D）。", calque},
		{"r1c9 在第 1 列看到 r1c1（C），r4c2 在第 2 行看到 r3c2（D）。", ""},
		{"r3c5 和 r3c6 剩下的組合都不列：1 和 1", calque},
		{"r3c5 不能是 9（使 r3c4 無數可填）和 r3c6 不能是 2（第 2 宮裡重複）", calque},
		{"r3c5 不能是 9（使 r3c4 無數可填），r3c6 不能是 2（第 2 宮裡重複）", ""},
		{"8 有些候選數不在任何剩下的模板裡", calque},
		{"8 的某些候選數不在任何剩下的模板裡", ""},
		{"最近一次發布問題：7", calque},
		{"上次發布時的問題：7", ""},
		{"填的是交叉擺放的兩個數字。", lesson},
		{"填的是兩個數字，同一個數字佔一組對角。", ""},
		{"因此打破這個結構的那幾格必須維持打破的狀態。", lesson},
		{"另外兩個遠端就是風箏的兩條線。", lesson},
		{"另外兩個位置就是風箏的兩端。", ""},
		{"它把 XYZ-Wing 多加了一個格子和一個數字。", lesson},
		{"它在 XYZ-Wing 上多加了一個格子和一個數字。", ""},
		{"所以看得到每片花瓣中每個 Z 的格子不能是 Z。", lesson},
		{"所以看得到各片花瓣中所有 Z 的格子都不能是 Z。", ""},
		{"都是通往模板所見結果的捷徑。", lesson},
		{"所以 r5c1 不能填會使兩數在四角交叉排列的那個數字。", cross},
		{"所以 r5c1 不能填會讓兩數各佔一組對角的那個數字。", ""},
		{"第 4 列或第 6 宮的其他格子都不能再填其中任何一個。", orHse},
		{"第 4 列和第 6 宮的其他格子都不能再填其中任何一個。", ""},
		{"第 1、2 列或第 3 宮的其他格子", orHse},
		{"排行榜屬於伺服器：請在伺服器裡使用這個命令。", cmd},
		{"排行榜屬於伺服器：請在伺服器裡使用這個指令。", ""},
		{"若其中一個填了數對的另一個數字，另一個就是 4，", second},
		{"若其中一格填了矩形的另一個數字，另一格就是 4，", ""},
		{"所以 4 必在 r6c8、r6c9 或 r7c8 中，看到它們全部的格子不能是 4。", second},
		{"所以 4 必在 r6c8、r6c9 或 r7c8 中，能同時看到這幾格的格子都不能是 4。", ""},
		{"如果這些額外數字都相同，能看到它們全部的格子都不能填它。", second},
		{"會讓某個同時看得到它們全部的格子無數可填的組合。", ""},
		{"所以 Z 在第一個或最後一個數組中，看到它在兩者中所有位置的格子都不能填它。", places},
		{"所以最後那個數字必在其中，能看到它在這裡所有位置的格子都不能填它。", places},
		{"所以 Z 在第一個或最後一個數組中，能看到這兩個數組中 Z 所有位置的格子都不能填 Z。", ""},
		{"能看到各片花瓣中這個數字所有位置的格子都不能填它。", ""},
		{"追蹤它引出的每個唯一數；如果違反規則，或每種情況都導向同一結論，該結論成立。", concl},
		{"追蹤它引出的每個唯一數：如果推出矛盾，這個假設就不成立；如果每種情況都導向同一結論，這個結論就成立。", ""},
		{"所以 9 必在 r7c3 或 r8c3 中，同時看到它們兩個的格子不能是 9。", both},
		{"所以 9 必在 r7c3 或 r8c3 中，能同時看到這兩格的格子都不能是 9。", ""},
		{"還沒有為每日題目選擇頻道", third},
		{"還沒有為每日題選擇頻道", ""},
		{"有 1 對數字衝突：看看第 7 宮。", third},
		{"有 11 對數字衝突：看看第 7 宮。", ""},
		{"你填的兩個數字衝突了：看看第 7 宮。", ""},
		{"在同一列或同一行的兩個角已經填入（不是提示數）兩個數字，", third},
		{"在同一列或同一行的兩個角已經填入兩個數字（都不是提示數），", ""},
		{"假設 2 不在 r9c5 和 r9c6 任何一格中：那麼 r9c9 是 2", third},
		{"假設 r9c5 和 r9c6 都不是 2：那麼 r9c9 是 2", ""},
		{"提示分為 1 到 3 級；這個按鈕請求的是 7。", third},
		{"提示分為 1 到 3 級；這個按鈕要的是 7。", ""},
		{"所以要麼 r1c1 是 4，要麼 r1c6 是 7：如果起點不成立，鏈就使終點為真。", makes},
		{"所以要麼 r1c1 是 4，要麼 r1c6 是 7：起點不成立時，終點就一定成立。", ""},
		{"在一宮中為該數字多出幾個位置（鰭）的水母：要麼水母成立，要麼某個鰭填該數字，", that},
		{"在一宮中為某數字多出幾個位置（鰭）的水母：要麼水母成立，要麼某個鰭填該數字，", ""},
		{"缺了一個角的帶鰭 X-Wing：要麼 X-Wing 成立，要麼某個鰭填該數字，所以凡是它原本能刪去該數字、", that},
		{"缺了一個角的帶鰭 X-Wing：要麼 X-Wing 成立，要麼某個鰭填這條魚的數字，所以凡是它原本能刪去該數字、", ""},
		{"盤面已先被改動（在別處的操作）：什麼都沒有改動。", fourth},
		{"盤面剛在別處有了變動，所以這次的操作沒有生效。", ""},
		{"抱歉，我正在重啟，沒能完成這個操作。", fourth},
		{"抱歉，我正在重新啟動，沒能完成這個操作。", ""},
		{"⏳ 還剩 3 小時 5 分鐘來完成今天的每日題並保住連勝。", fourth},
		{"⏳ 今天的每日題還剩 3 小時 5 分鐘：完成它就能保住連勝。", ""},
		{"完成今天的每日題（`/數獨 每日`）來開始連勝。", fourth},
		{"完成今天的每日題（`/數獨 每日`）就能開始連勝。", ""},
		{"可以像 `/數獨 填數 r4c6=0` 這樣清除。", ""},
		{"重新做 r4c6 的筆記：缺少了正確的數字。", fourth},
		{"重新檢查 r4c6 的筆記：裡面少了正確的數字。", ""},
		{"它要麼填這兩個角，要麼填另外兩個角；另外兩個角會形成致命結構，所以它們不能填它。", final},
		{"它要麼填這兩個角，要麼填另外兩個角；但填在另外兩個角會形成致命結構，所以那兩個角不能填它。", ""},
		{"凡是能用它的地方，顯性數對或簡單染色也能用，而解題步驟會先用後者。", final},
		{"凡是能用它的地方，顯性數對或簡單染色也能用，而解題步驟總會先用其中一個。", ""},
		{"所以 A 和 C 不能都是 4：B 或 D 的格子全是 4。", final},
		{"所以 A 和 C 不能都是 4：B 色或 D 色的格子全是 4。", ""},
		{"C 色或 D 色的格子全是 7，所以無論如何 A 色的某格都會看到一個 7。", ""},
	}
	checkReview(t, "zh-TW", tests, nil)
}

// TestReview3ZhTWLines checks the zh-TW rule across lines: 所以 opening a
// line right after a line with 所以 (T8).
func TestReview3ZhTWLines(t *testing.T) {
	const rule = "所以 opens a line right after a line with 所以"
	tests := []struct {
		lines []string
		want  bool
	}{
		{[]string{"  r3c3 和 r1c2 同在第 1 宮，所以最多只有一個是 4。", "  所以另外兩端 r3c7 和 r5c2 中有一個是 4。"}, true},
		{[]string{"  r3c3 和 r1c2 同在第 1 宮，所以最多只有一個是 4。", "  因此另外兩端 r3c7 和 r5c2 中有一個是 4。"}, false},
		{[]string{"無論哪種情況，9 都在 r6c7 或 r6c9。", "  所以第 6 列與第 2 行相交的那一格不能是 9。"}, false},
	}
	for _, tc := range tests {
		got := false
		for _, p := range CheckLines("zh-TW", tc.lines) {
			if p.Rule == rule {
				got = true
			}
		}
		if got != tc.want {
			t.Errorf("CheckLines(%q) found %q: %v, want %v", tc.lines, rule, got, tc.want)
		}
		for _, p := range CheckLines("zh-CN", tc.lines) {
			if p.Rule == rule {
				t.Errorf("the zh-TW rule ran on zh-CN: %v", p)
			}
		}
	}
}
