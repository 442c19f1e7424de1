package typolint

import (
	"slices"
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
	)
	tests := []struct {
		text, rule string // rule "" = clean
	}{
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
	}
	for _, tc := range tests {
		var rules []string
		for _, p := range Check("zh-TW", tc.text) {
			rules = append(rules, p.Rule)
		}
		switch {
		case tc.rule == "" && len(rules) > 0:
			t.Errorf("Check(%q) = %v, want clean", tc.text, rules)
		case tc.rule != "" && !slices.Contains(rules, tc.rule):
			t.Errorf("Check(%q) = %v, want %q", tc.text, rules, tc.rule)
		}
	}
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
