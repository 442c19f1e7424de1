package explain

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// MaxLine is the longest line Step and Hint write (in bytes). Longer
// reasoning is broken into lines, one per branch or implication. It leaves
// room for the step number and rating that `steps` puts before a line, so
// that no line of its listing passes 300 bytes.
const MaxLine = 280

// About is what a player is told a technique is: a plain name, the
// expert name in brackets, and a one-sentence definition, in a language
// of the catalogue ("tech.<key>.name" and "tech.<key>.def").
type About struct {
	// Technique is the engine's key (the expert name),
	// engine.Step.Technique.
	Technique engine.TechniqueID
	// Plain is the name an intermediate player understands.
	Plain string
	// Definition is one sentence that says what the technique is.
	Definition string
	// Variant, when set, makes this the name and definition of one form
	// of the technique (engine.Step.Variant), such as a cell or a region
	// forcing chain; the technique's own entry covers the other forms.
	Variant string
}

// localReason words a step's pattern and reasoning as lines, in a
// language, from the catalogue. With reveal false it must not name any
// result (a placed digit or an eliminated candidate, cell and digit
// together); with reveal true a proof may reach the result in its lines,
// but never ends with a list of the result: the caller adds that once.
// Indent a line with two spaces per depth.
type localReason func(l *l10n.Lang, s engine.Step, reveal bool) []string

type family struct {
	about  About
	reason localReason
}

var (
	families = map[engine.TechniqueID]family{}
	// variants are the names of forms of a technique that read better
	// under a name of their own, keyed by technique and variant.
	variants = map[variantKey]About{}
)

// variantKey is a form of a technique: its key and the step's Variant.
type variantKey struct {
	technique engine.TechniqueID
	variant   string
}

// registerLocal adds techniques of one family. Families call it from
// init, beside their reasoning; a technique registered twice is a bug. An
// About names only the technique (and the variant): its words are in the
// catalogue.
func registerLocal(reason localReason, abouts ...About) {
	add(family{reason: reason}, abouts)
}

func add(f family, abouts []About) {
	for _, a := range abouts {
		if a.Variant != "" {
			variants[variantKey{a.Technique, a.Variant}] = a
			continue
		}
		if _, dup := families[a.Technique]; dup {
			panic("explain: technique registered twice: " + a.Technique.String())
		}
		f.about = a
		families[a.Technique] = f
	}
}

// namers compose the name and definition of the techniques that have no
// catalogue key of their own (the Franken and Mutant fish of every size),
// keyed by engine name.
var namers = map[engine.TechniqueID]func(l *l10n.Lang) (plain, def string){}

// words fills an About's name and definition in a language.
func words(l *l10n.Lang, a About) About {
	if n, ok := namers[a.Technique]; ok && a.Variant == "" {
		a.Plain, a.Definition = n(l)
		return a
	}
	key := "tech." + techKey(a.Technique.String())
	if a.Variant != "" {
		key += "." + techKey(a.Variant)
	}
	a.Plain, a.Definition = l.T(key+".name"), l.T(key+".def")
	return a
}

// Technique returns what a player is told about a technique, by its
// engine name, in a language; false when the technique is unknown.
func Technique(l *l10n.Lang, name engine.TechniqueID) (About, bool) {
	f, ok := families[name]
	if !ok {
		return About{}, false
	}
	return words(lang(l), f.about), true
}

// Techniques lists every registered technique in a language, sorted by
// engine name.
func Techniques(l *l10n.Lang) []About {
	out := make([]About, 0, len(families))
	for _, f := range families {
		out = append(out, words(lang(l), f.about))
	}
	slices.SortFunc(out, func(a, b About) int { return strings.Compare(string(a.Technique), string(b.Technique)) })
	return out
}

// Variants lists the named forms of techniques in a language.
func Variants(l *l10n.Lang) []About {
	out := make([]About, 0, len(variants))
	for _, a := range variants {
		out = append(out, words(lang(l), a))
	}
	slices.SortFunc(out, func(a, b About) int {
		return strings.Compare(a.Technique.String()+"/"+a.Variant, b.Technique.String()+"/"+b.Variant)
	})
	return out
}

// reason words a step's reasoning through its family. A technique no
// family registered (a bug that TestEveryTechniqueRegistered catches) is
// worded from its structure, so a player never sees an empty hint.
func reason(l *l10n.Lang, s engine.Step, reveal bool) []string {
	if f, ok := families[s.Technique]; ok {
		return f.reason(l, s, reveal)
	}
	return structural(l, s, reveal)
}

// Step is the full explanation of a step, as `steps` prints it: the
// reasoning, then the result. The first line is a summary that stands on
// its own; further lines (a forcing chain's branches) are indented.
func Step(l *l10n.Lang, s engine.Step) []string {
	l = lang(l)
	return finish(l, step(l, s), 0)
}

func step(l *l10n.Lang, s engine.Step) []string {
	lines := reason(l, s, true)
	res := "→ " + Result(l, s)
	if len(lines) == 0 {
		return []string{name(l, s) + ": " + Result(l, s) + "."}
	}
	lines = slices.Clone(lines)
	lines[0] = named(l, s, lines[0])
	if len(lines) == 1 && len(lines[0])+1+len(res) <= MaxLine {
		lines[0] += " " + res
		return lines
	}
	return append(lines, res)
}

// named puts the technique's name before a line of its reasoning:
// "Hidden Single: In box 1, ...".
func named(l *l10n.Lang, s engine.Step, line string) string {
	return l.T("hint.named", "Name", name(l, s), "Text", line)
}

// name is the technique's plain name with the expert name in brackets
// when they differ.
func name(l *l10n.Lang, s engine.Step) string {
	a, ok := about(l, s)
	if !ok || a.Plain == "" || a.Plain == s.Technique.String() {
		return s.Technique.String()
	}
	return l.T("tech.with_expert", "Plain", a.Plain, "Expert", s.Technique)
}

// Title is the short, player-facing name of a step's technique, in the
// form the step takes ("Cell forcing chain"), for a picture's title.
func Title(l *l10n.Lang, s engine.Step) string {
	if a, ok := about(lang(l), s); ok && a.Plain != "" {
		return a.Plain
	}
	return s.Technique.String()
}

// about is what a player is told about a step's technique, in the form
// the step takes when that form has a name of its own.
func about(l *l10n.Lang, s engine.Step) (About, bool) {
	if a, ok := variants[variantKey{s.Technique, s.Variant}]; ok {
		return words(l, a), true
	}
	f, ok := families[s.Technique]
	if !ok {
		return About{}, false
	}
	return words(l, f.about), true
}

// Result says what a step gives, grouped by cell in cell order:
// "r6c3: remove 2, 6, 8; r4c6: place 7".
func Result(l *l10n.Lang, s engine.Step) string {
	l = lang(l)
	type cellResult struct {
		place   uint8
		removed []uint8
	}
	byCell := map[int]*cellResult{}
	var cells []int
	get := func(c int) *cellResult {
		r, ok := byCell[c]
		if !ok {
			r = &cellResult{}
			byCell[c] = r
			cells = append(cells, c)
		}
		return r
	}
	for _, p := range s.Placements {
		get(p.Cell).place = p.Digit
	}
	for _, e := range s.Eliminations {
		r := get(e.Cell)
		if !slices.Contains(r.removed, e.Digit) {
			r.removed = append(r.removed, e.Digit)
		}
	}
	slices.Sort(cells)
	parts := make([]string, 0, len(cells))
	for _, c := range cells {
		r := byCell[c]
		var what []string
		if r.place != 0 {
			what = append(what, l.T("result.place", "Digit", r.place))
		}
		if len(r.removed) > 0 {
			slices.Sort(r.removed)
			what = append(what, l.T("result.remove", "Digits", digitList(r.removed)))
		}
		parts = append(parts, engine.CellName(c)+": "+strings.Join(what, l.T("list.sep")))
	}
	return strings.Join(parts, l.T("result.sep"))
}

func digitList(ds []uint8) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = string(rune('0' + d))
	}
	return strings.Join(parts, ", ")
}

// cellWord matches a cell name at the start of a text, which keeps its
// lower-case "r" at the start of a sentence.
var cellWord = regexp.MustCompile(`^r[1-9]c[1-9]`)

// sentence ends text with a full stop and starts it with a capital.
func sentence(text string) string {
	text = strings.TrimSpace(text)
	if text == "" {
		return text
	}
	if !cellWord.MatchString(text) {
		r, n := utf8.DecodeRuneInString(text)
		text = string(unicode.ToUpper(r)) + text[n:]
	}
	if last, _ := utf8.DecodeLastRuneInString(text); !strings.ContainsRune(".。!！?？", last) {
		text += "."
	}
	return text
}
