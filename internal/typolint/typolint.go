// Package typolint finds what a native reader catches at a glance in a
// rendered message: ASCII punctuation after Chinese or Japanese text, a
// technique name doubled in its brackets, stray spaces round Latin text in
// Japanese, French ":;?!" without the narrow no-break space, an unfilled
// template field, and the grammar slips the catalogue once made by
// template (a German "mit" before a nominative, a Portuguese unit without
// its article). Tests run it over every message rendered with real data.
package typolint

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// Problem is one finding: what rule, and the text around it.
type Problem struct {
	Rule string
	Near string
}

func (p Problem) String() string { return fmt.Sprintf("%s: …%s…", p.Rule, p.Near) }

// langRules are the faults whose pattern each language sets for itself
// (nil where a language cannot make that fault): a match is a fault.
var langRules = []struct {
	rule string
	re   map[string]*regexp.Regexp
}{
	{"not the language's one board word", otherBoardWord},
	{"the English skeleton: a unit gets its digit from another", getsFrom},
	{"a fish that clears a cell (it removes a digit from it)", fishClears},
	{"a fish name with another gender's article", fishGender},
	{"the tried value x with a digit's article", articledValue},
	{"the English skeleton: one of A and B (an or-list says it)", oneOfCells},
	{"the English skeleton: the rest would follow", wouldFollow},
	{"a verbless definition: the pattern, then its name", patternName},
	{"the locked set's parenthesis a player cannot parse", exactlyItsOther},
	{"a hint's word for a given (Portuguese says pista)", givenAsHint},
	{"German verb-second after a conditional clause", deVerbSecond},
	{"German sowohl … und (it is sowohl … als auch)", deSowohlUnd},
	{"the English skeleton: none of A, B", noneOfCells},
	{"the English skeleton: one of the ends, A and B", oneOfAppositionAnd},
	{"a colon right after a preposition", colonAfterPreposition},
	{"a number word of the other gender", numberGender},
	{"the English skeleton: a candidate called x", calledX},
	{"the English skeleton: one word for the deadly pattern", deadlyWord},
	{"a straight apostrophe in French", frStraightApostrophe},
	// French, the review of 2026-11-29 (review3_fr.go).
	{"a colour that is a digit everywhere (French)", frColourEverywhere},
	{"the English skeleton: a cell that sees every 9 of A and B", frSeesEvery},
	{"the English skeleton: cells that belong to a digit's own templates", frTemplateOwn},
	{"the English skeleton: an almost locked set of digits", frSetOfDigits},
	{"the English skeleton: can hold either of them after a negation", frNoneCanHoldOne},
	{"two et in a row at a forcing chain's end", frAndAnd},
	{"a chain's wrapped line opening on alors", frWrapAlors},
	{"digits as subject without le or les chiffres", frBareDigits},
	{"the exclusion wording the review named (les deux, vide, échoue)", frExclusion},
	{"a calque the review of 2026-11-29 named", frReview3Calques},
	// French, the second reading of 2026-11-29 (review3_fr.go).
	{"the English skeleton: a petal's digit called the stem's own", frPetalOwn},
	{"a digit's article on the letter standing for it", frLetterArticle},
	{"two pronouns for two cells (elle la voit)", frPronounPair},
	{"a calque the second reading of 2026-11-29 named", frReview3bCalques},
	// French, the independent third reading of 2026-11-29 (review3_fr.go).
	{"the English skeleton: a unit or cell that loses the digit (French)", frUnitLosesDigit},
	{"one digit's two places joined by et (French)", frOneDigitBothPlaces},
	{"the tried value x as a bare subject (French)", frBareTriedValue},
	{"a calque the third reading of 2026-11-29 named (French)", frReview3cCalques},
	// French, the final independent reading of 2026-11-29 (review3_fr.go).
	{"a calque the final reading of 2026-11-29 named (French)", frReviewFinalCalques},
	// Brazilian Portuguese, the review of 2026-11-29 (review3_pt-BR.go).
	{"the English skeleton: a cell that sees every 9 of A and B (Portuguese)", ptSeesEvery},
	{"dividir before bare digits (reads as division)", ptShareDigits},
	{"a digit after de without its article", ptPlacesOfBareDigit},
	{"the English skeleton: every other digit", ptEveryOther},
	{"the exclusion wording the review named (as duas, esvazia, falha)", ptExclusion},
	{"straight quotes in Portuguese", ptStraightQuotes},
	{"the English skeleton: the cases end in the same place", ptSamePlace},
	{"the indicative after nenhuma casa que", ptNoneIndicative},
	{"a technique name capitalised mid-sentence (Portuguese)", ptCapitalName},
	{"no comma after de qualquer jeito", ptEitherWayComma},
	{"the English skeleton: an almost locked set of digits (Portuguese)", ptSetOfDigits},
	{"a digit left to a cell without its article", ptLeaveBareDigit},
	{"the English skeleton: cannot both be (Portuguese)", ptBothCannot},
	{"se só tivesse with no subject", ptNoSubject},
	{"digits as subject without o or os dígitos", ptBareDigits},
	{"a calque the pt-BR review of 2026-11-29 named", ptReview3Calques},
	// Brazilian Portuguese, the second reading of 2026-11-29 (review3_pt-BR.go).
	{"the English skeleton: a digit that sits in A and B (está for aparece)", ptSitsInBoth},
	{"the English skeleton: a petal's digit called the stem's own (Portuguese)", ptPetalOwn},
	{"a hidden pair's digits as subject without os dígitos", ptHiddenPairBare},
	{"the English skeleton: none of the templates uses some cells", ptNoneSome},
	{"a calque the pt-BR second reading of 2026-11-29 named", ptReview3bCalques},
	// Brazilian Portuguese, the third reading of 2026-11-29 (review3_pt-BR.go).
	{"a sashimi name whose fin lacks the corner (Portuguese)", ptFinWithoutCorner},
	{"the colours said to form the chains (Portuguese)", ptColoursFormChains},
	{"acrescentar … a mais (a pleonasm)", ptAddMore},
	{"a fault the pt-BR third reading of 2026-11-29 named", ptReview3cFaults},
	{"a digit held in a cell without its article (Portuguese)", ptHeldBareDigit},
	{"the unit as a bare label after vê (Portuguese)", ptSeesUnitLabel},
	{"candidates summed (Portuguese)", ptCandidatesSummed},
	// Brazilian Portuguese, the fourth reading of 2026-11-29 (review3_pt-BR.go).
	{"a digit list before a colon as subject (Portuguese)", ptDigitListColon},
	{"a fault the pt-BR fourth reading of 2026-11-29 named", ptReview3dFaults},
	// Brazilian Portuguese, the final independent reading of 2026-11-29 (review3_pt-BR.go).
	{"the English skeleton: every single it causes (Portuguese)", ptSingleItCauses},
	{"a fault the pt-BR final reading of 2026-11-29 named", ptReviewFinalFaults},
	// Brazilian Portuguese, the confirming reading of 2026-11-29 (review3_pt-BR.go).
	{"faltam before a count of 1 (Portuguese)", ptFaltamOne},
	{"a plural noun after the count 1 (Portuguese)", ptOnePlural},
	{"a sentence's capital inside a list", capitalInList},
	{"a gender placeholder printed", genderPlaceholder},
	{"a digit as subject without its article", bareDigitSubject},
	{"German gilt before a main clause", deGiltClause},
	{"German small letter after a colon before a sentence", deSmallAfterColon},
	{"the unit word repeated for each number", repeatedUnitWord},
	{"a singular verb after two cells", pluralAfterCells},
	{"one connector twice in a sentence", connectorTwice},
	{"the fin's removal told as an order, or from every cell", finAsOrder},
	{"the English everywhere for a colour's cells", esEverywhere},
	{"a calque a native review named", reviewedCalques},
	// The German classes of the review of 5b8e8fb (review3_de.go).
	{"German: a colour is the digit everywhere", deColourEverywhere},
	{"German small letter after a colon before a sentence", deSmallSentenceAfterColon},
	{"German es for a cell in a strong link", deItIsCell},
	{"the English skeleton: each of, two of, give both their digit", deEachOfTwoOf},
	{"a sentence that starts with a numeral", deNumeralOpens},
	{"a digit without its article (or a variable with one)", deBareDigit},
	{"a word the German style sheet does not use", deOffSheetWord},
	// Spanish, the review of 2026-11-29 (review3_es-ES.go).
	{"a sentence opened with «Así que»", esSentenceAsiQue},
	{"every … sees every … (the English skeleton)", esEveryEvery},
	{"«en» stacked on «en»", esStackedEn},
	{"a quantifier read as the cell's («ven las dos r8c2»)", esQuantifierBeforeCell},
	{"«ninguna de las casillas A y B» (the English none of)", esNoneOfTheCells},
	{"a sentence opens with a numeral", esNumeralOpensSentence},
	{"a line broken inside a list of numbers", esBreakInNumberList},
	{"one clause per cell for one digit placed", esPlaceRepeated},
	{"a calque the es-ES review of 2026-11-29 named", esReview3Calques},
	// Spanish, the second reading of 2026-11-29 (review3_es-ES.go).
	{"a fronted list of houses or a second clause without its comma", esFishCommas},
	{"«un mismo color» for one of the two colours", esOneSameColour},
	{"a connector at the head of a clause without its comma", esConnectorComma},
	{"a colon followed by «así que»", esColonConnector},
	{"a fault the es-ES second reading of 2026-11-29 named", esReview3bCalques},
	// Spanish, the third (independent) reading of 2026-11-29 (review3_es-ES.go).
	{"the English skeleton: a cell gives two units their digit", esGiveBothTheirDigit},
	{"«ve su 5 en …» (the petal's digit read as the cell's own)", esSeesItsDigit},
	{"a digit held in a cell without its article («tienen 1 en r8c2»)", esHeldDigitArticle},
	{"the subject said again in a sentence's second clause", esSubjectRepeated},
	{"a fault the es-ES third reading of 2026-11-29 named", esReview3cCalques},
	// Spanish, the fourth (independent) reading of 2026-11-29 (review3_es-ES.go).
	{"one fin told as «todas las aletas»", esOneFinAllFins},
	{"a technique's name with its capital in brackets mid-sentence", esNameInBrackets},
	{"«en exactamente un» (the English in exactly one)", esInExactlyOne},
	{"«con p. ej.» (the English with e.g.)", esWithEg},
	{"«sus otras casillas vacías» read as the digit's", esItsOtherCells},
	{"a fault the es-ES fourth reading of 2026-11-29 named", esReview3dCalques},
	// Spanish, the fifth (independent) reading of 2026-11-29 (review3_es-ES.go).
	{"one main clause for a broken rule and a common conclusion (the English skeleton)", esRuleBrokenConclusion},
	{"two quantifiers stacked without commas («ven cada uno todos»)", esStackedQuantifiers},
	{"a fault the es-ES fifth reading of 2026-11-29 named", esReview3eCalques},
	// Spanish, the final (independent) reading of 2026-11-29 (review3_es-ES.go).
	{"«esas dos casillas» pointing back to the cells seen, not the pair", esThoseTwoCells},
	{"«es 9 él mismo» (the English it is 9 itself)", esItselfLast},
	{"a calque the German review of 5b8e8fb named", deReviewedCalques},
	{"a calque the German lesson review of 5b8e8fb named", deLessonCalques},
	// German, the second reading of 46bf67c (review3_de.go).
	{"German also at every link of a proof", deAlsoEveryLink},
	{"the English skeleton: a cell joined to itself", deJoinedToItself},
	{"German was … auch before dieser Ziffer", deWhateverStem},
	{"the English skeleton: an almost locked set of digits (German)", deSetOfDigits},
	{"a calque the second German reading of 46bf67c named", deSecondReadingCalques},
	// German, the third reading of bc848cc (review3_de.go).
	{"a calque the third German reading of bc848cc named", deThirdReadingCalques},
	// German, the final independent reading of 5fc09fe (review3_de.go).
	{"a calque the final German reading of 5fc09fe named", deFinalReadingCalques},
	// The zh-CN classes of the review of 2f29aa9 (review3_zh-CN.go).
	{"zh-CN: a petal tautology (在每片花瓣中…在某一片花瓣中)", zhCNPetalTautology},
	{"zh-CN: the English a cell that sees every 9 (…的格子不能填它)", zhCNSeesEvery},
	{"zh-CN: a fin that clears all cells of its box", zhCNFinAllCells},
	{"zh-CN: 不在 A 和 B 任何一格 (A 和 B 都不是)", zhCNNoneOfGroup},
	{"zh-CN: the exclusion 这两格不能是 8 和 9", zhCNCannotBeBoth},
	{"zh-CN: two different 另一个 in one sentence", zhCNOtherOther},
	{"zh-CN: a calque the review of 2f29aa9 named", zhCNReview3Calques},
	{"zh-CN: a calque the lesson review of 2f29aa9 named", zhCNLessonCalques},
	// zh-CN, the independent second reading of 2026-11-29 (review3_zh-CN.go).
	{"zh-CN: 其中的其他格子 after the base of a fish (the cover's other cells)", zhCNAmongBase},
	{"zh-CN: 让盘面没有成为 (the English keep the grid from being)", zhCNKeepFromBeing},
	{"zh-CN: 不论是 A 或 B (不论 takes 还是)", zhCNWhetherOr},
	{"zh-CN: 或 between the houses that all lose a subset's digits", zhCNOtherCellsOr},
	{"zh-CN: a second word for a streak or a fish's sets (连胜, 基础区域／覆盖区域)", zhCNSecondWord},
	{"zh-CN: 没有鳍是 (Chinese says 鳍都不是)", zhCNNoFinIs},
	{"zh-CN: a fault the second reading of 2026-11-29 named", zhCNReview3bCalques},
	// zh-CN, the independent third reading of 2026-11-29 (review3_zh-CN.go).
	{"zh-CN: a fault the third reading of 2026-11-29 named", zhCNReview3cCalques},
	// zh-CN, the final independent reading of 2026-11-29 (review3_zh-CN.go).
	{"zh-CN: 满足这两个区域 (the English give both their digit)", zhCNSatisfiesRegions},
	{"zh-CN: 某条这类 (two determiners on one noun)", zhCNSomeSuchLink},
	// zh-CN, the confirming reading of 2026-11-29 (review3_zh-CN.go).
	{"zh-CN: a fault the confirming reading of 2026-11-29 named", zhCNReviewConfirmCalques},
	// Japanese, the review of 2026-11-29 (review3_ja.go).
	{"a negated or-list the English way (Japanese says 7でも8でもない)", jaNegatedOrList},
	{"多くて with a choice (it goes with a number)", jaAtMostOne},
	{"その数字 after a single digit named", jaThatDigitAfterOne},
	{"a polite verb before ので in a subordinate clause", jaPoliteBeforeNode},
	{"a list of numbers broken at a line end", jaBrokenNumberList},
	{"a term the Japanese style sheet replaced", jaReplacedTerms},
	{"a calque the review of 2026-11-29 named (ja)", jaReview3Calques},
	// Japanese, the second reading of 2026-11-29 (review3_ja.go).
	{"a bivalue-cell compound (Japanese says 候補が2つのマス)", jaCandidateCellCompound},
	{"BUG's 必要なハウスごとに (Japanese says まだ入っていないハウスでは)", jaNeededHouse},
	{"a conjugate pair glossed as a house", jaPairAsHouse},
	{"the grammar the second reading of 2026-11-29 named (ja)", jaSecondReadingGrammar},
	// Japanese, the third reading of 2026-11-29 (review3_ja.go).
	{"したがって on one link of a chain (ja)", jaChainTherefore},
	{"もう一方の端 for two cells (Japanese says 残りの2つの端)", jaOtherEndTwoCells},
	{"多くとも, the English at most (ja)", jaAtMostCalque},
	{"spoken 多くて before a count (ja)", jaSpokenAtMost},
	{"the English fill two with an unnamed digit (ja)", jaFillTwo},
	{"two もう一方 with two referents in one clause (ja)", jaOtherOther},
	{"every fin when the hint named one fin (ja)", jaOneFinEvery},
	{"a calque the third reading of 2026-11-29 named (ja)", jaThirdReadingCalques},
	{"every cell of the fin's box, the fin included (ja)", jaFinEveryBoxCell},
	{"the only place for a group of cells (ja)", jaGroupOnlyPlace},
	{"each chain after a fish with one fin (ja)", jaKrakenEachChain},
	// Japanese, the final reading of 2026-11-29 (review3_ja.go).
	{"a calque the final reading of 2026-11-29 named (ja)", jaFinalReadingCalques},
	// zh-TW, the review of 2026-11-29 (review3_zh-TW.go).
	{"如果沒有鰭是 (Chinese says 如果鰭都不是)", zhTWNoFinIs},
	{"the English skeleton: a cell that sees every 9 of A and B (zh-TW)", zhTWSeesEvery},
	{"a term the zh-TW style sheet replaced", zhTWReplacedTerms},
	{"a calque the review of 2026-11-29 named (zh-TW)", zhTWReview3Calques},
	{"a calque the zh-TW lesson review of 2026-11-29 named", zhTWLessonCalques},
	// zh-TW, the second reading of 2026-11-29 (review3_zh-TW.go).
	{"zh-TW: 交叉排列 for the diagonal arrangement (各佔一組對角)", zhTWCrosswise},
	{"zh-TW: houses joined by 或 in 「…的其他格子」 (Chinese says 和)", zhTWOrHouses},
	{"zh-TW: 命令 for a slash command (Discord says 指令)", zhTWCommandWord},
	{"zh-TW: a calque the second reading of 2026-11-29 named", zhTWSecondReadingCalques},
	// zh-TW, the third reading of 2026-11-29 (review3_zh-TW.go).
	{"zh-TW: 「看到它在……所有位置的格子」, the English \"all its places there\"", zhTWItsPlacesThere},
	{"zh-TW: a contradiction that makes \"the conclusion\" hold (the forcing-net definition)", zhTWContradictionConcludes},
	{"zh-TW: 它們兩個 for \"both of them\" (a hint says 這兩格)", zhTWBothOfThem},
	{"zh-TW: a calque the third reading of 2026-11-29 named", zhTWThirdReadingCalques},
	// zh-TW, the fourth reading of 2026-11-29 (review3_zh-TW.go).
	{"zh-TW: 「鏈就使終點為真」, the English \"the chain makes the end true\"", zhTWChainMakesTrue},
	{"zh-TW: 該數字 before any digit is named (the finned and sashimi definitions)", zhTWDanglingThatDigit},
	{"zh-TW: a calque the fourth reading of 2026-11-29 named", zhTWFourthReadingCalques},
	{"zh-TW: a calque the final reading of 2026-11-29 named", zhTWFinalReadingCalques},
}

// Check lints a message rendered in the catalogue language tag ("ja",
// "zh-CN", "fr", "pt-BR", "de").
func Check(tag, text string) []Problem {
	var out []Problem
	add := func(rule string, s string, i, j int) {
		out = append(out, Problem{Rule: rule, Near: near(s, i, j)})
	}
	checkWhole(text, add)
	// The rules of spacing and punctuation do not apply inside code
	// spans, which hold what a player types.
	for _, part := range prose(text) {
		switch {
		case strings.HasPrefix(tag, "zh"), tag == "ja":
			for _, m := range asciiAfterCJK.FindAllStringIndex(part, -1) {
				add("ASCII punctuation after CJK text", part, m[0], m[1])
			}
			if strings.ContainsFunc(part, isCJK) {
				for _, m := range asciiEnum.FindAllStringIndex(part, -1) {
					add("ASCII comma in a CJK enumeration", part, m[0], m[1])
				}
				for _, m := range asciiEnd.FindAllStringIndex(part, -1) {
					add("ASCII punctuation after CJK text", part, m[0], m[1])
				}
				for _, m := range asciiColon.FindAllStringIndex(part, -1) {
					add("ASCII colon in CJK text", part, m[0], m[1])
				}
			}
			for _, m := range allOfOne.FindAllStringIndex(part, -1) {
				add("\"all\" of a count of one", part, m[0], m[1])
			}
			if tag == "ja" {
				for _, m := range jaSpace.FindAllStringIndex(part, -1) {
					add("space round Latin text in Japanese", part, m[0], m[1])
				}
				for _, m := range jaPlain.FindAllStringIndex(part, -1) {
					add("plain form ends a Japanese sentence (です/ます)", part, m[0], m[1])
				}
			} else if i := strings.Index(part, "您"); i >= 0 {
				add("formal 您 where the bot says 你", part, i, i+len("您"))
			}
			if tag == "zh-TW" {
				for _, m := range zhTWConverted.FindAllStringIndex(part, -1) {
					add("zh-TW converted from zh-CN, not written for Taiwan", part, m[0], m[1])
				}
			}
			if i := strings.IndexAny(part, "“”"); tag == "zh-TW" && i >= 0 {
				add("curly quotes where Taiwan writes 「」", part, i, i+len("“"))
			}
		case tag == "fr":
			for _, i := range frMissing(part) {
				add("no narrow no-break space before French punctuation", part, i, i+1)
			}
			for _, m := range frVous.FindAllStringIndex(part, -1) {
				add("French vous where the bot says tu", part, m[0], m[1])
			}
			for _, m := range frUncontracted.FindAllStringIndex(part, -1) {
				add("French preposition not contracted with the article", part, m[0], m[1])
			}
		case tag == "es-ES":
			for _, m := range esVosotros.FindAllStringIndex(part, -1) {
				add("Spanish vosotros where the bot says tú", part, m[0], m[1])
			}
		case tag == "pt-BR":
			for _, re := range ptArticles {
				for _, m := range re.FindAllStringIndex(part, -1) {
					add("Portuguese unit without its article", part, m[0], m[1])
				}
			}
			for _, m := range ptDoubled.FindAllStringIndex(part, -1) {
				add("Portuguese article doubled", part, m[0], m[1])
			}
			for _, m := range ptUncontracted.FindAllStringIndex(part, -1) {
				add("Portuguese preposition not contracted", part, m[0], m[1])
			}
		case tag == "en-US", tag == "en-GB":
			checkEnglishSpelling(tag, part, add)
		case tag == "de":
			for _, m := range deMit.FindAllStringIndex(part, -1) {
				add("German nominative after mit", part, m[0], m[1])
			}
			for _, m := range deBareUnits.FindAllStringIndex(part, -1) {
				add("German plural units without their article", part, m[0], m[1])
			}
			for _, m := range deAccusative.FindAllStringIndex(part, -1) {
				add("German accusative after a dative preposition", part, m[0], m[1])
			}
			for _, m := range deDativeN.FindAllStringIndex(part, -1) {
				add("German dative plural without its -n", part, m[0], m[1])
			}
		}
		for _, r := range langRules {
			if re := r.re[tag]; re != nil {
				for _, m := range re.FindAllStringIndex(part, -1) {
					add(r.rule, part, m[0], m[1])
				}
			}
		}
		if tag != "fr" && !strings.HasPrefix(tag, "zh") && tag != "ja" {
			for _, m := range spaceBeforePunct.FindAllStringIndex(part, -1) {
				add("space before punctuation", part, m[0], m[1])
			}
		}
	}
	return out
}

// checkWhole applies the rules that read the whole text, code spans
// included: leftovers of the catalogue's templates and of its syntax, and
// the shapes of a sentence built wrong (names, brackets, colons, arrows).
func checkWhole(text string, add func(rule, s string, i, j int)) {
	for _, bad := range []string{"<no value>", "%!", "{{", "}}"} {
		if i := strings.Index(text, bad); i >= 0 {
			add("unfilled template field", text, i, i+len(bad))
		}
	}
	// A catalogue line pasted into a value ("other = \"…"): the TOML
	// syntax, not the message, reaches the player.
	if i := strings.Index(strings.ToLower(text), `other = "`); i >= 0 {
		add("catalogue syntax in the text", text, i, i+len(`other = "`))
	}
	for _, m := range doubledName(text) {
		add("doubled name", text, m[0], m[1])
	}
	for _, m := range twoBrackets.FindAllStringIndex(text, -1) {
		add("two bracketed groups in a row", text, m[0], m[1])
	}
	for _, m := range listAfterColon.FindAllStringIndex(text, -1) {
		add("list notation after a colon (two colons in one sentence)", text, m[0], m[1])
	}
	if i := strings.Index(text, ", ⇒"); i >= 0 {
		add("comma before an arrow", text, i, i+len(", ⇒"))
	}
}

var (
	cjkClass = `\p{Han}\p{Hiragana}\p{Katakana}ー\x{3000}-\x{303f}\x{ff00}-\x{ff65}`
	// A clause mark in ASCII right after CJK text ("只有 3 和 4.",
	// "しかない."), over one space at most; "..." is left alone.
	// A dot after a space is the character itself ("0 或 . 表示").
	asciiAfterCJK = regexp.MustCompile(`[` + cjkClass + `]([,.:;!?]| [,:;!?])([^.\w/]|$)`)
	// "删除 1, 3": listed digits or cells joined by an ASCII comma.
	asciiEnum = regexp.MustCompile(`\b[r0-9c]*[0-9], [0-9r]`)
	// "只有 3 和 4.": a sentence of CJK text ended in ASCII after a
	// digit or Latin word.
	// A rank at a line's start ("1. <@42>") is markup, not a sentence.
	asciiEnd = regexp.MustCompile(`[^\n0-9][0-9A-Za-z)][.!?;]( |\n|$|[` + cjkClass + `])|[0-9]{2,}[.!?;]( |\n|$|[` + cjkClass + `])`)
	// "r1c3: 删除 6": an ASCII colon and space in CJK text.
	asciiColon = regexp.MustCompile(`[0-9A-Za-z]: `)
	// A space between Japanese text and Latin letters or digits, or
	// between two Japanese characters.
	jaSpace = regexp.MustCompile(`[` + cjkClass + `] +[0-9A-Za-z` + cjkClass + `]|[0-9A-Za-z] +[` + cjkClass + `]`)
	// A Japanese sentence that ends in a plain verb or adjective: the
	// bot's Japanese is polite (です/ます) throughout; clauses inside a
	// sentence or a bracket may stay plain.
	jaPlain = regexp.MustCompile(`(ない|する|される|来る|なる|ある|いる|入る|消える|だ)。`)
	// The formal "vous" in French, where the bot says "tu".
	// An imperative to one player in the vous form counts too
	// ("choisissez", "appuyez"); "venez", "continuez" may speak to a
	// group and are left alone.
	frVous = regexp.MustCompile(`(^|[^\pL])(?i:vous|votre|vos|choisissez|appuyez|touchez|cliquez|tapez|essayez|regardez|utilisez|sélectionnez|ouvrez|entrez)([^\pL]|$)`)
	// Spain's "vosotros" plural ("venid", "tenéis"): the Spanish style
	// sheet serves Latin America too and says tú, or ustedes for a group.
	esVosotros = regexp.MustCompile(`(^|[^\pL])(vosotros|vosotras|vuestr[oa]s?|os|venid|tenéis|sois|estáis|podéis|queréis|habéis|jugad|mirad)([^\pL]|$)`)
	// "Em bloco 9", "de coluna 4", "Olhe linhas 5 e 8".
	ptUnit     = `(linha|coluna|bloco|linhas|colunas|blocos) [1-9]`
	ptArticles = []*regexp.Regexp{
		regexp.MustCompile(`(^|[^\pL])(?i:em|de|olhe|entre|para|por|sobre|com) ` + ptUnit),
		// "só pode ir na coluna 8 ou a linha 6": the second place of an
		// or-list without the preposition the first one took.
		regexp.MustCompile(`\b(na|no) (linha|coluna|bloco) [1-9] ou (a|o) (linha|coluna|bloco) [1-9]`),
	}
	ptDoubled      = regexp.MustCompile(`(^|[^\pL])(?i:no|na|nos|nas|do|da|dos|das|ao|aos|o|a|os|as|à|às) (o|a|os|as) (linhas?|colunas?|blocos?)\b`)
	ptUncontracted = regexp.MustCompile(`(^|[^\pL])(?i:em|de) (o|a|os|as) (linha|coluna|bloco|casa|célula|caixa)`)
	// "mit Versteckter Einer", "mit Nacktes Paar": an adjective in the
	// nominative after "mit", which takes the dative.
	deMit = regexp.MustCompile(`\bmit [A-ZÄÖÜ][a-zäöüß-]*(er|es) [A-ZÄÖÜ]`)
	// "In Zeilen 1 und 4", "bekommen Spalten 1 und 7": plural units
	// without their article.
	deBareUnits = regexp.MustCompile(`(^|[^\pL])(?i:in|aus|von|bekommen|dir|und) (Zeilen|Spalten|Blöcke) [1-9]`)
	// "in die Zeilen 1 und 4" where the place wants the dative.
	deAccusative = regexp.MustCompile(`(^|[^\pL])(?i:in|aus|von|mit|bei) die (Zeilen|Spalten|Blöcke) [1-9]`)
	// "den Blöcke 5 und 8": a dative plural article before the
	// nominative plural (the dative is "den Blöcken").
	deDativeN = regexp.MustCompile(`(^|[^\pL])den Blöcke [1-9]`)
	// "le 2 de le bloc 2", "à le bloc": a preposition before the
	// masculine or plural article, which French contracts (du, au, des,
	// aux). Only before a unit or a digit: "essaie de le placer" is a
	// pronoun.
	frUncontracted = regexp.MustCompile(`(^|[^\pL])(?i:de|à) (le|les) (blocs?|lignes|colonnes|[1-9])\b`)
	// "r4c6 ." in languages that set no space before punctuation.
	// A lone "." between spaces is the character itself ("0 or . for
	// blanks").
	spaceBeforePunct = regexp.MustCompile(`\S [,;:!?](\s|$)|\S \.(\n|$)`)
	cellName         = regexp.MustCompile(`^(r[1-9]c[1-9])+$`)
	// One board word per language (the style sheets): German
	// "Spielfeld", never "Brett"; Chinese 盘面/盤面, never 棋盘/棋盤;
	// Spanish "tablero", never "cuadrícula"; Portuguese "tabuleiro", never
	// "grade".
	otherBoardWord = map[string]*regexp.Regexp{
		"de":    regexp.MustCompile(`\bBrett(s|es|er|ern)?\b`),
		"zh-CN": regexp.MustCompile(`棋盘`),
		"zh-TW": regexp.MustCompile(`棋盤`),
		"es-ES": regexp.MustCompile(`(^|[^\pL])cuadrícula`),
		"pt-BR": regexp.MustCompile(`\bgrade\b`),
	}
	// "X gets its 4 from Y" carried into other languages: "bekommen ihre
	// 4 aus", "recebem seus 4 do", "的 4 都来自", "の4は…から来る".
	getsFrom = map[string]*regexp.Regexp{
		"en-US": regexp.MustCompile(`\bgets? (its|their) [1-9]s? from\b`),
		"en-GB": regexp.MustCompile(`\bgets? (its|their) [1-9]s? from\b`),
		"de":    regexp.MustCompile(`\bbekomm(t|en)\b[^.;]*\b(seine|ihre) [1-9] aus\b`),
		"fr":    regexp.MustCompile(`\b(prennen?t|a|ont) (donc )?(son|leurs?) [1-9] dans\b`),
		"es-ES": regexp.MustCompile(`\breciben? sus? [1-9] de\b`),
		"pt-BR": regexp.MustCompile(`\brecebem? seus? [1-9] (de|do|da|dos|das)\b`),
		"ja":    regexp.MustCompile(`から来`),
		"zh-CN": regexp.MustCompile(`[1-9] 都?来自`),
		"zh-TW": regexp.MustCompile(`[1-9] 都?來自`),
	}
	// "a cell the fish would clear": to a player, clearing a cell empties
	// it, which a fish never does; it removes one digit from the cell.
	fishClears = map[string]*regexp.Regexp{
		"en-US": regexp.MustCompile(`\b(fish|it) would clear\b`),
		"en-GB": regexp.MustCompile(`\b(fish|it) would clear\b`),
		"de":    regexp.MustCompile(`\b(Fisch|er|sie) räumen würde\b`),
		"fr":    regexp.MustCompile(`\b(poisson|il) viderait\b`),
		"es-ES": regexp.MustCompile(`\b(pez )?despejaría\b`),
		"pt-BR": regexp.MustCompile(`\b(peixe|ele|ela) limparia\b`),
		"zh-CN": regexp.MustCompile(`本应清除`),
		"zh-TW": regexp.MustCompile(`本應清除`),
	}
	// "ein Qualle", "un Medusa", "um Água-viva": an article fixed in the
	// sentence before a fish name of the other gender.
	fishGender = map[string]*regexp.Regexp{
		// (der Wal: "ein Wal" is right.)
		"de":    regexp.MustCompile(`\bein Qualle\b`),
		"es-ES": regexp.MustCompile(`(^|[^\pL])un (?i:medusa|ballena)\b`),
		"pt-BR": regexp.MustCompile(`(^|[^\pL])um (?i:água-viva|baleia)\b`),
	}
	// "Result: r5c7: remove 4": a cell and a colon right after a
	// sentence's own colon, the list notation of the steps listing.
	listAfterColon = regexp.MustCompile(`[:：]\x{202f}? ?r[1-9]c[1-9]\x{202f}? ?[:：]`)
	// "one of r7c3 and r8c3 is 9", "eines von r7c3 und r8c3", "l’une de
	// r7c3 et r8c3": the English "one of A and B" where the language says
	// "A or B". (A Japanese or Chinese "AかBのどちらか" is natural.)
	oneOfCells = map[string]*regexp.Regexp{
		"en-US": regexp.MustCompile(`\b(?i:one|each) of (r[1-9]c[1-9]|[1-9])(,| and )`),
		"en-GB": regexp.MustCompile(`\b(?i:one|each) of (r[1-9]c[1-9]|[1-9])(,| and )`),
		"de":    regexp.MustCompile(`\b(?i:eines|einem|eine|jedes|jede) von (r[1-9]c[1-9]|[1-9])(,| und )`),
		"fr":    regexp.MustCompile(`(^|[^\pL])(?i:l’une|l’un|chacune|chacun) de (r[1-9]c[1-9]|[1-9])(,| et )`),
		"es-ES": regexp.MustCompile(`(^|[^\pL])(?i:una|uno|cada una|cada uno) de (r[1-9]c[1-9]|[1-9])(,| y )`),
		"pt-BR": regexp.MustCompile(`(^|[^\pL])(?i:uma|um|cada uma|cada um) de (r[1-9]c[1-9]|[1-9])(,| e )`),
	}
	// "r9c2 and r9c3 would follow", "der Rest würde folgen", "suivraient",
	// "seguirían", "viriam em seguida": the English "would follow" for
	// cells a deduction fixes.
	wouldFollow = map[string]*regexp.Regexp{
		"en-US": regexp.MustCompile(`\bwould follow\b`),
		"en-GB": regexp.MustCompile(`\bwould follow\b`),
		"de":    regexp.MustCompile(`\bwürden? folgen\b`),
		"fr":    regexp.MustCompile(`\bsuivrai(en)?t\b`),
		"es-ES": regexp.MustCompile(`\bseguirían?\b`),
		"pt-BR": regexp.MustCompile(`\bviriam? em seguida\b`),
	}
	// "Das Muster Qualle mit Blöcken …:", "Le motif Méduse avec …": a
	// definition with no verb that sets the name after "the pattern".
	patternName = map[string]*regexp.Regexp{
		"en-US": regexp.MustCompile(`\bThe [A-Z][\w-]*( [A-Z][\w-]*)? pattern (with|on)\b`),
		"en-GB": regexp.MustCompile(`\bThe [A-Z][\w-]*( [A-Z][\w-]*)? pattern (with|on)\b`),
		"de":    regexp.MustCompile(`\bDas Muster \p{Lu}`),
		"fr":    regexp.MustCompile(`\bLe motif \p{Lu}`),
		"es-ES": regexp.MustCompile(`\bEl patrón \p{Lu}`),
		"pt-BR": regexp.MustCompile(`\bO padrão \p{Lu}`),
	}
	// "(its cells hold exactly its other digits)": the locked set told
	// in words no player parses.
	exactlyItsOther = map[string]*regexp.Regexp{
		"en-US": regexp.MustCompile(`exactly its other digits`),
		"en-GB": regexp.MustCompile(`exactly its other digits`),
		"de":    regexp.MustCompile(`genau (ihre|seine) anderen Ziffern`),
		"fr":    regexp.MustCompile(`exactement ses autres chiffres`),
		"es-ES": regexp.MustCompile(`justo sus otros dígitos`),
		"pt-BR": regexp.MustCompile(`exatamente seus outros dígitos`),
		"ja":    regexp.MustCompile(`残りの数字ちょうど`),
		"zh-CN": regexp.MustCompile(`恰好是它的其他数字`),
		"zh-TW": regexp.MustCompile(`恰好是它的其他數字`),
	}
	// "essa casa é uma dica 7": a given called a hint (dica) in a bot
	// whose hints are dicas; Brazilian players say pista.
	givenAsHint = map[string]*regexp.Regexp{
		"pt-BR": regexp.MustCompile(`\bdicas? inicia(l|is)\b|uma dica [1-9]|\bfalta uma dica\b|\bdas dicas\b|\(tem [0-9]+ dicas\)`),
	}
	// "Wäre r1c3 eine 9, r1c1 könnte nicht …": the main clause after a
	// conditional clause puts its verb first.
	deVerbSecond = map[string]*regexp.Regexp{
		"de": regexp.MustCompile(`\b(Wäre|Nähme|Hätte|Stünde) [^,.;]*, (r[1-9]c[1-9]|er|sie|es|die|der|das) (könnte|wäre|müsste|hätte|würde)\b`),
	}
	// "sowohl ein Feld von B und ein Feld von D".
	deSowohlUnd = map[string]*regexp.Regexp{
		"de": regexp.MustCompile(`\bsowohl [^.;,]* und\b`),
	}
	// "2 steht in keinem von r9c5, r9c6": "none of" before bare cells
	// (the language says "in none of the cells", or "neither … nor").
	noneOfCells = map[string]*regexp.Regexp{
		"de":    regexp.MustCompile(`\bkeinem von r[1-9]c[1-9]`),
		"fr":    regexp.MustCompile(`\baucune de r[1-9]c[1-9]`),
		"es-ES": regexp.MustCompile(`\bninguna de r[1-9]c[1-9]`),
		"pt-BR": regexp.MustCompile(`\bnenhuma de r[1-9]c[1-9]`),
	}
	// "jeder Fall führt zu: r6c4 ist keine 2", "mène à : …": a preposition
	// left without its object before a colon (German "aus:" is mostly a
	// verb's particle: "schließt die 7 aus:").
	colonAfterPreposition = map[string]*regexp.Regexp{
		"de":    regexp.MustCompile(`\b(zu|zum|von|mit|für):`),
		"fr":    regexp.MustCompile(`(^|[^\pL])(à|de|en|pour)\x{202f}?:`),
		"es-ES": regexp.MustCompile(`(^|[^\pL])(a|de|en|para):`),
		"pt-BR": regexp.MustCompile(`(^|[^\pL])(a|de|em|para):`),
	}
	// "duas casas para duas dígitos": a number word that agrees with
	// another noun.
	numberGender = map[string]*regexp.Regexp{
		"pt-BR": regexp.MustCompile(`\b(uma|duas) dígitos?\b`),
		"es-ES": regexp.MustCompile(`\buna dígitos?\b`),
	}
	// "einen Kandidaten, genannt x": the English "call it x".
	calledX = map[string]*regexp.Regexp{
		"de": regexp.MustCompile(`\bgenannt x\b`),
	}
	// "… would hold only 1 and 7: deadly.": the English one-word
	// verdict; the languages name the pattern.
	deadlyWord = map[string]*regexp.Regexp{
		"en-US": regexp.MustCompile(`: deadly\.`),
		"en-GB": regexp.MustCompile(`: deadly\.`),
		"de":    regexp.MustCompile(`: tödlich\.`),
		"fr":    regexp.MustCompile(`:\s?mortel\.`),
		"es-ES": regexp.MustCompile(`: mortal\.`),
		"pt-BR": regexp.MustCompile(`: mortal\.`),
	}
	// "aujourd'hui": French sets the typographic apostrophe (’).
	frStraightApostrophe = map[string]*regexp.Regexp{
		"fr": regexp.MustCompile(`\pL'\pL`),
	}
	// "Na linha 1, Na linha 6 e No bloco 3": the sentence-opening form of
	// a noun repeated inside a list.
	capitalInList = map[string]*regexp.Regexp{
		"pt-BR": regexp.MustCompile(`[0-9], (Na|No|Nas|Nos|Da|Do) (linha|coluna|bloco)|[0-9] e (Na|No|Nas|Nos|Da|Do) (linha|coluna|bloco)`),
		"fr":    regexp.MustCompile(`[0-9], (Dans|Du|De) (la|le|les)? ?(ligne|colonne|bloc)`),
	}
	// "l’une des deux autres extrémités, r3c7 et r5c2, vaut 4": an
	// apposition that names the alternatives with "and".
	oneOfAppositionAnd = map[string]*regexp.Regexp{
		"en-US": regexp.MustCompile(`\bone of the (two )?other ends, r[1-9]c[1-9] and`),
		"en-GB": regexp.MustCompile(`\bone of the (two )?other ends, r[1-9]c[1-9] and`),
		"fr":    regexp.MustCompile(`extrémités, r[1-9]c[1-9] et`),
		"es-ES": regexp.MustCompile(`extremos, r[1-9]c[1-9] y`),
		"pt-BR": regexp.MustCompile(`pontas, r[1-9]c[1-9] e`),
	}
	// zh-TW text converted character by character from zh-CN: 只 wrongly
	// made 隻 ("最多隻有"), 权限 made 許可權, 发布 made 釋出, 游玩 kept
	// as 游 ("私下游玩"), and mainland words Taiwan does not use.
	zhTWConverted = regexp.MustCompile(`隻有|許可權|釋出|下游玩|發帖|獲取|跟蹤|當前|TA |Asia/Shanghai`)
	// "einziger Platz für die x", "pour le x": the value a proof tries,
	// written x, given the article of a digit.
	articledValue = map[string]*regexp.Regexp{
		"de":    regexp.MustCompile(`(^|[^\pL])(?i:die|der|eine|keine) x\b`),
		"fr":    regexp.MustCompile(`(^|[^\pL])(?i:le|du|au) x\b`),
		"es-ES": regexp.MustCompile(`(^|[^\pL])(?i:el|al|del) x\b`),
		"pt-BR": regexp.MustCompile(`(^|[^\pL])(?i:o|ao|do|no) x\b`),
	}
	// "入れた1マスはすべて正しい", "你填的 1 格都正确": "all" of one
	// thing, where a one-form language's message did not word the count
	// of one its own way.
	allOfOne = regexp.MustCompile(`(^|[^0-9])1 ?(マス|格)[^。！？]{0,4}(すべて|全部|都)`)
	// "テンプレート（除外）（Template Delete）": a name with brackets of
	// its own given its expert name in brackets again.
	twoBrackets = regexp.MustCompile(`[)）] ?[(（]`)
	// "Name (Expert)" or "名称（Expert）": a bracketed Latin name.
	bracketed = regexp.MustCompile(`[(（]([A-Za-z][A-Za-z0-9+\- ]*)[)）]`)
)

// doubledName finds a bracketed expert name that the name just before it
// already gave: "X-Wing (X-Wing)", or the name with its plain words in
// brackets between ("ALS-XZ（ほぼロックされた集合）（ALS-XZ）").
func doubledName(text string) [][2]int {
	var out [][2]int
	for _, m := range bracketed.FindAllStringSubmatchIndex(text, -1) {
		name := text[m[2]:m[3]]
		if cellName.MatchString(name) || !unicode.IsUpper(rune(name[0])) || len(name) < 3 {
			continue // "r4c6 (r4c6)" is a cell's candidates, not a name
		}
		before := strings.TrimRight(text[:m[0]], " ")
		if strings.HasSuffix(before, ")") || strings.HasSuffix(before, "）") {
			// Step over one bracketed group just before.
			if i := strings.LastIndexAny(before, "(（"); i >= 0 {
				before = strings.TrimRight(before[:i], " ")
			}
		}
		if strings.HasSuffix(before, name) {
			out = append(out, [2]int{m[0], m[1]})
		}
	}
	return out
}

// connectors are the words a language leads a chain's next link with
// ("so", "于是", "すると", "⇒").
var connectors = map[string][]string{
	"de":    {"also", "dann"},
	"fr":    {"donc", "alors"},
	"es-ES": {"así que", "entonces"},
	"pt-BR": {"então", "logo"},
	"ja":    {"すると", "したがって", "だから", "よって", "その結果"},
	"zh-CN": {"于是", "那么", "所以", "因此", "从而"},
	"zh-TW": {"於是", "那麼", "所以", "因此", "從而"},
	"en-US": {"so", "then"},
	"en-GB": {"so", "then"},
}

// CheckLines lints the lines of one text as a whole (a hint's proof
// over several lines): a line that is only a connector ("すると"), a
// line that ends on one ("…，于是"), and one connector repeated at every
// link of a chain (the English skeleton: four or more of the same
// connector in one line).
func CheckLines(tag string, lines []string) []Problem {
	var out []Problem
	words := connectors[tag]
	out = append(out, zhCNSoAgain(tag, lines)...)
	for _, line := range lines {
		if everyLink(tag, line) {
			out = append(out, Problem{Rule: "a connector at every link of a chain", Near: near(line, 0, min(len(line), 60))})
		}
		if bare := strings.TrimSpace(line); bare == "⇒" || bare == "→" {
			out = append(out, Problem{Rule: "connector alone on a line", Near: near(line, 0, len(line))})
		}
		bare := strings.TrimSpace(line)
		bare = strings.TrimRight(bare, "，,、 ")
		for _, w := range words {
			switch {
			case bare == w:
				out = append(out, Problem{Rule: "connector alone on a line", Near: near(line, 0, len(line))})
			case strings.HasSuffix(bare, w) && len(bare) > len(w) && !isLetterBefore(bare, len(bare)-len(w)):
				out = append(out, Problem{Rule: "line ends on a connector", Near: near(line, max(0, len(line)-len(w)-10), len(line))})
			}
			if n := countWord(line, w); n >= 4 {
				out = append(out, Problem{Rule: "one connector at every link of a chain", Near: fmt.Sprintf("%d× %q: %s", n, w, near(line, 0, min(len(line), 60)))})
			}
		}
	}
	out = append(out, zhTWCheckLines(tag, lines)...)
	return out
}

// clauseComma is the comma that joins the clauses of a Japanese or
// Chinese chain.
var clauseComma = map[string]string{"ja": "、", "zh-CN": "，", "zh-TW": "，"}

// everyLink reports a Japanese or Chinese line of four or more chained
// clauses each of which after the first opens with a connector
// ("…，于是…，从而…，因此…"): the language chains most links with the
// comma alone. An enumeration ("1、2、5行目") has no connectors.
func everyLink(tag, line string) bool {
	comma, ok := clauseComma[tag]
	if !ok {
		return false
	}
	parts := strings.Split(strings.TrimSpace(line), comma)
	if len(parts) > 0 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	if len(parts) < 4 {
		return false
	}
	for _, p := range parts[1:] {
		if !slices.ContainsFunc(connectors[tag], func(w string) bool { return strings.HasPrefix(p, w) }) {
			return false
		}
	}
	return true
}

// isLetterBefore reports a letter just before s[i] (the connector is
// the end of a longer word: "halso").
func isLetterBefore(s string, i int) bool {
	if i == 0 {
		return false
	}
	r := []rune(s[:i])
	last := r[len(r)-1]
	return unicode.IsLetter(last) && last < 0x3000
}

// countWord counts w in s as a word (CJK connectors anywhere).
func countWord(s, w string) int {
	n := 0
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return n
		}
		j += i
		end := j + len(w)
		before := j == 0 || !isLatinLetter(s[j-1])
		after := end == len(s) || !isLatinLetter(s[end])
		if before && after {
			n++
		}
		i = end
	}
}

func isLatinLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

func isRuneStart(b byte) bool { return b&0xc0 != 0x80 }

// prose splits text on backticks and returns the parts outside code spans.
func prose(text string) []string {
	parts := strings.Split(text, "`")
	var out []string
	for i := 0; i < len(parts); i += 2 {
		out = append(out, parts[i])
	}
	return out
}

// frMissing finds the ":;?!" that end a clause (followed by a space,
// the end or markup) without a narrow no-break space before them; an
// emoji shortcode's colon (":tada:") and a mark at a line's start or
// after another mark are left alone.
func frMissing(s string) []int {
	var out []int
	rs := []rune(s)
	pos := 0
	for i, r := range rs {
		if strings.ContainsRune(":;?!", r) && i > 0 &&
			(i+1 == len(rs) || strings.ContainsRune(" \n*_`»)", rs[i+1])) &&
			rs[i-1] != '\u202f' && rs[i-1] != '\n' && !strings.ContainsRune(":;?!", rs[i-1]) &&
			!shortcode(rs, i) {
			out = append(out, pos)
		}
		pos += len(string(r))
	}
	return out
}

// shortcode reports a colon that closes an emoji shortcode (":tada:").
func shortcode(rs []rune, i int) bool {
	if rs[i] != ':' {
		return false
	}
	j := i - 1
	for j >= 0 && (rs[j] == '_' || rs[j] == '-' || rs[j] == '+' || rs[j] < 0x80 && (unicode.IsLetter(rs[j]) || unicode.IsDigit(rs[j]))) {
		j--
	}
	return j >= 0 && j < i-1 && rs[j] == ':'
}

func isCJK(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) ||
		r >= 0x3000 && r <= 0x303f || r >= 0xff00 && r <= 0xff65
}

// near is the text round s[i:j], for a message.
func near(s string, i, j int) string {
	a, b := max(0, i-30), min(len(s), j+30)
	for a > 0 && !isRuneStart(s[a]) {
		a--
	}
	for b < len(s) && !isRuneStart(s[b]) {
		b++
	}
	return strings.ReplaceAll(s[a:b], "\n", "⏎")
}
