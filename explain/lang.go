package explain

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// Words in every language. Cell names (r4c6) are the same everywhere:
// they are what players type. Units, lists, literals and technique names
// come from the catalogue (package l10n).

// techKey is a technique's (or a variant's) part of its catalogue keys:
// "XY-Wing" is "xy_wing", "BUG+1" is "bugplus1".
func techKey(name string) string {
	var b strings.Builder
	under := false
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
			under = false
		case r == '+':
			b.WriteString("plus")
			under = false
		case !under && b.Len() > 0:
			b.WriteByte('_')
			under = true
		}
	}
	return strings.TrimSuffix(b.String(), "_")
}

func lang(l *l10n.Lang) *l10n.Lang {
	if l == nil {
		return l10n.English()
	}
	return l
}

// unitL names a unit: "row 3", "第3行", in every form the language's
// messages may ask of it ("{{.Unit.dat}}").
func unitL(l *l10n.Lang, u int) l10n.Forms { return l.Unit(u) }

// joinF joins nouns as the language lists them, form by form.
func joinF(l *l10n.Lang, fs []l10n.Forms) l10n.Forms {
	return l10n.JoinForms(fs, l.T("list.sep"), l.T("list.last"))
}

// unitsL names units, grouped by kind where the language has a plural
// ("rows 1, 4 and 8").
func unitsL(l *l10n.Lang, us []int) l10n.Forms {
	if len(us) == 0 {
		return l10n.JoinForms(nil, "", "")
	}
	kind := us[0] / 9
	same := true
	for _, u := range us {
		same = same && u/9 == kind
	}
	if len(us) == 1 {
		return unitL(l, us[0])
	}
	if !same {
		// Mixed kinds (a Franken or Mutant fish): each kind once, with
		// its numbers ("rows 2, 6 and 9 and box 1"), never "row 2, row
		// 6, row 9 and box 1".
		var groups []l10n.Forms
		for k := 0; k < 3; k++ {
			var of []int
			for _, u := range us {
				if u/9 == k {
					of = append(of, u)
				}
			}
			if len(of) > 0 {
				groups = append(groups, unitsL(l, of))
			}
		}
		return joinF(l, groups)
	}
	nums := make([]string, len(us))
	for i, u := range us {
		nums[i] = fmt.Sprint(u%9 + 1)
	}
	// Numbers under one unit word are joined as the language lists
	// numbers: Chinese and Japanese with the enumeration comma alone
	// ("第 5、8 行"), since "和" or "と" there would read as joining
	// the units ("第 5 和 8 行和第 6 和 7 列").
	list := strings.Join(nums[:len(nums)-1], l.T("list.num_sep")) + l.T("list.num_last") + nums[len(nums)-1]
	return l.Noun([...]string{"unit.rows", "unit.columns", "unit.boxes"}[kind], l10n.KindHouses, "List", list)
}

// cellsL lists cells: "r5c3, r6c3 and r7c8".
func cellsL(l *l10n.Lang, cs []int) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = engine.CellName(c)
	}
	return l.List(names)
}

// digitsL lists digits: "2, 5 and 7".
func digitsL(l *l10n.Lang, ds engine.Digits) string {
	sl := ds.Slice()
	parts := make([]string, len(sl))
	for i, d := range sl {
		parts[i] = fmt.Sprint(d)
	}
	return l.List(parts)
}

// litL words a literal: "r1c5 is 7", "7 is in r1c4 or r1c5".
func litL(l *l10n.Lang, x engine.Lit) string { return litForm(l, x, "") }

// litAssumedL words a literal as what a supposition assumes, in the mood
// the language wants after "suppose that" (the Portuguese and French
// subjunctive: "Suponha que r4c6 não seja 7").
func litAssumedL(l *l10n.Lang, x engine.Lit) string { return litForm(l, x, "_assumed") }

func litForm(l *l10n.Lang, x engine.Lit, form string) string {
	if len(x.Group) > 1 {
		names := make([]string, len(x.Group))
		for i, c := range x.Group {
			names[i] = engine.CellName(c)
		}
		if x.On {
			return l.T("lit.group_on"+form, "Two", len(names) == 2, "Digit", x.Digit, "Cells", l.OrList(names))
		}
		// The cells none of which holds the digit are listed as the
		// language lists ("r9c5 and r9c6"), never as a bare comma pair;
		// NorCells denies each in turn for a language that says so ("ni
		// r9c5 ni r9c6 son 2").
		return l.T("lit.group_off"+form, "Two", len(names) == 2, "Digit", x.Digit, "Cells", l.List(names), "NorCells", norListL(l, names))
	}
	if x.On {
		return l.T("lit.on"+form, "Cell", engine.CellName(x.Cell), "Digit", x.Digit)
	}
	return l.T("lit.off"+form, "Cell", engine.CellName(x.Cell), "Digit", x.Digit)
}

// upperFirst is s with its first letter a capital, for a catalogue whose
// sentence opens with it after a colon (German). A cell name ("r2c7")
// keeps its small r: it is a name, written so everywhere.
func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || !unicode.IsLower(r) || cellNameStart.MatchString(s) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// cellNameStart matches text that opens with a cell name.
var cellNameStart = regexp.MustCompile(`^r[1-9]c[1-9]`)

// norListL joins alternatives that are all denied, as a language that
// does not say "not 7 or 8" writes them: "ni 7 ni 8", "weder 7 noch 8"
// (list.nor_first, then list.nor_next for each further one).
func norListL(l *l10n.Lang, words []string) string {
	parts := make([]string, len(words))
	for i, w := range words {
		id := "list.nor_next"
		if i == 0 {
			id = "list.nor_first"
		}
		parts[i] = l.T(id, "Item", w)
	}
	return strings.Join(parts, " ")
}

// orDigitsL writes digits as alternatives: "3 or 7", "2, 5 or 9".
func orDigitsL(l *l10n.Lang, ds engine.Digits) string {
	return l.OrList(digitStrings(ds))
}

// finish sets a text's lines for the reader: the language's typography
// (l10n.Typeset: full-width punctuation and script spacing in Chinese and
// Japanese, narrow spaces in French), which the templates cannot do
// alone since code joins their pieces ("r1c3: " before a result, a cell
// list joined by a word that also joins house names). Then every line
// from index from on is kept to MaxLine (see fitLine): most wrappers
// measure before the typography (the proof writer measures after it),
// and a long translation can outgrow what they allowed.
func finish(l *l10n.Lang, lines []string, from int) []string {
	out := make([][]string, len(lines))
	for i, line := range lines {
		line = l.Typeset(line)
		if i >= from {
			out[i] = fitLine(line)
		} else {
			out[i] = []string{line}
		}
	}
	return slices.Concat(out...)
}

// fitLine breaks a line wider than MaxLine columns (see textWidth),
// continuing indented: after the last semicolon that fits from a third
// of the line on, else the last comma or enumeration comma that fits in
// its second half, else at the last space (or, in Chinese and Japanese,
// between two characters) that fits. A line never ends on a connective
// and never breaks inside a list of numbers or inside a character.
//
// A break that would leave the next line a short tail (under minTail
// columns: 「再走一步即得共同結論。」 alone under a full line) is moved
// earlier, so that the tail gets at least minTail columns, when a break
// of the same kind exists there; the line above then ends a little
// short, which reads better than a stub. MaxLine itself is never passed.
func fitLine(line string) []string {
	var out []string
	indent := line[:len(line)-len(strings.TrimLeft(line, " "))] + "  "
	tail := func(cut int) int { return textWidth(strings.TrimLeft(line[cut:], " ")) }
	for textWidth(line) > MaxLine {
		cut, kind := lineCut(line, MaxLine)
		// Keep at least minTail columns for the next line, with a break
		// as good as the one found: between clauses (a semicolon or a
		// comma) if it was, not at a space inside a clause ("in Zeile⏎3)").
		for max := textWidth(line) - minTail; cut > len(indent) && tail(cut) < minTail && max > len(indent); {
			earlier, k := lineCut(line, max)
			if earlier <= len(indent) || k == 2 && kind < 2 {
				break
			}
			if tail(earlier) >= minTail {
				cut = earlier
				break
			}
			// Strictly narrower than before: the cut after ", " may pass
			// max by its space.
			max = textWidth(strings.TrimRight(line[:earlier], " ")) - 1
		}
		if cut <= len(indent) {
			break // one unbreakable run: leave it whole
		}
		out = append(out, strings.TrimRight(line[:cut], " "))
		line = indent + strings.TrimLeft(line[cut:], " ")
	}
	return append(out, line)
}

// minTail is the narrowest a wrapped line's last line may be, in
// columns, when an earlier break can give it more: about a fifth of a
// line: 28 Chinese characters, or about ten English words.
const minTail = MaxLine / 5

// lineCut is where fitLine breaks line so that the part before the cut
// is at most max columns wide, or -1 (see fitLine for the preferences),
// and the kind of break: 0 after a semicolon, 1 after a comma, 2 at a
// space or between two Chinese or Japanese characters.
func lineCut(line string, max int) (cut, kind int) {
	// A line breaks between clauses first (after a semicolon, from a
	// third of the line on), and only then after a comma: a break after
	// "kann kein Feld, das sie sieht," splits a clause.
	if cut := lastCut(line, []string{"；", "; "}, max, max/3); cut >= 0 {
		return cut, 0
	}
	if cut := lastCut(line, []string{"，", "；", "、", ", ", "; "}, max, max/2); cut >= 0 {
		return cut, 1
	}
	if numberListComma(line, max) {
		// The comma the second half had was inside a list of numbers:
		// an earlier clause comma beats a break inside a noun phrase.
		if cut := lastCut(line, []string{", "}, max, max/4); cut >= 0 {
			return cut, 1
		}
	}
	end := widthIndex(line, max)
	cut = strings.LastIndex(line[:min(end+1, len(line))], " ")
	if c := cjkCut(line, end); c > cut {
		cut = c
	}
	return beforeConnective(line, cut), 2
}

// textWidth is how many columns s takes in a fixed-width font: two for
// an East Asian wide or full-width character (Chinese characters, kana,
// full-width punctuation such as 「，」), none for a combining mark, one
// for any other. Lines are measured in columns, not bytes: a Chinese
// character is three bytes but shows two columns wide, so a byte limit
// broke Chinese and Japanese lines at two thirds of the width a Latin
// line gets.
func textWidth(s string) int {
	n := 0
	for _, r := range s {
		n += runeWidth(r)
	}
	return n
}

func runeWidth(r rune) int {
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	if unicode.Is(unicode.Mn, r) {
		return 0
	}
	return 1
}

// widthIndex is the byte length of the longest prefix of s at most max
// columns wide; it always falls between two characters.
func widthIndex(s string, max int) int {
	n := 0
	for i, r := range s {
		n += runeWidth(r)
		if n > max {
			return i
		}
	}
	return len(s)
}

// cjkCut is the last place before byte end where a Chinese or Japanese
// line may break without a space: between two wide characters, not
// before closing punctuation (「，」「。」「）」) nor after opening
// punctuation (「（」「「」), the rule of kinsoku shori. -1 if none.
func cjkCut(line string, end int) int {
	for i := end; i > 0; {
		r, n := utf8.DecodeLastRuneInString(line[:i])
		next, _ := utf8.DecodeRuneInString(line[i:])
		if i < len(line) && runeWidth(r) == 2 && runeWidth(next) == 2 &&
			!strings.ContainsRune(noBreakBefore, next) && !strings.ContainsRune(noBreakAfter, r) {
			return i
		}
		i -= n
	}
	return -1
}

// noBreakBefore and noBreakAfter are the full-width marks a line may not
// start, and may not end, with.
const (
	noBreakBefore = "，。、；：？！）」』】〕〉》ー…・"
	noBreakAfter  = "（「『【〔〈《"
)

// connectives are the words that lead into what follows them ("so",
// "于是", "⇒"): a line never ends on one, since alone at a line's end it
// reads as a fragment.
var connectives = []string{
	"so", "then", "and", "or", "donc", "alors", "et", "ou", "então", "e", "ou",
	"así que", "entonces", "y", "o", "also", "dann", "und", "oder", "⇒", "→",
	"于是", "於是", "那么", "那麼", "所以", "因此", "则", "則", "和", "或",
	"すると", "したがって", "だから",
}

// lastCut is the latest place after one of seps that keeps the line
// before it (without its trailing space) within max columns and leaves
// at least least columns before it, or -1.
// A CJK list of numbers ("1、2、5行目") is one name, so "、" between two
// digits is no place to break.
func lastCut(line string, seps []string, max, least int) int {
	end := widthIndex(line, max)
	cut := -1
	for _, s := range seps {
		// The separator's trailing space may pass max: the line is cut
		// after it and trimmed.
		head := line[:min(len(line), end+len(s)-len(strings.TrimRight(s, " ")))]
		i := strings.LastIndex(head, s)
		// Not inside a list of numbers ("las filas 1,⏎ 2 y 5", "1、⏎2"): the
		// line would end on a separator between two numbers.
		for i >= 0 && (s == ", " || s == "、") && inNumberList(line, i, i+len(s)) {
			i = strings.LastIndex(head[:i], s)
		}
		if i >= 0 && textWidth(line[:i]) >= least && i+len(s) > cut {
			cut = i + len(s)
		}
	}
	return cut
}

// numberListComma reports whether the second half of the line's first
// max columns has a comma between two numbers ("1, 2").
func numberListComma(line string, max int) bool {
	end := widthIndex(line, max)
	for i := widthIndex(line, max/2); i+2 < end && i+2 < len(line); i++ {
		if strings.HasPrefix(line[i:], ", ") && inNumberList(line, i, i+2) {
			return true
		}
	}
	return false
}

// inNumberList reports a separator at line[i:j] with a digit on each side.
func inNumberList(line string, i, j int) bool {
	return i > 0 && j < len(line) && isASCIIDigit(line[i-1]) && isASCIIDigit(line[j])
}

func isASCIIDigit(b byte) bool { return '0' <= b && b <= '9' }

// beforeConnective moves a cut at a space back before the connective that
// ends the text before it ("，于是 r3c5" breaks before "于是"), when there
// is room; else it keeps the cut.
func beforeConnective(line string, cut int) int {
	if cut <= 0 {
		return cut
	}
	head := line[:cut]
	for _, c := range connectives {
		if !strings.HasSuffix(head, c) {
			continue
		}
		start := len(head) - len(c)
		r, _ := utf8.DecodeLastRuneInString(head[:start])
		switch {
		case start == 0 || strings.TrimSpace(head[:start]) == "":
			return cut // nothing before it on the line
		case r == ' ':
			return start - 1
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			continue // the end of a longer word ("also" in "halso", "和" in "总和")
		default:
			return start // after punctuation ("，于是")
		}
	}
	return cut
}
