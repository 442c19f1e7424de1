package engine

import (
	"bufio"
	_ "embed"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
)

// The technique library: for every technique the teaching path can take,
// puzzles known to train it, mined offline by `sudokubot techlib` (see
// pooldata/TECHNIQUES.md) and served as fresh variants through random
// equivalence transformations (Transform). Digging a puzzle for a rare
// technique takes seconds to hours; a variant of a library puzzle takes
// one step search.

// techLibraryText is the library shipped with the engine.
//
//go:embed pooldata/techniques.txt
var techLibraryText string

// ErrTechniqueUnavailable means no board for the technique is known: the
// library has no puzzle and the illustrations no position of it, and
// digging is not expected to find one in time. Offered reports it
// beforehand.
var ErrTechniqueUnavailable = errors.New("no puzzle is known for this technique")

// ErrTechniqueUsedUp means the player has played every library puzzle of
// the technique (in some disguise) and digging found no new one, or
// every illustration of a technique served from them.
var ErrTechniqueUsedUp = errors.New("every known puzzle of this technique was played")

// LibraryEntry is one library puzzle for one technique: a puzzle whose
// teaching path takes the technique, every step of it at most the
// technique's level, with the position just before the first step of the
// technique.
type LibraryEntry struct {
	Technique TechniqueID
	// Puzzle is in its canonical form (Canonical), so Canon is its key.
	Puzzle Grid
	// StepIndex is the index of the technique's first step in the path.
	StepIndex int
	// Progress holds the digits the path placed before that step (the
	// givens left out), Cands the candidates of the position's empty
	// cells then.
	Progress Grid
	Cands    [NumCells]Digits
	// Grade is the puzzle's grade on the player scale (GradePath).
	Grade Grade
	// Source says where the puzzle came from: "dig:SEED" for a puzzle
	// this project dug (DigMinimal from DeriveSeed), "FILE:LINE" for a
	// public puzzle set (pooldata/TECHNIQUES.md names them).
	Source string
}

// WithinLevel reports whether the entry's puzzle grades within its
// technique's level: every library entry does; an illustration's puzzle
// may need more, and training serves those last (the build keeps the
// others for it: techlib build --practice).
func (e LibraryEntry) WithinLevel() bool { return e.Grade.Level <= e.Level() }

// Canon is the entry's canonical key (CanonicalKey of any of its
// variants): what a player's games are compared with.
func (e LibraryEntry) Canon() string { return e.Puzzle.Digits() }

// Level is the technique's level: no step of the entry's path is of a
// harder family, and none rates above this level's band or the band of
// the technique's own step (a Hidden Triple, of the hard family, rates
// 4.0, expert), which the grade shows.
func (e LibraryEntry) Level() Level { return TechniqueLevel(e.Technique, 0) }

// Position is the board just before the technique's step: the givens,
// the digits the path placed (entries, not givens) and the candidates
// left.
func (e LibraryEntry) Position() Board {
	b := NewPosition(e.Puzzle, e.Progress)
	for c := range b.Cands {
		if b.Grid[c] == 0 {
			b.Cands[c] = e.Cands[c]
		}
	}
	return b
}

// cands32 are the digits of the candidate encoding: two per empty cell,
// the 9-bit set in base 32.
const cands32 = "0123456789abcdefghijklmnopqrstuv"

// String formats an entry as a library line, tab-separated:
// TECHNIQUE PUZZLE STEP PROGRESS CANDIDATES SCORE HARDEST SOURCE.
func (e LibraryEntry) String() string {
	full := NewPosition(e.Puzzle, e.Progress).Grid
	var cands strings.Builder
	for c, d := range full {
		if d == 0 {
			m := uint16(e.Cands[c]) >> 1
			cands.WriteByte(cands32[m>>5])
			cands.WriteByte(cands32[m&31])
		}
	}
	return strings.Join([]string{string(e.Technique), e.Puzzle.String(), strconv.Itoa(e.StepIndex), e.Progress.String(),
		cands.String(), strconv.FormatFloat(e.Grade.Score, 'f', 1, 64), string(e.Grade.Hardest), e.Source}, "\t")
}

// ParseLibraryEntry reads a line of LibraryEntry.String.
func ParseLibraryEntry(line string) (LibraryEntry, error) {
	f := strings.Split(line, "\t")
	if len(f) != 8 {
		return LibraryEntry{}, fmt.Errorf("want 8 tab-separated fields (TECHNIQUE PUZZLE STEP PROGRESS CANDIDATES SCORE HARDEST SOURCE), got %d", len(f))
	}
	var e LibraryEntry
	var err error
	if e.Technique, err = ParseTechnique(f[0]); err != nil {
		return e, err
	}
	if e.Puzzle, err = Parse(f[1]); err != nil {
		return e, fmt.Errorf("puzzle: %w", err)
	}
	if e.StepIndex, err = strconv.Atoi(f[2]); err != nil || e.StepIndex < 0 {
		return e, fmt.Errorf("step %q: not an index", f[2])
	}
	if e.Progress, err = Parse(f[3]); err != nil {
		return e, fmt.Errorf("progress: %w", err)
	}
	full := e.Puzzle
	for c, d := range e.Progress {
		if d != 0 {
			if full[c] != 0 {
				return e, fmt.Errorf("progress: %s is a given", CellName(c))
			}
			full[c] = d
		}
	}
	k := 0
	for c, d := range full {
		if d != 0 {
			continue
		}
		if k+2 > len(f[4]) {
			return e, errors.New("candidates: too few for the empty cells")
		}
		hi, lo := strings.IndexByte(cands32, f[4][k]), strings.IndexByte(cands32, f[4][k+1])
		if hi < 0 || lo < 0 || hi >= 16 {
			return e, fmt.Errorf("candidates: bad code %q", f[4][k:k+2])
		}
		e.Cands[c] = Digits((hi<<5 | lo) << 1)
		k += 2
	}
	if k != len(f[4]) {
		return e, errors.New("candidates: more than the empty cells")
	}
	if e.Grade.Score, err = strconv.ParseFloat(f[5], 64); err != nil {
		return e, fmt.Errorf("score: %w", err)
	}
	if e.Grade.Hardest, err = ParseTechnique(f[6]); err != nil {
		return e, fmt.Errorf("hardest: %w", err)
	}
	e.Grade.Level = LevelForScore(e.Grade.Score)
	e.Source = f[7]
	return e, nil
}

// TechniqueLibrary holds library entries by technique. It is read-only
// after ParseTechniqueLibrary, so one library may serve many goroutines.
// The zero value is an empty library (With fills one).
type TechniqueLibrary struct {
	by    map[TechniqueID][]LibraryEntry
	total int
}

// ParseTechniqueLibrary reads library lines ('#' comments and blank
// lines skipped). A malformed line is an error naming its line number, so
// a bad edit to the data file cannot ship.
func ParseTechniqueLibrary(text string) (*TechniqueLibrary, error) {
	l := &TechniqueLibrary{by: map[TechniqueID][]LibraryEntry{}}
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 0, 4096), 1<<16)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		e, err := ParseLibraryEntry(line)
		if err != nil {
			return nil, fmt.Errorf("technique library line %d: %w", n, err)
		}
		l.by[e.Technique] = append(l.by[e.Technique], e)
		l.total++
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("technique library: %w", err)
	}
	return l, nil
}

// Entries returns the library puzzles of a technique in file order. The
// slice is shared; do not modify it.
func (l *TechniqueLibrary) Entries(t TechniqueID) []LibraryEntry { return l.by[t] }

// Len is the number of entries of every technique.
func (l *TechniqueLibrary) Len() int { return l.total }

var (
	defaultLibOnce sync.Once
	defaultLib     *TechniqueLibrary
)

// DefaultTechniqueLibrary returns the library shipped with the engine.
// The data file is checked by the tests (TestShippedTechniqueLibrary), so
// a parse error here means a broken build; it yields an empty library.
func DefaultTechniqueLibrary() *TechniqueLibrary {
	defaultLibOnce.Do(func() {
		l, err := ParseTechniqueLibrary(techLibraryText)
		if err != nil {
			l = &TechniqueLibrary{by: map[TechniqueID][]LibraryEntry{}}
		}
		defaultLib = l
	})
	return defaultLib
}

// Servable reports whether a training puzzle of the technique can be
// served at once from the shipped library (DefaultTechniqueLibrary's
// Serves): what a process without a store serves.
func Servable(t TechniqueID) bool { return DefaultTechniqueLibrary().Serves(t) }

// Serves reports whether l can serve a training puzzle of the technique
// at once: the teaching path takes it (Trainable), can take it first
// (not NeverFirst: an entry that says otherwise is wrong) and l holds
// puzzles for it: training serves its library puzzles, and what it
// cannot serve from illustrations (Offers, which menus ask). A running
// bot asks its served library (the shipped one with the background
// jobs' finds), so a gap the jobs close is served from the library
// without a release.
func (l *TechniqueLibrary) Serves(t TechniqueID) bool {
	_, never := NeverFirst(t)
	return Trainable(t) && !never && len(l.Entries(t)) > 0
}

// Offered reports whether training offers the technique from the shipped
// library (DefaultTechniqueLibrary's Offers): what a process without a
// store offers.
func Offered(t TechniqueID) bool { return DefaultTechniqueLibrary().Offers(t) }

// Offers reports whether training can serve a board for the technique at
// once: a puzzle of l whose path takes it (Serves), else, for a technique
// l cannot serve (never taken first, or no puzzle known yet), an
// illustration: a position where it applies although an easier step does
// too (DefaultIllustrations), which TrainingPuzzle then serves with
// Illustration set, so the door can say so and the hints show the
// technique first there (Practising). Menus offer these.
func (l *TechniqueLibrary) Offers(t TechniqueID) bool {
	return l.Serves(t) || (Trainable(t) && len(DefaultIllustrations().Entries(t)) > 0)
}

// TrainOptions says what TrainingPuzzle should serve.
type TrainOptions struct {
	// Technique is the technique to train (a step's Technique).
	Technique TechniqueID
	// Seed picks the library puzzle and its disguise: the same options
	// give the same puzzle.
	Seed uint64
	// Played reports whether the player has played the puzzle with this
	// canonical key (CanonicalKey) in any disguise; such puzzles are
	// skipped. nil means none was played.
	Played func(canon string) bool
	// Library is searched first; nil is DefaultTechniqueLibrary.
	Library *TechniqueLibrary
}

// variantTries bounds the disguises tried per library puzzle: a disguise
// can break a tie between two steps of equal rating the other way, so the
// step found first is of another technique; a second or third disguise
// almost always keeps it.
const variantTries = 4

// TrainingPuzzle serves a training puzzle of a technique: a library
// puzzle the player has not played, in a fresh random disguise (digits
// relabelled, rows, columns, bands and stacks permuted, maybe transposed),
// with the position just before the technique's step; the step is found
// again in the disguised position, so the first hint there is the
// technique. When every library puzzle was played, it digs
// (GenerateTechnique) and reports ErrTechniqueUsedUp if that fails.
//
// A technique the library cannot serve (Serves: never taken first, or no
// puzzle known) is served from its illustrations the same way, each in a
// fresh disguise, with Illustration set: the technique applies at the
// position, an easier step does too, and the hints show the technique
// first (Practising); when every one was played it reports
// ErrTechniqueUsedUp (digging cannot make what the path never takes
// first). A technique with neither gets ErrTechniqueUnavailable at once.
func TrainingPuzzle(opts TrainOptions) (TechniquePuzzle, error) {
	t := opts.Technique
	if _, err := ParseTechnique(string(t)); err != nil {
		return TechniquePuzzle{}, fmt.Errorf("train: %w", err)
	}
	if !Trainable(t) {
		return TechniquePuzzle{}, fmt.Errorf("train %s: %w: the solving path never looks for it", t, ErrTechniqueOffPath)
	}
	lib := opts.Library
	if lib == nil {
		lib = DefaultTechniqueLibrary()
	}
	r := rand.New(rand.NewPCG(opts.Seed, hashName(t)^0x7ec41b))
	if !lib.Serves(t) {
		return illustrationTraining(t, r, opts.Played)
	}
	entries := lib.Entries(t)
	tp, played, ok := firstUnplayed(shuffled(r, entries), r, opts.Played, LibraryEntry.Variant)
	if ok {
		return tp, nil
	}
	tp, err := GenerateTechnique(TechniqueOptions{Technique: t, Seed: opts.Seed, DigOnly: true})
	if err == nil {
		return tp, nil
	}
	return TechniquePuzzle{}, fmt.Errorf("train %s: %w: %d of %d (%w)", t, ErrTechniqueUsedUp, played, len(entries), err)
}

// illustrationTraining serves one of t's illustrations the player has
// not played, in a random disguise (TrainingPuzzle): first one whose
// puzzle grades within t's level, as a library puzzle would, so that a
// player practising a medium technique is not left with an extreme
// puzzle once they found it; the others after.
func illustrationTraining(t TechniqueID, r *rand.Rand, isPlayed func(canon string) bool) (TechniquePuzzle, error) {
	all := DefaultIllustrations().Entries(t)
	if len(all) == 0 {
		// Mining found none in hours of CPU: a dig of a second
		// would not either, so say so at once.
		return TechniquePuzzle{}, fmt.Errorf("train %s: %w", t, ErrTechniqueUnavailable)
	}
	var within, beyond []LibraryEntry
	for _, e := range all {
		if e.WithinLevel() {
			within = append(within, e)
		} else {
			beyond = append(beyond, e)
		}
	}
	entries := append(shuffled(r, within), shuffled(r, beyond)...)
	tp, played, ok := firstUnplayed(entries, r, isPlayed, LibraryEntry.IllustrationVariant)
	if ok {
		return tp, nil
	}
	if played < len(all) {
		// Some were not played, yet none found its step in any of
		// the disguises tried: an engine change the tests catch,
		// not the player's doing.
		return TechniquePuzzle{}, fmt.Errorf("train %s: %w: %d of %d illustrations played, no other one holds its step", t, ErrTechniqueNotReached, played, len(all))
	}
	return TechniquePuzzle{}, fmt.Errorf("train %s: %w: %d of %d illustrations", t, ErrTechniqueUsedUp, played, len(all))
}

// shuffled is es in the order of a permutation drawn from r.
func shuffled(r *rand.Rand, es []LibraryEntry) []LibraryEntry {
	out := make([]LibraryEntry, len(es))
	for i, j := range r.Perm(len(es)) {
		out[i] = es[j]
	}
	return out
}

// firstUnplayed serves the first of entries the player has not played
// (isPlayed nil: none) through variant in one of variantTries random
// disguises, with Tried set; played counts the played ones skipped, and
// ok is false when no entry served.
func firstUnplayed(entries []LibraryEntry, r *rand.Rand, isPlayed func(canon string) bool,
	variant func(LibraryEntry, Transform) (TechniquePuzzle, bool)) (tp TechniquePuzzle, played int, ok bool) {
	for _, e := range entries {
		if isPlayed != nil && isPlayed(e.Canon()) {
			played++
			continue
		}
		for try := range variantTries {
			if tp, ok := variant(e, RandomTransform(r)); ok {
				tp.Tried = played + try + 1
				return tp, played, true
			}
		}
	}
	return TechniquePuzzle{}, played, false
}

// IllustrationVariant is an illustration's puzzle through tr, with its
// position carried across and the technique's step found again there
// (IllustrationStep), Illustration and StartBefore set: a training board
// where the technique applies although an easier step does too. false
// when the technique finds nothing true there (an engine change; the
// tests catch it).
func (e LibraryEntry) IllustrationVariant(tr Transform) (TechniquePuzzle, bool) {
	puzzle, sol, b, ok := e.disguised(tr)
	if !ok {
		return TechniquePuzzle{}, false
	}
	s, ok := IllustrationStep(&b, e.Technique)
	if !ok || checkStep(s, sol) != nil {
		return TechniquePuzzle{}, false
	}
	return TechniquePuzzle{Puzzle: puzzle, Solution: sol, Grade: e.Grade, StepIndex: e.StepIndex, Step: s, Position: b,
		StartBefore: true, Pooled: true, Illustration: true}, true
}

// disguised is the entry's puzzle through tr, its solution and its
// position (the digits placed and the candidates left) carried across.
func (e LibraryEntry) disguised(tr Transform) (Grid, Grid, Board, bool) {
	puzzle := tr.Apply(e.Puzzle)
	sol, err := Solve(puzzle)
	if err != nil {
		return Grid{}, Grid{}, Board{}, false
	}
	b := NewPosition(puzzle, tr.Apply(e.Progress))
	for c := range b.Cands {
		if b.Grid[c] != 0 {
			continue
		}
		var m Digits
		for _, d := range e.Cands[tr.Source(c)].Slice() {
			m = m.With(tr.Digits[d-1])
		}
		b.Cands[c] = m
	}
	return puzzle, sol, b, true
}

// Variant is the entry's puzzle through tr, with the position just
// before the technique's step carried across and the step found again
// there. false when, in this disguise, the teaching path's next step is
// of another technique (a tie broken the other way).
func (e LibraryEntry) Variant(tr Transform) (TechniquePuzzle, bool) {
	puzzle, sol, b, ok := e.disguised(tr)
	if !ok {
		return TechniquePuzzle{}, false
	}
	s, ok := e.stepAt(&b, sol)
	if !ok {
		return TechniquePuzzle{}, false
	}
	return TechniquePuzzle{Puzzle: puzzle, Solution: sol, Grade: e.Grade, StepIndex: e.StepIndex, Step: s, Position: b,
		StartBefore: e.StepIndex > 0 && tierOf(techniqueOf(e.Technique)) != tierSingles, Pooled: true, Library: true}, true
}

// Trains reports whether the entry still trains its technique on this
// engine: at its own position the teaching path takes the technique's
// step, within its level. A find stored by an older engine may not.
func (e LibraryEntry) Trains() bool {
	_, ok := e.Variant(Identity())
	return ok
}

// stepAt finds the teaching step in b and checks it is the entry's
// technique, within its level and true to the solution.
func (e LibraryEntry) stepAt(b *Board, sol Grid) (Step, bool) {
	level := e.Level()
	work := *b
	s, ok := teachingStep(&work, true, level)
	if !ok || s.Technique != e.Technique || LevelForScore(roundScore(s.Score)) > max(level, e.Grade.Level) || checkStep(s, sol) != nil {
		return Step{}, false
	}
	return s, true
}

// TechniqueExamples returns up to n example positions of a technique from
// the shipped library, each from a different puzzle, in library order
// (the same every time) but one of each family first (familiesFirst):
// the puzzle, the position just before the technique's first step and
// that step. Lessons draw them; a technique
// neither the library nor the illustrations (below) hold gets none. The
// step search costs up to a second per example for the extreme
// techniques, so callers keep the result.
//
// A rectangle's examples come textbook ones first: those whose four
// corners all still hold both digits of the pair. The engine also takes
// a rectangle a corner of which lost one of them (sound: the deadly
// pattern is about the solution, not the candidates), but a first
// example like that leaves a reader asking how the digits could swap.
//
// When the library has fewer than n, illustrations fill up
// (DefaultIllustrations, in file order, none of a puzzle already shown):
// positions where the technique applies although the path takes another
// step there, each marked Illustration so the lesson can say so.
func TechniqueExamples(t TechniqueID, n int) []TechniquePuzzle {
	var out, later []TechniquePuzzle
	for _, e := range familiesFirst(DefaultTechniqueLibrary().Entries(t)) {
		if len(out) >= n {
			break
		}
		if tp, ok := e.Variant(Identity()); ok {
			if textbookRectangle(tp) {
				out = append(out, tp)
			} else {
				later = append(later, tp)
			}
		}
	}
	out = append(out, later[:min(len(later), max(0, n-len(out)))]...)
	if len(out) >= n {
		return out
	}
	seen := map[string]bool{}
	for _, tp := range out {
		seen[CanonicalKey(tp.Puzzle)] = true
	}
	for _, e := range DefaultIllustrations().Entries(t) {
		if len(out) >= n {
			break
		}
		if seen[e.Canon()] {
			continue
		}
		if tp, ok := e.Illustrate(); ok {
			seen[e.Canon()] = true
			out = append(out, tp)
		}
	}
	return out
}

// Family is the source an entry's puzzle was reached from by moving
// givens: its Source before the first "~" ("sxrated_9.0.txt:72" of
// "sxrated_9.0.txt:72~r7c1>r9c4"), the whole Source when no given was
// moved. A climb's find and its neighbours are near-copies of one grid,
// one family; the library build and the lessons take one of each family
// before a second of any.
func (e LibraryEntry) Family() string {
	root, _, _ := strings.Cut(e.Source, "~")
	return root
}

// familiesFirst orders library entries for a lesson: the first of each
// Family, then the others, each in file order, so that three examples
// are not one position three times.
func familiesFirst(es []LibraryEntry) []LibraryEntry {
	seen := map[string]bool{}
	var first, rest []LibraryEntry
	for _, e := range es {
		if seen[e.Family()] {
			rest = append(rest, e)
			continue
		}
		seen[e.Family()] = true
		first = append(first, e)
	}
	return append(first, rest...)
}

// textbookRectangle reports whether a step is no rectangle, or a
// rectangle (a Unique Rectangle type or a Hidden Rectangle) each corner
// of which holds both digits of its pair.
func textbookRectangle(tp TechniquePuzzle) bool {
	s := tp.Step
	if !strings.HasPrefix(string(s.Technique), "Unique Rectangle Type") && s.Technique != TechHiddenRectangle {
		return true
	}
	if s.Digits.Count() != 2 || len(s.Cells) != 4 {
		return true
	}
	for _, c := range s.Cells {
		if tp.Position.Cands[c]&s.Digits != s.Digits {
			return false
		}
	}
	return true
}

// neverFirst maps the techniques the teaching path looks for but can
// never take first to the techniques it tries before them, one of which
// applies wherever they do (so no puzzle can train them), listed in the
// catalogue's order (TechniqueIDs), the order a player learns them, as
// the refusal to train them names them:
//   - Direct Claiming (1.9): where a claiming leaves one place for a
//     digit, a hidden single (1.2, 1.5) or a Direct Pointing (1.7)
//     applies: in the band's box that neither the claiming row nor the
//     single's row reaches outside the claimed box, the digit is locked
//     in the third row.
//   - Remote Pair (master chains): two neighbours on the chain are a
//     naked pair (subsets); when no naked pair clears anything, every link
//     is a conjugate pair of both digits, and Simple Colouring (expert
//     patterns) clears what the remote pair would (TestNeverFirstRemotePair).
//   - Unique Rectangle Type 6 (4.6): its digit is a hidden single or an
//     X-Wing (3.2) in the rectangle's rows; when the X-Wing clears
//     nothing, the Hidden Rectangle (4.6, earlier in the catalogue) of a
//     bivalue corner applies (TestNeverFirstURType6).
//   - Franken X-Wing (master chains, 6.8) and Mutant X-Wing (extreme
//     nets, 7.6), unfinned: a pointing or claiming (2.6, 2.8) or a hidden
//     single applies (TestNeverFirstTwoUnitFish). Base units B1, B2 hold d
//     only in cover units C1, C2, no place in both bases (the engine
//     allows no endo fin in an unfinned fish). If a base has one place it
//     is a hidden single. If a base Bi has all its places in one cover Cj,
//     they are two or more cells of two units, so a box and a line, and Bi
//     is locked in Cj: a pointing or claiming, which clears something
//     unless Cj's places are Bi's; then the other base's places lie in the
//     other cover alone, locked there too, and that one clears something
//     (a base place in both covers among others) unless the covers' places
//     are the bases', and then the fish clears nothing. So each base meets
//     both covers. Two boxes never meet, nor two parallel lines, and the
//     only unit other than themselves that meets both a row and a column
//     is the box of their crossing, so, up to transposing, the shapes
//     are: (a) bases two boxes X, X' of one stack, covers two of its
//     columns: the third column's places lie in the stack's third box
//     Z, a claiming that clears Z's places in the two covers, which are
//     all the fish clears (a column with no place has d placed, in Z, and
//     then Z has no place left); (b) bases a row r and a box X, covers two
//     columns through X: r avoids X's band (else its places would be in X
//     too), its two places lie in one box Y of the stack, a claiming that
//     clears Y's other places; with none, Y and X are case (a); (c) bases
//     two rows of a band, covers two of its boxes: the band's third box
//     holds d only in the third row, a pointing that clears that row's
//     places in the covers, all the fish clears; (d) bases two rows r1,
//     r2 of a band, covers a box X of it and a column k: k through X puts
//     every place of r1 in X (a claiming); otherwise k crosses the band in
//     its box Y, the third box W holds d only in the third row r3, a
//     pointing that clears r3 outside W; with nothing to clear, Y's places
//     are (r1,k) and (r2,k), a pointing down k that clears what the fish
//     clears there, and X's places in r3 are none. Shapes (b) and (d) are
//     Franken, (a) and (c) Mutant (boxes alone on one side); no shape
//     mixes rows and columns. Hidden Single, Pointing and Claiming come
//     in earlier tiers than both.
//   - Finned Franken X-Wing (master chains, 7.3): a hidden single, a
//     pointing or claiming, an X-Wing, a Skyscraper, an Empty Rectangle
//     (patterns) or a Grouped AIC of four nodes (7.0, same tier, rated
//     below) clears something wherever it does
//     (TestNeverFirstFinnedXWings; a million planted positions).
//     The target t lies in a cover unit, in no base unit, and sees every
//     fin (exo and endo); a base whose places all lie in one box or line
//     is locked there (pointing, claiming) or single. Up to transposing,
//     the shapes are (A) bases a row r and a box X, covers two columns;
//     (B) bases two rows, covers a column k and a box Y; (C) bases a row
//     r and a box X, covers a column k and a box Y. In (A), what t can
//     see leaves r locked in a box (a claiming) or single, X locked in a
//     line (a pointing), or X's places on a column k1 and t's row with r
//     a conjugate pair on k1 and t's column: an Empty Rectangle onto t.
//     In (B), with both rows in Y's band and k outside Y's stack, t is
//     in k's box of the band and the band's third box holds d only in
//     the third row (a pointing onto t); with one row r1 in Y's band, k
//     outside Y's stack and t in Y, r2 is a conjugate pair on k and t's
//     column and r1's places are on k and in Y: a Skyscraper (one place
//     in Y) or the Grouped AIC (r2,t's column)=(r2,k)-(r1,k)=(r1 in Y);
//     with no row in Y's band, an X-Wing on k and t's column; every
//     other case leaves a row locked in a box or single. In (C), X meets
//     k or all of X is fins in one line through t (a pointing); with Y
//     in X's stack and r in the stack's third box Z's band, t in Y, X's
//     places lie on k and t's column and r is a conjugate pair on them:
//     the Grouped AIC (X on t's column)=(X on k)-(r,k)=(r,t's column);
//     with Y beside X in its band, an Empty Rectangle as in (A); every
//     other case leaves r or X locked (a claiming or pointing onto t or
//     onto r's place on k) or r single. A cannibal target (a base place
//     in both covers) sees the fins of its own row, leaving the other
//     base locked or single. Both Grouped AICs are contradictions of
//     cells alone (t's peers off leave a unit one place, and so on until
//     a unit has none), which the chain search's propagation finds.
//   - Finned Mutant X-Wing (extreme nets, 7.7): a hidden single, a
//     pointing or claiming, or a Grouped AIC (master, an earlier tier,
//     so first whatever its length) clears something wherever it does
//     (TestNeverFirstFinnedXWings; 1.3 million planted fish with an
//     effect). The target t lies in a cover C1 and sees every fin. (a) A
//     cannibal t (a base place in both covers) sees every place of the
//     other base, which t's peers in a unit not holding t put in one
//     crossing or one cell: locked there or single, clearing t. Else t
//     is in no base. In each base Bi, the places t sees, Qi, lie in one
//     box-line crossing or one cell (t outside a unit sees its cells in
//     t's box, which in a line make one crossing, or in t's line, which
//     in a box make one crossing, or one cell of a line in t's column or
//     row); the others, Pi, are no fins and not in C1, so they lie in Bi
//     and C2: one cell, or in the crossing of Bi and C2; call that node
//     Zi. No cell is in P1 and P2: a place in both bases is an endo fin,
//     which t sees. (b) A base whose places are all Qi, or all in Zi, is
//     locked there or single: a pointing, claiming or hidden single. In
//     Qi it clears t (t is in the crossing's other unit). In Zi it clears
//     C2's places outside Bi, unless there are none; then the other
//     base's Pj lie in Bi too, endo fins t sees, so Pj is empty and that
//     base's places are all Qj. (c) Otherwise Q1 = P1 - P2 = Q2 is a
//     grouped AIC of four nodes with both ends seen by t, and
//     propagating from t finds it: t turns Qi off (a cell, or a crossing
//     t sees whole), which leaves Bi's places in Zi, on (a place of Zi
//     that t sees is already off); Zi on turns Zj off in C2, where C2 is
//     a box and Zi, Zj a row's and a column's crossing of it too
//     (TestGroupedAICFindsGroupLink): the cell they share does not hold
//     the digit, or it would be in both bases, seen by t only from C2,
//     and every place of C2 would be among the Qi; Zj off leaves Bj's
//     places in Qj (they are not all in Zj, case b), on, and that turns
//     t off.
var neverFirst = map[TechniqueID][]TechniqueID{
	TechDirectClaiming:       {TechHiddenSingle, TechDirectPointing},
	TechRemotePair:           {TechNakedPair, TechSimpleColouring},
	TechUniqueRectangleType6: {TechXWing, TechHiddenRectangle},
	TechFrankenXWing:         {TechHiddenSingle, TechPointing, TechClaiming},
	TechMutantXWing:          {TechHiddenSingle, TechPointing, TechClaiming},
	TechFinnedFrankenXWing: {TechHiddenSingle, TechPointing, TechClaiming, TechXWing, TechSkyscraper,
		TechEmptyRectangle, TechGroupedAlternatingInferenceChain},
	TechFinnedMutantXWing: {TechHiddenSingle, TechPointing, TechClaiming, TechGroupedAlternatingInferenceChain},
}

// NeverFirst reports whether the teaching path can never take t first,
// with the techniques it takes instead: no library puzzle can train it,
// so training serves its illustrations, and the note over them and its
// lesson say why. The slice is shared; do not modify it.
func NeverFirst(t TechniqueID) ([]TechniqueID, bool) {
	by, ok := neverFirst[t]
	return by, ok
}

// With returns a library of l's entries and the extra ones (the finds of
// the background jobs, kept in the store), an extra entry left out when
// its technique already has its puzzle. l is not changed.
func (l *TechniqueLibrary) With(extra []LibraryEntry) *TechniqueLibrary {
	out := &TechniqueLibrary{by: make(map[TechniqueID][]LibraryEntry, len(l.by)), total: l.total}
	have := map[TechniqueID]map[string]bool{}
	for t, es := range l.by {
		out.by[t] = es[:len(es):len(es)] // appends copy, never write into l
		have[t] = map[string]bool{}
		for _, e := range es {
			have[t][e.Canon()] = true
		}
	}
	for _, e := range extra {
		if have[e.Technique] == nil {
			have[e.Technique] = map[string]bool{}
		}
		if have[e.Technique][e.Canon()] {
			continue
		}
		have[e.Technique][e.Canon()] = true
		out.by[e.Technique] = append(out.by[e.Technique], e)
		out.total++
	}
	return out
}
