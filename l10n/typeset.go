package l10n

import (
	"strings"
	"unicode"
)

// Typography: the conventions of each language's punctuation and
// spacing, applied to every rendered message (T) and again by the
// writers that join messages with words of their own (explain's lines),
// so that no template has to carry them and no joint can break them.
//
//   - Chinese and Japanese: full-width punctuation after CJK text ("只有 3
//     和 4。", not "只有 3 和 4."), the enumeration comma between listed
//     numbers and cells ("删除 1、3"), full-width colons after a cell
//     name ("r1c3：删除 6"), and no space next to full-width punctuation.
//   - Chinese: a space between Chinese characters and the Latin letters
//     and digits next to them ("看到 r5c5 和 r8c4 中的某个 7"), as Chinese
//     text that mixes scripts is set and as the bot's other Chinese
//     replies are written ("第 1 局"); dates keep their digits tight
//     ("2026年11月23日").
//   - Traditional Chinese: corner brackets for quotations (「…」, 『…』
//     inside), as Taiwan writes them, never “…”.
//   - Japanese: no space between Japanese text and Latin letters or
//     digits ("r3c3は6ではない", "ブロック1を見てください").
//   - French: a narrow no-break space (U+202F) before ":", ";", "?" and
//     "!" and inside « », never a plain space that a line may break at.
//
// Typography is all it does: grammar (a German dative, a Portuguese or
// French preposition contracted with an article) is each message's own,
// chosen from a noun's forms in the catalogue (see Forms).
//
// Typesetting is idempotent: a typeset text is typeset again unchanged,
// so a message may pass through it once as a field and once whole.

// NarrowNBSP is the narrow no-break space French sets before ":;?!".
const NarrowNBSP = '\u202f'

// Typeset applies the language's typography to a rendered text.
func (l *Lang) Typeset(s string) string {
	if l == nil {
		return s
	}
	return Typeset(l.tag, s)
}

// Typeset applies the typography of the catalogue language tag ("ja",
// "zh-CN", "fr") to a text; languages without rules get it unchanged.
func Typeset(tag string, s string) string {
	if !strings.Contains(s, "`") {
		return typesetText(tag, s)
	}
	// Code spans (a command to type: "`/数独 每日`") are kept as written.
	parts := strings.Split(s, "`")
	for i := 0; i < len(parts); i += 2 {
		parts[i] = typesetText(tag, parts[i])
	}
	return strings.Join(parts, "`")
}

func typesetText(tag string, s string) string {
	switch {
	case tag == "zh-TW":
		return spaceCJK(fullWidth(twQuotes.Replace(s)), true)
	case strings.HasPrefix(tag, "zh"):
		return spaceCJK(fullWidth(s), true)
	case tag == "ja":
		return spaceCJK(fullWidth(s), false)
	case tag == "fr":
		return frenchSpaces(s)
	}
	return s
}

// twQuotes turns curly quotation marks into the corner brackets
// Traditional Chinese quotes with.
var twQuotes = strings.NewReplacer("“", "「", "”", "」", "‘", "『", "’", "』")

// IsCJK reports a Chinese or Japanese character or a full-width
// punctuation mark: what ASCII punctuation must not follow, and what
// Japanese sets without a space next to Latin text.
func IsCJK(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) ||
		r == 'ー' || isWidePunct(r)
}

// isWidePunct reports CJK and full-width punctuation (、。「」（）：，).
func isWidePunct(r rune) bool {
	return r >= 0x3000 && r <= 0x303f || r >= 0xff00 && r <= 0xff65
}

// isLatin reports an ASCII letter or digit.
func isLatin(r rune) bool {
	return r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

// wide is the full-width form of ASCII punctuation.
var wide = map[rune]rune{',': '，', '.': '。', ':': '：', ';': '；', '!': '！', '?': '？'}

// fullWidth turns ASCII punctuation that ends a clause into full-width
// punctuation in a text that has CJK characters: after a CJK character
// always; after a cell name, digit or Latin word when a space, the end or
// a CJK character follows (a comma between two listed items becomes the
// enumeration comma 、). Punctuation inside a token ("1.5", "https://",
// "...") is left alone.
func fullWidth(s string) string {
	if !strings.ContainsFunc(s, IsCJK) {
		return s
	}
	rs := []rune(s)
	var b strings.Builder
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		w, ok := wide[r]
		if !ok {
			b.WriteRune(r)
			continue
		}
		// What comes before (over one space) and after (over spaces).
		p := i - 1
		spaced := p >= 0 && rs[p] == ' '
		if spaced {
			p--
		}
		var prev rune
		if p >= 0 {
			prev = rs[p]
		}
		n := i + 1
		for n < len(rs) && rs[n] == ' ' {
			n++
		}
		var next rune
		if n < len(rs) {
			next = rs[n]
		}
		ends := i+1 == len(rs) || rs[i+1] == ' ' || rs[i+1] == '\n' || IsCJK(rs[i+1])
		if prev == '.' || next == '.' || r == '.' && i+1 < len(rs) && rs[i+1] == '.' || !ends ||
			r == '.' && spaced {
			// "..." and "1.5" are tokens, and a dot with a space
			// before it is the character itself ("空格用 0 或 . 表示").
			b.WriteRune(r)
			continue
		}
		switch {
		case IsCJK(prev):
		case isLatin(prev) || prev == ')' || prev == '*' || prev == '`':
			if r == '.' && next != 0 && next != '\n' && !IsCJK(next) {
				b.WriteRune(r) // an abbreviation or a sentence in Latin text
				continue
			}
			if r == ',' && (isLatin(next) || next == '*') {
				w = '、'
			}
		default:
			b.WriteRune(r)
			continue
		}
		if spaced {
			// The space before the mark goes with it.
			str := b.String()
			b.Reset()
			b.WriteString(strings.TrimSuffix(str, " "))
		}
		b.WriteRune(w)
		for i+1 < len(rs) && rs[i+1] == ' ' {
			i++
		}
	}
	return b.String()
}

// spaceCJK sets the spaces between CJK text and Latin letters or digits:
// one space in Chinese (spaced true), none in Japanese; never a space
// next to full-width punctuation or between two CJK characters.
func spaceCJK(s string, spaced bool) string {
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		if r == ' ' && i > 0 && i+1 < len(rs) {
			prev := rs[i-1]
			j := i + 1
			for j < len(rs) && rs[j] == ' ' {
				j++
			}
			if j < len(rs) {
				next := rs[j]
				cjkPrev, cjkNext := IsCJK(prev), IsCJK(next)
				text := func(r rune) bool { return IsCJK(r) || isLatin(r) }
				drop := cjkPrev && cjkNext ||
					isWidePunct(prev) && text(next) || isWidePunct(next) && text(prev) ||
					!spaced && (cjkPrev && isLatin(next) || isLatin(prev) && cjkNext)
				if drop {
					continue
				}
			}
		}
		if spaced && i > 0 {
			prev := rs[i-1]
			hanPrev := IsCJK(prev) && !isWidePunct(prev)
			hanCur := IsCJK(r) && !isWidePunct(r)
			if (hanPrev && isLatin(r) || isLatin(prev) && hanCur) && !datePart(prev, r) {
				b.WriteByte(' ')
			}
		}
		b.WriteRune(r)
	}
	return b.String()
}

// datePart reports a digit beside the year, month or day sign, which
// Chinese dates set without spaces ("2026年11月23日").
func datePart(a, b rune) bool {
	return unicode.IsDigit(a) && strings.ContainsRune("年月日", b) || strings.ContainsRune("年月日", a) && unicode.IsDigit(b)
}

// frenchSpaces sets a narrow no-break space before ":", ";", "?" and "!"
// that end a clause (followed by a space, the end, or markup), replacing
// a plain or no-break space there, and inside « ». An emoji shortcode
// (":tada:"), a time, a link and a Discord timestamp are left alone:
// their colon is followed by a letter or digit.
func frenchSpaces(s string) string {
	if !strings.ContainsAny(s, ":;?!«»") {
		return s
	}
	rs := []rune(s)
	var b []rune
	for i, r := range rs {
		switch r {
		case ':', ';', '?', '!':
			ends := i+1 == len(rs) || strings.ContainsRune(" \n*_`»)\u00a0", rs[i+1])
			if !ends || i == 0 || shortcodeEnd(rs, i) {
				break
			}
			k := len(b)
			for k > 0 && (b[k-1] == ' ' || b[k-1] == '\u00a0') {
				k--
			}
			if k == len(b) && (k == 0 || b[k-1] == '\n') ||
				k > 0 && (b[k-1] == NarrowNBSP || strings.ContainsRune(":;?!", b[k-1])) {
				// At the start of a line with no space to set (a
				// message that begins with the mark), or already set.
				break
			}
			b = append(b[:k], NarrowNBSP)
		case '»':
			k := len(b)
			for k > 0 && (b[k-1] == ' ' || b[k-1] == '\u00a0') {
				k--
			}
			if k > 0 && b[k-1] != NarrowNBSP {
				b = append(b[:k], NarrowNBSP)
			}
		}
		if i > 0 && rs[i-1] == '«' && r != NarrowNBSP {
			if r == ' ' || r == '\u00a0' {
				r = NarrowNBSP
			} else {
				b = append(b, NarrowNBSP)
			}
		}
		b = append(b, r)
	}
	return string(b)
}

// shortcodeEnd reports a colon that closes an emoji shortcode (":tada:").
func shortcodeEnd(rs []rune, i int) bool {
	if rs[i] != ':' {
		return false
	}
	j := i - 1
	for j >= 0 && (rs[j] == '_' || rs[j] == '-' || rs[j] == '+' || isLatin(rs[j])) {
		j--
	}
	return j >= 0 && j < i-1 && rs[j] == ':'
}
