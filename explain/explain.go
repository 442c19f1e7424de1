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

// MaxLine is the widest line Step and Hint write, in columns of a
// fixed-width font (a Chinese or Japanese character, or full-width
// punctuation, takes two; see textWidth). Longer reasoning is broken into
// lines, one per branch or implication. It leaves room for the step
// number and rating that `steps` puts before a line, so that no line of
// its listing (English, one byte a column) passes 300 bytes.
const MaxLine = 280

// About is what a player is told a technique is: a plain name, the
// expert name in brackets, and a one-sentence definition, in a language
// of the catalogue ("tech.<key>.name" and "tech.<key>.def").
type About struct {
	// Technique is the engine's key, engine.Step.Technique.
	Technique engine.TechniqueID
	// Plain is the name an intermediate player understands.
	Plain string
	// Expert is the expert name as the language spells it (ExpertName):
	// the key, or en-US's "Simple Coloring" for "Simple Colouring".
	Expert string
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

// reasonOf is the wording of a family of the engine's catalogue
// (engine.TechniqueInfo.Family); nil for a family no file words, a bug
// that TestEveryTechniqueWorded catches.
func reasonOf(f engine.Family) localReason {
	switch f {
	case engine.FamilySingles:
		return reasonSingle
	case engine.FamilyIntersections:
		return reasonIntersection
	case engine.FamilyNakedSubsets:
		return reasonNakedSubset
	case engine.FamilyHiddenSubsets:
		return reasonHiddenSubset
	case engine.FamilyFish:
		return reasonFish
	case engine.FamilyComplexFish:
		return reasonComplexFish
	case engine.FamilyKrakenFish:
		return reasonKraken
	case engine.FamilySingleDigit:
		return reasonSingleDigitChain
	case engine.FamilyEmptyRectangle:
		return reasonEmptyRectangle
	case engine.FamilyColouring:
		return reasonColouring
	case engine.FamilyWings:
		return reasonWing
	case engine.FamilyAlignedExclusion:
		return reasonAlignedExclusion
	case engine.FamilyUniqueRectangles:
		return reasonRectangle
	case engine.FamilyHiddenRectangle:
		return reasonHiddenRectangle
	case engine.FamilyUniqueLoops:
		return reasonLoop
	case engine.FamilyBUGPlusOne:
		return reasonBUGPlusOne
	case engine.FamilyBUG:
		return reasonBUG
	case engine.FamilyAvoidableRectangles:
		return reasonAvoidable
	case engine.FamilyChains:
		return reasonChain
	case engine.FamilyRemotePair:
		return reasonRemotePair
	case engine.FamilyALSXZ:
		return reasonALSXZ
	case engine.FamilyALSXYWing:
		return reasonALSXYWing
	case engine.FamilyALSXYChain:
		return reasonALSChain
	case engine.FamilyDeathBlossom:
		return reasonDeathBlossom
	case engine.FamilySueDeCoq:
		return reasonSueDeCoq
	case engine.FamilyTemplates:
		return reasonTemplate
	case engine.FamilyForcingChains:
		return reasonForcing
	}
	return nil
}

// worded returns the catalogue's entry of a technique this package
// words; false for a key the catalogue does not have.
func worded(t engine.TechniqueID) (engine.TechniqueInfo, localReason, bool) {
	info, ok := t.Info()
	if !ok {
		return engine.TechniqueInfo{}, nil, false
	}
	r := reasonOf(info.Family)
	return info, r, r != nil
}

// variants are the forms of a technique that read better under a name of
// their own, keyed by technique and variant (engine.Step.Variant); their
// words are "tech.<technique>.<variant>.name" and ".def".
var variants = map[variantKey]About{
	{engine.TechCellRegionForcingChain, "cell"}:   {Technique: engine.TechCellRegionForcingChain, Variant: "cell"},
	{engine.TechCellRegionForcingChain, "region"}: {Technique: engine.TechCellRegionForcingChain, Variant: "region"},
}

// variantKey is a form of a technique: its key and the step's Variant.
type variantKey struct {
	technique engine.TechniqueID
	variant   string
}

// words fills an About's name and definition in a language.
func words(l *l10n.Lang, a About) About {
	a.Expert = ExpertName(l, a.Technique)
	info, ok := a.Technique.Info()
	if ok && info.Family == engine.FamilyComplexFish && a.Variant == "" {
		a.Plain, a.Definition = complexFishWords(l, info.Words, info.FishSize)
		return a
	}
	key := "tech." + info.Words
	if !ok {
		key = "tech." + techKey(a.Technique.String())
	}
	if a.Variant != "" {
		key += "." + techKey(a.Variant)
	}
	a.Plain, a.Definition = l.T(key+".name"), l.T(key+".def")
	return a
}

// Technique returns what a player is told about a technique, by its
// engine name, in a language; false when the technique is unknown.
func Technique(l *l10n.Lang, name engine.TechniqueID) (About, bool) {
	if _, _, ok := worded(name); !ok {
		return About{}, false
	}
	return words(lang(l), About{Technique: name}), true
}

// Techniques lists every technique of the engine's catalogue in a
// language, sorted by engine name.
func Techniques(l *l10n.Lang) []About {
	var out []About
	for _, t := range engine.Techniques() {
		if _, _, ok := worded(t.ID); ok {
			out = append(out, words(lang(l), About{Technique: t.ID}))
		}
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
// family words (a bug that TestEveryTechniqueWorded catches) is worded
// from its structure, so a player never sees an empty hint.
func reason(l *l10n.Lang, s engine.Step, reveal bool) []string {
	if _, r, ok := worded(s.Technique); ok {
		return r(l, s, reveal)
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
	if len(lines) == 1 && textWidth(l.Typeset(lines[0]+" "+res)) <= MaxLine {
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
// when they differ by more than letter case (SameName).
func name(l *l10n.Lang, s engine.Step) string {
	a, ok := about(l, s)
	switch {
	case !ok || a.Plain == "":
		return ExpertName(l, s.Technique)
	case SameName(a.Plain, a.Expert):
		return a.Plain
	}
	return l.T("tech.with_expert", "Plain", a.Plain, "Expert", a.Expert)
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
	if _, _, ok := worded(s.Technique); !ok {
		return About{}, false
	}
	return words(l, About{Technique: s.Technique}), true
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

// ResultSentence is a step's result as the clause a hint ends on: "place
// 1 in r8c3", "remove 1 from r1c1, r2c1 and r2c2; remove 8 and 9 from
// r3c1". Each cell's change is one whole message of the language (the
// verb, the digits and the cell in its own order), and cells that lose
// the same digits are named together, so no "r1c1: remove 1" list
// notation sits after the sentence's own "Result:".
func ResultSentence(l *l10n.Lang, s engine.Step) string {
	l = lang(l)
	var parts []string
	// Placements of one digit are named together ("place 9 in r1c4,
	// r2c9 and r3c2"), not one clause per cell (Template Set).
	placed := map[uint8][]int{}
	var digits []uint8
	for _, p := range s.Placements {
		if _, ok := placed[p.Digit]; !ok {
			digits = append(digits, p.Digit)
		}
		placed[p.Digit] = append(placed[p.Digit], p.Cell)
	}
	for _, d := range digits {
		parts = append(parts, l.T("result.place_in", "Digit", d, "Cell", cellsL(l, placed[d])))
	}
	removed := map[int][]uint8{}
	var cells []int
	for _, e := range s.Eliminations {
		if _, ok := removed[e.Cell]; !ok {
			cells = append(cells, e.Cell)
		}
		if !slices.Contains(removed[e.Cell], e.Digit) {
			removed[e.Cell] = append(removed[e.Cell], e.Digit)
		}
	}
	slices.Sort(cells)
	type group struct {
		digits []string
		cells  []string
	}
	var groups []*group
	byDigits := map[string]*group{}
	for _, c := range cells {
		ds := removed[c]
		slices.Sort(ds)
		key := digitList(ds)
		g, ok := byDigits[key]
		if !ok {
			g = &group{}
			for _, d := range ds {
				g.digits = append(g.digits, string(rune('0'+d)))
			}
			byDigits[key] = g
			groups = append(groups, g)
		}
		g.cells = append(g.cells, engine.CellName(c))
	}
	for _, g := range groups {
		parts = append(parts, l.T("result.remove_from", "Digits", l.List(g.digits), "Cells", l.List(g.cells)))
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
