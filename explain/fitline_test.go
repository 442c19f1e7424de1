package explain

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sudokubot/sudokubot/l10n"
)

func TestTextWidth(t *testing.T) {
	tests := []struct {
		s    string
		want int
	}{
		{"", 0},
		{"r3c8 is 3", 9},
		{"再走一步即得共同結論。", 22},
		{"r3c8 是 3：", 11},
		{"r2c2は2ではない（同じブロック）、", 5 + 2*14},
		{"déjà", 4},             // precomposed Latin letters: one column each
		{"de\u0301ja\u0300", 4}, // combining accents take none
		{"ligne\u202f;", 7},     // French narrow no-break space: one column
		{"⇒ →", 3},              // arrows are narrow (East Asian ambiguous)
		{"ＡＢ１", 6},              // full-width Latin
		{"ｶﾀｶﾅ", 4},             // half-width katakana
		{"한국어", 6},              // Hangul is wide
		{"r1c2 將既是 9 又不是 9，這不可能。", 5 + 2 + 1 + 4 + 1 + 1 + 6 + 1 + 1 + 12},
	}
	for _, tt := range tests {
		if got := textWidth(tt.s); got != tt.want {
			t.Errorf("textWidth(%q) = %d, want %d", tt.s, got, tt.want)
		}
	}
}

// The T10 examples of the zh-TW review (blocks 32/2 and 35/2), the same
// branches in zh-CN and Japanese, as single lines before wrapping.
const (
	t10TW = "  若 r3c8 是 3：r3c8 不是 1（它是 3），於是 r3c9 是 1（1 在第 3 列僅剩的位置），r3c9 不是 5（它是 1）；r2c8 不是 3（與 r3c8 同行），因此 r2c6 是 3（3 在第 2 列僅剩的位置），r2c6 不是 5（它是 3）；" +
		"r3c9 不是 6（它是 1），於是 r2c9 是 6（6 在第 9 行僅剩的位置），r2c9 不是 5（它是 6），因此 r2c2 是 5（5 在第 2 列僅剩的位置），r3c2 不是 5（同行），於是 r3c6 是 5（5 在第 3 列僅剩的位置），再走一步即得共同結論。"
	t10TWContradiction = "  若 r7c9 是 x：r7c9 不是 7 或 8（它是 x），於是 r9c9 是 8（8 在第 9 行僅剩的位置），r9c9 不是 7（它是 8），因此 r1c9 是 7（7 在第 9 行僅剩的位置），r1c9 不是 9（它是 7），於是 r1c2 是 9（9 在第 1 列僅剩的位置）；" +
		"r7c3 是 7（7 在第 7 列僅剩的位置），r7c3 不是 8 或 9（它是 7），因此 r7c1 是 8（8 在第 7 列僅剩的位置），r7c1 不是 9（它是 8），於是 r7c2 是 9（9 在第 7 列僅剩的位置），r1c2 不是 9（同行）；r1c2 將既是 9 又不是 9，這不可能。"
	t10CN = "  若 r3c8 是 3：r3c8 不是 1（它是 3），于是 r3c9 是 1（1 在第 3 行仅剩的位置），r3c9 不是 5（它是 1）；r2c8 不是 3（与 r3c8 同列），因此 r2c6 是 3（3 在第 2 行仅剩的位置），r2c6 不是 5（它是 3）；" +
		"r3c9 不是 6（它是 1），于是 r2c9 是 6（6 在第 9 列仅剩的位置），r2c9 不是 5（它是 6），因此 r2c2 是 5（5 在第 2 行仅剩的位置），r3c2 不是 5（同列），于是 r3c6 是 5（5 在第 3 行仅剩的位置），再走一步即得共同结论。"
	t10JA = "  r3c8が3なら：r3c8は1ではない（そこは3）、するとr3c9は1（3行目で1の残る唯一の場所）、r3c9は5ではない（そこは1）；r2c8は3ではない（r3c8と同じ列）、したがってr2c6は3（2行目で3の残る唯一の場所）、" +
		"r2c6は5ではない（そこは3）；r3c9は6ではない（そこは1）、するとr2c9は6（9列目で6の残る唯一の場所）、r2c9は5ではない（そこは6）、したがってr2c2は5（2行目で5の残る唯一の場所）、" +
		"r3c2は5ではない（同じ列）、するとr3c6は5（3行目で5の残る唯一の場所）、そしてあと1手で共通の結論に行き着きます。"
	t10EN = "      r7c3 is 7 (only place left for 7 in row 7), which means r7c3 is not 8 or 9 (it is 7), and r7c1 is 8 (only place left for 8 in row 7), so r7c1 is not 9 (it is 8), " +
		"then r7c2 is 9 (only place left for 9 in row 7), which means r1c2 is not 9 (same column); r1c2 would be both 9 and not 9, which is impossible."
	t10DE = "      r3c9 ist nicht 6 (es ist 1) ⇒ r2c9 ist 6 (einziger Platz für die 6 in Spalte 9) ⇒ r2c9 ist nicht 5 (es ist 6) ⇒ r2c2 ist 5 (einziger Platz für die 5 in Zeile 2) ⇒ " +
		"r3c2 ist nicht 5 (dieselbe Spalte) ⇒ r3c6 ist 5 (einziger Platz für die 5 in Zeile 3), und ein weiterer Schritt führt zum gemeinsamen Schluss."
)

// TestFitLine wraps Chinese, Japanese, Latin and mixed lines: by display
// width, never inside a character or a number list, never ending a line
// on a connective or starting one on closing punctuation, and with no
// short tail clause alone on the last line.
func TestFitLine(t *testing.T) {
	tests := []struct {
		name  string
		line  string
		lines int    // how many lines fitLine makes
		last  string // what the last line ends with, if set
	}{
		{"zh-TW T10 32/2", t10TW, 2, "，再走一步即得共同結論。"},
		{"zh-TW T10 contradiction", t10TWContradiction, 2, "r1c2 將既是 9 又不是 9，這不可能。"},
		{"zh-CN T10", t10CN, 2, "再走一步即得共同结论。"},
		{"ja T10", t10JA, 2, "そしてあと1手で共通の結論に行き着きます。"},
		// 130 Chinese characters: 390 bytes, which the byte limit broke,
		// but 260 columns, which fit.
		{"zh under MaxLine columns", "  " + strings.Repeat("候選數", 43) + "。", 1, ""},
		{"en short tail", t10EN, 2, "r1c2 would be both 9 and not 9, which is impossible."},
		{"de short tail", "      " + strings.Repeat("r3c9 ist nicht 6 (es ist 1), ", 9) + "und ein weiterer Schritt führt zum Schluss.", 2, "r3c9 ist nicht 6 (es ist 1), und ein weiterer Schritt führt zum Schluss."},
		// A tail one column short, after a comma whose space passes
		// MaxLine when the break moves earlier (this looped once).
		{"en tail one column short", "      " + strings.Repeat("r3c9 is not 6 (it is 1) and so on, ", 7) + "r1c2 would be both 9 and not 9 which is impossible now.", 2, "r3c9 is not 6 (it is 1) and so on, r1c2 would be both 9 and not 9 which is impossible now."},
		// Accented letters and narrow spaces are one column each, though
		// two or three bytes.
		{"fr narrow spaces", "  " + strings.Repeat("la case r1c2 ne peut pas valoir 9\u202f; ", 7) + "c’est impossible.", 1, ""},
		{"mixed zh and cell names", "  " + strings.Repeat("r1c2 和 r3c2 不是 x（與 r9c2 同行），", 12) + "這不可能。", 2, "這不可能。"},
		// No space, comma or semicolon: Japanese breaks between two
		// characters, but not before 「。」.
		{"ja unbroken run", "  " + strings.Repeat("あ", 139) + "。", 2, "。"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lines := fitLine(tt.line)
			if len(lines) != tt.lines {
				t.Errorf("%d lines, want %d:\n%s", len(lines), tt.lines, strings.Join(lines, "\n"))
			}
			if tt.last != "" && !strings.HasSuffix(lines[len(lines)-1], tt.last) {
				t.Errorf("last line %q does not end with %q", lines[len(lines)-1], tt.last)
			}
			checkWrapped(t, tt.line, lines)
		})
	}
}

// checkWrapped checks what every wrapped line keeps to.
func checkWrapped(t *testing.T, line string, lines []string) {
	t.Helper()
	noSpace := func(s string) string { return strings.ReplaceAll(s, " ", "") }
	if got := noSpace(strings.Join(lines, "")); got != noSpace(line) {
		t.Errorf("wrapping changed the text:\n%s\nwant\n%s", got, noSpace(line))
	}
	indent := line[:len(line)-len(strings.TrimLeft(line, " "))]
	for i, l := range lines {
		text := strings.TrimLeft(l, " ")
		if w := textWidth(l); w > MaxLine {
			t.Errorf("line %d is %d columns wide: %q", i, w, l)
		}
		if !utf8.ValidString(l) {
			t.Errorf("line %d is cut inside a character: %q", i, l)
		}
		if i == 0 {
			continue
		}
		if want := indent + "  "; l[:len(l)-len(text)] != want {
			t.Errorf("line %d is indented %d, want %d: %q", i, len(l)-len(text), len(want), l)
		}
		if r, _ := utf8.DecodeRuneInString(text); strings.ContainsRune(noBreakBefore, r) {
			t.Errorf("line %d starts with %q", i, r)
		}
		if i == len(lines)-1 && textWidth(text) < MaxLine/5 {
			t.Errorf("last line is a short tail of %d columns: %q", textWidth(text), l)
		}
		prev := strings.TrimRight(lines[i-1], " ")
		for _, c := range connectives {
			if c != "o" && c != "e" && c != "y" && strings.HasSuffix(prev, " "+c) || strings.HasSuffix(prev, "，"+c) || strings.HasSuffix(prev, "、"+c) {
				t.Errorf("line %d ends on the connective %q: %q", i-1, c, prev)
			}
		}
	}
}

// TestEmitLayout checks the proof writer's lines on the T10 branches: in
// columns after the typography, no clause alone on the last line, and
// every continuation indented alike.
func TestEmitLayout(t *testing.T) {
	tests := []struct {
		tag   string
		line  string
		lines int
	}{
		{"zh-TW", t10TW, 2},
		{"zh-TW", t10TWContradiction, 2},
		{"zh-CN", t10CN, 2},
		{"ja", t10JA, 2},
		{"de", "  Angenommen, r3c8 ist 3: " + strings.TrimLeft(t10DE, " "), 2},
	}
	for _, tt := range tests {
		t.Run(tt.tag, func(t *testing.T) {
			l := l10n.For(tt.tag)
			head, pieces := splitPieces(tt.line)
			w := &proofWriter{l: l}
			w.emit(head, "      ", pieces, "")
			if len(w.lines) != tt.lines {
				t.Errorf("%d lines, want %d:\n%s", len(w.lines), tt.lines, strings.Join(w.lines, "\n"))
			}
			for i, line := range w.lines {
				line = l.Typeset(line)
				if n := textWidth(line); n > MaxLine {
					t.Errorf("line %d is %d columns wide after typesetting: %q", i, n, line)
				}
				if got := fitLine(line); len(got) != 1 {
					t.Errorf("finish would break line %d again: %q", i, line)
				}
				if i > 0 && !strings.HasPrefix(line, "      ") || strings.HasPrefix(line, "       ") {
					t.Errorf("line %d is not indented 6: %q", i, line)
				}
			}
			if n := len(w.lines); n > 1 {
				if tail := textWidth(strings.TrimLeft(w.lines[n-1], " ")); tail < MaxLine/5 {
					t.Errorf("last line is a short tail of %d columns: %q", tail, w.lines[n-1])
				}
			}
		})
	}
}

// splitPieces cuts a branch line into its head (up to the colon) and the
// clauses the proof writer joins, at "；", "; ", "，", ", ", "、" and " ⇒ ",
// each separator kept as the sep of the clause after it.
func splitPieces(line string) (string, []piece) {
	i := strings.IndexAny(line, ":：")
	_, n := utf8.DecodeRuneInString(line[i:])
	head, rest := line[:i+n], line[i+n:]
	if strings.HasPrefix(rest, " ") {
		head, rest = head+" ", rest[1:]
	}
	var pieces []piece
	sep := ""
	for rest != "" {
		j, k := len(rest), 0
		for _, s := range []string{"；", "; ", "，", ", ", "、", " ⇒ "} {
			if x := strings.Index(rest, s); x >= 0 && x < j {
				j, k = x, len(s)
			}
		}
		// Keep a connective word with the separator ("，於是 ", "、すると").
		next := rest[min(len(rest), j+k):]
		word := ""
		for _, c := range []string{"於是 ", "于是 ", "因此 ", "すると", "したがって", "そして", "und "} {
			if strings.HasPrefix(next, c) {
				word = c
				break
			}
		}
		pieces = append(pieces, piece{sep, rest[:j]})
		if j == len(rest) {
			break
		}
		sep = rest[j:j+k] + word
		rest = next[len(word):]
	}
	return head, pieces
}
