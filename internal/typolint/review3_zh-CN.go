package typolint

import (
	"regexp"
	"strings"
)

// The zh-CN fault classes of the native review of 2026-11-29
// (l10n/style/review-2026-11-29/zh-CN.md) that the catalogue then fixed by
// construction: each pattern is what the fault looked like in a rendered
// hint or message, so that it cannot come back.
var (
	// Death Blossom "9 在每片花瓣中而不在茎中，所以它在某一片花瓣中": the
	// same 在 says "is a candidate in" and "is placed in", and the sentence
	// reads as a tautology. Chinese says 每片花瓣都含有 9，而茎没有.
	zhCNPetalTautology = map[string]*regexp.Regexp{
		"zh-CN": regexp.MustCompile(`在每片花瓣中而不在茎中`),
	}
	// "所以看到 A 和 E 中每个 6 或 9 的格子不能填它", "看到某个数组中这些
	// 数字之一的所有位置……的格子不能填它": the English "a cell that sees
	// every 6 or 9 of A and E cannot hold it", whose 它 has no antecedent.
	zhCNSeesEvery = map[string]*regexp.Regexp{
		"zh-CN": regexp.MustCompile(`中每个 [1-9]( 或 [1-9])* 的格子不能填它|这些数字之一的所有位置`),
	}
	// "如果鳍是 1，它就把第 7 宫所有格子的 1 排除": the fin itself is 1;
	// the other cells of the box lose it.
	zhCNFinAllCells = map[string]*regexp.Regexp{
		"zh-CN": regexp.MustCompile(`所有格子的 [1-9x] 排除`),
	}
	// "假设 2 不在 r9c5 和 r9c6 任何一格中": 「A 和 B 任何一格」 is not
	// Chinese; a group reads 「r9c5 和 r9c6 都不是 2」.
	zhCNNoneOfGroup = map[string]*regexp.Regexp{
		"zh-CN": regexp.MustCompile(`不在 r[1-9]c[1-9][^，。；（]* 任何一格`),
	}
	// Aligned pair exclusion "r1c9 只有 8 和 9，所以这两格不能是 8 和 9":
	// read as "neither cell can be 8 or 9".
	zhCNCannotBeBoth = map[string]*regexp.Regexp{
		"zh-CN": regexp.MustCompile(`所以这[两三]格不能是 [1-9]`),
	}
	// Uniqueness type 4 "若其中一个填了数对的另一个数字，另一个就是 7":
	// two different 另一个 in one sentence.
	zhCNOtherOther = map[string]*regexp.Regexp{
		"zh-CN": regexp.MustCompile(`另一个数字，另一个就是`),
	}
	// The incidental calques the review named, each as it was printed.
	zhCNReview3Calques = map[string]*regexp.Regexp{
		"zh-CN": regexp.MustCompile(strings.Join([]string{
			`数字与格子数各自成立`,                         // als.overlap
			`数组的其他数字都在该数组内`,                      // als.double
			`每个都是 [1-9] 或它自己的额外数字`,               // uq.bug4_result
			`之前的步骤又从中删除`,                         // basic.ns_both
			`从每个鳍为真`,                             // Kraken definition
			`其中一格必填其中之一`,                         // Unique Loop type 3
			`数对的远端`,                              // Empty Rectangle (数对 is two digits)
			`在这里所有位置|在这里的位置`,                     // WXYZ-Wing "there"
			`另外两个角会形成致命结构`,                       // UR6: filling them would
			`不能是 [1-9]（[^）]*）和 r[1-9]c[1-9] 不能是`, // two clauses joined by 和
			`历来`, // the "all time" period
			`不是我知道的|不属于我知道的`, // "one I know"
			`最近一次发布问题`, `这里今天是`, `在下面的按钮上`, `分享过这次完成`,
			`清空该格`, `解完谜题`, `为每日题目`, `没有让盘面打开`, `会先用后者`,
			`不需要这样也能`, `来完成今天的每日题并保住连胜`, `同时填满两个覆盖区域`,
			`不是格子：格子是`, `用 /数独新题`,
			`(^|[^0-9])1 种情况，都`, `你填的 0 格`, `已有 1 人解出这道题，用时中位数`,
		}, "|")),
	}
)

// zhCNLessonCalques are the lesson pages' calques the review of
// 2026-11-29 named (l10n/lessons/zh-CN.toml): "must keep it broken",
// "each need not fill", "the line claims the digit for the box", "one
// colour is the digit", "sees every Z of every petal".
var zhCNLessonCalques = map[string]*regexp.Regexp{
	"zh-CN": regexp.MustCompile(`必须继续打破它|不一定占满|为这个宫占住|一种颜色是这个数字|每片花瓣中每个`),
}

// zhCNSoAgain finds a line of a hint that opens on 所以 or 因此 right after
// a line built on the same word: 「……所以最多只有一个是 4。／所以另外两端
// ……／所以同时看到……」. Each line is right alone; three in a row read
// as the English "so … So … So …".
func zhCNSoAgain(tag string, lines []string) []Problem {
	if tag != "zh-CN" {
		return nil
	}
	var out []Problem
	for i := 1; i < len(lines); i++ {
		line := strings.TrimLeft(lines[i], " ")
		for _, w := range []string{"所以", "因此"} {
			if strings.HasPrefix(line, w) && strings.Contains(lines[i-1], w) {
				out = append(out, Problem{Rule: "zh-CN: 所以 or 因此 again on the next line", Near: near(lines[i], 0, min(len(lines[i]), 60))})
			}
		}
	}
	return out
}

// The zh-CN fault classes of the independent second reading of 2026-11-29
// (l10n/style/review-2026-11-29b/zh-CN.md), each as it was printed, so that
// none can come back.
var (
	// C1, every Franken, Mutant and Kraken fish: "{Cover}的 9 只能在{Base}
	// 里，其中的其他格子都不能是 9". 其中 reads back to the base, the wrong
	// half of the fish; the catalogue says 「在{Cover}里，9 只能落在{Base}
	// 中，除此以外的格子都不能是 9」.
	zhCNAmongBase = map[string]*regexp.Regexp{
		"zh-CN": regexp.MustCompile(`里，其中的其他格子`),
	}
	// C2, the BUG definitions: "当几个格子让盘面没有成为全双值坟墓", the
	// English "keep the grid from being"; Chinese states the cause.
	zhCNKeepFromBeing = map[string]*regexp.Regexp{
		"zh-CN": regexp.MustCompile(`让盘面没有成为`),
	}
	// C3, "因此不论是 6 或 9": 不论／无论 takes 还是 for a choice, never 或.
	zhCNWhetherOr = map[string]*regexp.Regexp{
		"zh-CN": regexp.MustCompile(`[不无]论是 [1-9x] 或 [1-9x]`),
	}
	// C4, a naked subset in two houses: "第 4 行或第 6 宫的其他格子都不能再
	// 填" (或 where both houses lose the digits).
	zhCNOtherCellsOr = map[string]*regexp.Regexp{
		"zh-CN": regexp.MustCompile(`第 [1-9] [行列宫]或第 [1-9] [行列宫]的其他格子`),
	}
	// C5 and C7: a second word for one thing. The bot says 连胜 for a daily
	// streak and 基础区域／覆盖区域 for a fish's sets.
	zhCNSecondWord = map[string]*regexp.Regexp{
		"zh-CN": regexp.MustCompile(`连续纪录|基础集|覆盖集`),
	}
	// C6: "如果没有鳍是 9", the English "if no fin is"; Chinese says
	// 「如果鳍都不是 9」.
	zhCNNoFinIs = map[string]*regexp.Regexp{
		"zh-CN": regexp.MustCompile(`没有鳍是`),
	}
	// The incidental faults of the same reading, each as it was printed.
	zhCNReview3bCalques = map[string]*regexp.Regexp{
		"zh-CN": regexp.MustCompile(strings.Join([]string{
			`[1-9x] 有些候选数不在任何剩下的模板里`, // tpl.del: 这些格子 with no antecedent
			`的模板都不用 `,        // tpl.del_result: 它们 = the templates
			`所以它们不能是 [1-9x]`, // the same line
			`与互相看到的位置之间交替`,   // X-Chain definition
			`或有史以来`,          // "all time" as a label
			`已先被改动`,          // the stale board
			`和该宫中没有共同数字的几格`,  // Sue de Coq definition
		}, "|")),
	}
)

// zhCNReview3cCalques are the faults of the independent third reading of
// 2026-11-29 (l10n/style/review-2026-11-29c/zh-CN.md), each as it was
// printed. None was systematic; each is here so that it cannot come back.
var zhCNReview3cCalques = map[string]*regexp.Regexp{
	"zh-CN": regexp.MustCompile(strings.Join([]string{
		`两个交叉的数字`,         // N1, AR type 1: a digit is not 交叉, its placement is
		`超出了我能等待的范围`,      // N2, hint.slow: "longer than I can wait"
		`其次是未用提示的数量`,      // N3, the ranking note in three shapes
		`模式已高亮`,           // N4, learn.picture_alt: a pattern is a 结构
		`Discord 没有告诉我们`,  // N5, the bot says 我, never 我们
		`同类的环叫 nice loop`, // L1, AIC lesson: the English name where Chinese says 环
		`通向模板所见结果的捷径`,     // L2, Template Delete lesson: "a shortcut to what templates see"
	}, "|")),
}

// The two systematic classes of the final independent reading of
// 2026-11-29 (l10n/style/review-2026-11-29-final/zh-CN.md), each as it was
// printed, so that neither can come back.
var (
	// F1, the endo fin of a Franken or Mutant fish: "它若填该数字，就同时
	// 满足了这两个区域", the English "could give both their digit"; no
	// Chinese player "satisfies" a row. The catalogue says 「这一格填上这个
	// 数字，两个区域就都有了它」.
	zhCNSatisfiesRegions = map[string]*regexp.Regexp{
		"zh-CN": regexp.MustCompile(`满足了?这两个区域`),
	}
	// F2, a continuous loop's conclusion: "能同时看到某条这类连接两端", 某条
	// and 这类 stacked on one noun; Chinese says 「这样一条连接」.
	zhCNSomeSuchLink = map[string]*regexp.Regexp{
		"zh-CN": regexp.MustCompile(`某[条个种]这[类种样]`),
	}
)

// zhCNReviewConfirmCalques are the faults and judgement calls of the
// confirming reading of 2026-11-29 (l10n/style/review-2026-11-29-confirm/
// zh-CN.md), each as it was printed. None was systematic. F1 is the UR Type
// 3 definition, which read as if both extra corners took an extra digit
// (only one has to). J2 is the Franken definition's 「N 个行和宫……后者……
// 前者」. J3 is 「还不对：你标的都对」, which says "wrong" and "all right"
// one after the other.
var zhCNReviewConfirmCalques = map[string]*regexp.Regexp{
	"zh-CN": regexp.MustCompile(strings.Join([]string{
		`另外两个角必须填它们的某个额外数字`, // F1
		`个行和宫（或列和宫）`,        // J2
		`后者的这个数字只能在前者里`,     // J2, the Franken and Mutant definitions
		`还不对：你标的都对`,         // J3, learn.missing_marks
	}, "|")),
}
