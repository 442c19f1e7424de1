package typolint

import (
	"strings"
	"testing"
)

// TestReview3ZhCN checks each rule of review3_zh-CN.go on the fault as the
// review of 2026-11-29 quoted it and on the sentence that replaced it.
func TestReview3ZhCN(t *testing.T) {
	tests := []reviewCase{
		{"9 在每片花瓣中而不在茎中，所以它在某一片花瓣中。", "zh-CN: a petal tautology (在每片花瓣中…在某一片花瓣中)"},
		{"每片花瓣都含有 9，而茎没有，所以 9 必定填在某一片花瓣里。", ""},
		{"所以看到 A 和 E 中每个 6 或 9 的格子不能填它。", "zh-CN: the English a cell that sees every 9 (…的格子不能填它)"},
		{"所以看到所有花瓣中每个 4 的格子不能填它。", "zh-CN: the English a cell that sees every 9 (…的格子不能填它)"},
		{"所以看到某个数组中这些数字之一的所有位置（或两个数组中 2 和 7 的所有位置）的格子不能填它。", "zh-CN: the English a cell that sees every 9 (…的格子不能填它)"},
		{"因此不论是 6 或 9，只要某格能看到这个数字在 A 和 E 中的全部位置，它就不能填这个数字。", "zh-CN: 不论是 A 或 B (不论 takes 还是)"},
		{"因此，某格若能看到某个数字（6 或 9）在 A 和 E 中的全部位置，就不能填这个数字。", ""},
		{"因此能看到 A 和 E 中全部 9 的格子，都不能填 9。", ""},
		{"如果鳍是 1，它就把第 7 宫所有格子的 1 排除。", "zh-CN: a fin that clears all cells of its box"},
		{"如果鳍是 1，第 7 宫的其他格子就都不能是 1。", ""},
		{"假设 2 不在 r9c5 和 r9c6 任何一格中：那么 r9c9 是 2", "zh-CN: 不在 A 和 B 任何一格 (A 和 B 都不是)"},
		{"从而 5 不在 r1c7 和 r2c7 任何一格中（同宫）", "zh-CN: 不在 A 和 B 任何一格 (A 和 B 都不是)"},
		{"假设 r9c5 和 r9c6 都不是 2：那么 r9c9 是 2", ""},
		{"r1c9 只有 8 和 9，所以这两格不能是 8 和 9。", "zh-CN: the exclusion 这两格不能是 8 和 9"},
		{"r1c9 只有 8 和 9，所以这两格不能合起来填入这两个数字，否则 r1c9 就无数可填。", ""},
		{"若其中一个填了数对的另一个数字，另一个就是 7，环的其余部分随之确定。", "zh-CN: two different 另一个 in one sentence"},
		{"若其中一格填了数对中的另一个数字，剩下那格就是 7，环的其余部分随之确定。", ""},
		{"一个格子可以同时属于两个数组：每个数组的数字与格子数各自成立。", "zh-CN: a calque the review of 2f29aa9 named"},
		{"若 r1c4 是 2，r3c5 不能是 9（使 r3c4 无数可填）和 r3c6 不能是 2（第 2 宫里重复）", "zh-CN: a calque the review of 2f29aa9 named"},
		{"若 r1c4 是 2，r3c5 填 9（使 r3c4 无数可填）和 r3c6 填 2（第 2 宫里重复）都不行", ""},
		{"今天（默认）、本周、本月或历来", "zh-CN: a calque the review of 2f29aa9 named"},
		{"（1 种情况，都以矛盾告终：见完整证明）", "zh-CN: a calque the review of 2f29aa9 named"},
		{"（5 种情况，都以矛盾告终：见完整证明）", ""},
		{"这个按钮不属于我知道的任何比赛。", "zh-CN: a calque the review of 2f29aa9 named"},
		{"找不到这个按钮对应的比赛。", ""},
		{"题目恰有一个解，因此打破这种结构的那几个格子必须继续打破它。", "zh-CN: a calque the lesson review of 2f29aa9 named"},
		{"题目恰有一个解，所以这种结构不能成立：那几个多出候选数的格子，必须填能破坏它的数字。", ""},
		{"在一串强链中，一种颜色是这个数字，另一种不是。", "zh-CN: a calque the lesson review of 2f29aa9 named"},
		{"在一串强链中，一种颜色的位置全是这个数字，另一种颜色的全不是。", ""},
		{"所以看到每片花瓣中每个 Z 的格子不能是 Z。", "zh-CN: a calque the lesson review of 2f29aa9 named"},
		// The second reading of 2026-11-29 (review-2026-11-29b/zh-CN.md).
		{"弗兰肯水母成立：第 3、6、8 列和第 2 宫的 9 只能在第 2、6、9 行和第 1 宫里，其中的其他格子都不能是 9。", "zh-CN: 其中的其他格子 after the base of a fish (the cover's other cells)"},
		{"弗兰肯水母成立：在第 3、6、8 列和第 2 宫里，9 只能落在第 2、6、9 行和第 1 宫中，除此以外的格子都不能是 9。", ""},
		{"当几个格子让盘面没有成为全双值坟墓时，其中一格必填它的额外数字。", "zh-CN: 让盘面没有成为 (the English keep the grid from being)"},
		{"当盘面只因几个格子才没有成为全双值坟墓时，其中一格必填它的额外数字。", ""},
		{"所以这两格填这两个数字，第 4 行或第 6 宫的其他格子都不能再填其中任何一个。", "zh-CN: 或 between the houses that all lose a subset's digits"},
		{"所以这两格填这两个数字，第 4 行和第 6 宫的其他格子都不能再填其中任何一个。", ""},
		{"今天之前的日子算作补玩：计入完成数，但不计入连续纪录。", "zh-CN: a second word for a streak or a fish's sets (连胜, 基础区域／覆盖区域)"},
		{"基础集或覆盖集中含有宫的鱼", "zh-CN: a second word for a streak or a fish's sets (连胜, 基础区域／覆盖区域)"},
		{"今天之前的日子算作补玩：计入完成数，但不计入连胜。", ""},
		{"如果没有鳍是 9，弗兰肯 X-Wing 成立", "zh-CN: 没有鳍是 (Chinese says 鳍都不是)"},
		{"如果鳍都不是 9，弗兰肯 X-Wing 成立", ""},
		{"剩下的 8 的模板都不用 r2c1 和 r2c2，所以它们不能是 8。", "zh-CN: a fault the second reading of 2026-11-29 named"},
		{"剩下的 8 的模板都不经过 r2c1 和 r2c2，所以这些格子不能是 8。", ""},
		{"8 有些候选数不在任何剩下的模板里：这些格子不能是 8。", "zh-CN: a fault the second reading of 2026-11-29 named"},
		{"有些格子上的 8 不在任何剩下的模板里：这些格子不能是 8。", ""},
		{"盘面已先被改动（在别处的操作）：什么都没有改动。", "zh-CN: a fault the second reading of 2026-11-29 named"},
		{"今天（默认）、本周、本月或有史以来", "zh-CN: a fault the second reading of 2026-11-29 named"},
		{"今天（默认）、本周、本月或全部时间", ""},
		// The third reading of 2026-11-29 (review-2026-11-29c/zh-CN.md).
		{"当两行、两列、两宫中的矩形有三个角已经填入（都不是提示数）两个交叉的数字时", "zh-CN: a fault the third reading of 2026-11-29 named"},
		{"矩形跨两行、两列、两宫，若三个角已填入两个数字（都不是提示数），且这两个数字在对角上交叉出现", ""},
		{"从当前局面找下一步所需的时间超出了我能等待的范围：请过一分钟再试。", "zh-CN: a fault the third reading of 2026-11-29 named"},
		{"从当前局面找下一步要花的时间太长了：请过一分钟再试。", ""},
		{"（数量多者优先，其次是未用提示的数量，再次是平均用时更短者）", "zh-CN: a fault the third reading of 2026-11-29 named"},
		{"（数量多者优先；数量相同时比未用提示的数量，再比平均用时，短者优先）", ""},
		{"可以用 XY 链的盘面，模式已高亮", "zh-CN: a fault the third reading of 2026-11-29 named"},
		{"可以用 XY 链的盘面，用到的结构已高亮", ""},
		{"Discord 没有告诉我们你在哪个语音频道：请稍等片刻再试。", "zh-CN: a fault the third reading of 2026-11-29 named"},
		{"Discord 没有告诉我你在哪个语音频道：请稍等片刻再试。", ""},
		{"分组链允许宫里的一组位置充当一个节点。同类的环叫 nice loop。", "zh-CN: a fault the third reading of 2026-11-29 named"},
		{"分组链允许宫里的一组位置充当一个节点。链首尾相接时就成了环（nice loop）。", ""},
		{"都是通向模板所见结果的捷径。", "zh-CN: a fault the third reading of 2026-11-29 named"},
		{"都是一条捷径：不必列出模板，也能得到模板给出的结论。", ""},
		// The final independent reading of 2026-11-29 (review-2026-11-29-final/zh-CN.md).
		{"r1c9 同时属于第 1、6、9 行和第 3 宫中的两个区域，它若填该数字，就同时满足了这两个区域，所以算作鳍。", "zh-CN: 满足这两个区域 (the English give both their digit)"},
		{"r1c9 同时属于第 1 行和第 3 宫：这一格填上这个数字，两个区域就都有了它，所以算作鳍。", ""},
		{"因此能同时看到某条这类连接两端的候选数都为假；", "zh-CN: 某条这类 (two determiners on one noun)"},
		// The confirming reading of 2026-11-29 (review-2026-11-29-confirm/zh-CN.md).
		{"当矩形的两个角只有同样的两个数字时，另外两个角必须填它们的某个额外数字以避免致命结构。", "zh-CN: a fault the confirming reading of 2026-11-29 named"},
		{"当矩形的两个角只有同样的两个数字时，为避免致命结构，另外两个角中至少有一格必须填它的额外数字。", ""},
		{"若某数字在四个行和宫（或列和宫）里的所有位置都落在四个列和宫（或行和宫）里，后者的这个数字只能在前者里。", "zh-CN: a fault the confirming reading of 2026-11-29 named"},
		{"若某数字在四个区域（行和宫，或列和宫）里的所有位置都落在另外四个区域（列和宫，或行和宫）里，那么后面这些区域里的这个数字只能在前面这些区域中。", ""},
		{"还不对：你标的都对，但这一步做的还不止这些。", "zh-CN: a fault the confirming reading of 2026-11-29 named"},
		{"还没完：你标的都对，但这一步做的还不止这些。", ""},
		{"因此，凡是同时看到这样一条连接两端的候选数，都为假；", ""},
	}
	checkReview(t, "zh-CN", tests, nil)
}

// TestZhCNSoAgain checks the line rule on the three 所以 of the kite and on
// the lines that replaced them.
func TestZhCNSoAgain(t *testing.T) {
	const rule = "zh-CN: 所以 or 因此 again on the next line"
	tests := []struct {
		text string
		want bool
	}{
		{"  r3c3 和 r1c2 同在第 1 宫，所以最多只有一个是 4。\n  所以另外两端 r3c7 和 r5c2 中有一个是 4。", true},
		{"  它们各自是 1 或 3，因此 r1c5 和 r3c8 中有一个是 3。\n  因此同时看到 r1c5 和 r3c8 的格子都不能是 3。", true},
		{"  r3c3 和 r1c2 同在第 1 宫，所以最多只有一个是 4。\n  这样，另外两端 r3c7 和 r5c2 中有一个是 4。\n  因此同时看到 r3c7 和 r5c2 的格子都不能是 4。", false},
	}
	for _, tc := range tests {
		got := false
		for _, p := range CheckLines("zh-CN", strings.Split(tc.text, "\n")) {
			if p.Rule == rule {
				got = true
			}
		}
		if got != tc.want {
			t.Errorf("%q: got %v, want %v", tc.text, got, tc.want)
		}
		if len(CheckLines("zh-TW", strings.Split(tc.text, "\n"))) > 0 && tc.want {
			// zh-TW has its own editor: the rule is zh-CN's only.
			for _, p := range CheckLines("zh-TW", strings.Split(tc.text, "\n")) {
				if p.Rule == rule {
					t.Errorf("%q: the zh-CN rule fired for zh-TW", tc.text)
				}
			}
		}
	}
}
