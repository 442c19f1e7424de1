package engine

import (
	"errors"
	"fmt"
	"iter"
	"math/rand/v2"
)

// LibraryFinds walks the teaching path of g's canonical form, up to
// maxLevel, and returns a library entry for every technique the path
// takes when the whole path keeps to that technique's level (no step of
// a harder family, none rated above the technique's band or its own
// step's): one walk
// serves every technique of the puzzle's level at once, which is what
// makes mining the library affordable. A puzzle whose path needs a step
// above maxLevel gives no entries (the walk stops there, before the
// costly searches of the higher tiers). The entries' positions are those
// of the canonical form, so each entry's Canon is its puzzle. Errors are
// Solve's (no unique solution) and ErrUnsound.
func LibraryFinds(g Grid, maxLevel Level, source string) ([]LibraryEntry, error) {
	c := Canonical(g)
	sol, err := Solve(c)
	if err != nil {
		return nil, fmt.Errorf("library: %w", err)
	}
	p := Path{Puzzle: c, Solution: sol, Final: NewBoard(c)}
	b := &p.Final
	// family is the highest TechniqueLevel of the path's steps, band the
	// highest level of their scores, firstBand the band of each
	// technique's first step.
	family, band := LevelEasy, LevelEasy
	firstBand := map[TechniqueID]Level{}
	first := map[TechniqueID]LibraryEntry{}
	var order []TechniqueID
	for !b.Solved() {
		s, ok := teachingStep(b, true, maxLevel)
		if !ok {
			return nil, nil
		}
		fam, sb := TechniqueLevel(s.Technique, s.Score), LevelForScore(roundScore(s.Score))
		if max(fam, sb) > maxLevel {
			return nil, nil
		}
		if err := checkStep(s, sol); err != nil {
			return nil, fmt.Errorf("library %s: %w", source, err)
		}
		family, band = max(family, fam), max(band, sb)
		if _, ok := first[s.Technique]; !ok {
			firstBand[s.Technique] = sb
			e := LibraryEntry{Technique: s.Technique, Puzzle: c, StepIndex: len(p.Steps), Source: source}
			for cell, d := range b.Grid {
				if d != 0 && c[cell] == 0 {
					e.Progress[cell] = d
				}
				if d == 0 {
					e.Cands[cell] = b.Cands[cell]
				}
			}
			first[s.Technique] = e
			order = append(order, s.Technique)
		}
		p.Steps = append(p.Steps, s)
		b.Apply(s)
	}
	grade := GradePath(&p)
	var out []LibraryEntry
	for _, t := range order {
		// Nothing harder than t: no step of a family above t's, and no
		// step rated above the band of t's level or of t's own step (a
		// Hidden Triple is of the hard family but rates 4.0, expert).
		lv := TechniqueLevel(t, 0)
		if family > lv || band > max(lv, firstBand[t]) || !Trainable(t) {
			continue
		}
		e := first[t]
		e.Grade = grade
		out = append(out, e)
	}
	return out, nil
}

// ErrNotTaken means the teaching path no longer takes a library entry's
// technique first in its puzzle (within its level): the entry cannot be
// re-made, only dropped.
var ErrNotTaken = errors.New("the teaching path does not take it")

// Verify checks an entry the way the library promises it: the puzzle is
// in canonical form with exactly one solution, its teaching path takes the
// technique first at StepIndex from exactly the stored position, every
// step of the path keeps to the technique's level, and the grade is the
// path's. Tests run it over the shipped library.
func (e LibraryEntry) Verify() error {
	if Canonical(e.Puzzle) != e.Puzzle {
		return fmt.Errorf("%s: the puzzle is not in canonical form", e.Technique)
	}
	f, err := e.Remake()
	if err != nil {
		return err
	}
	return e.Mismatch(f)
}

// Mismatch says how e differs from f, the entry as Remake makes it now
// (nil when it does not): the step it is taken at, the position before
// it, or the puzzle's grade.
func (e LibraryEntry) Mismatch(f LibraryEntry) error {
	switch {
	case f.StepIndex != e.StepIndex:
		return fmt.Errorf("%s: the path takes it first at step %d, not %d", e.Technique, f.StepIndex, e.StepIndex)
	case f.Progress != e.Progress || f.Cands != e.Cands:
		return fmt.Errorf("%s: the position before the step differs from the stored one", e.Technique)
	case f.Grade != e.Grade:
		return fmt.Errorf("%s: the puzzle grades %s, not %s", e.Technique, f.Grade, e.Grade)
	}
	return nil
}

// Remake is the entry as the teaching path makes it now from its puzzle
// (LibraryFinds, under the same source and up to the same level): after
// a change to the path an entry's step can move, or its grade change,
// while the path still takes its technique first. ErrNotTaken says when
// it no longer does; other errors are LibraryFinds' (no unique solution,
// an unsound step).
func (e LibraryEntry) Remake() (LibraryEntry, error) {
	finds, err := LibraryFinds(e.Puzzle, max(e.Level(), e.Grade.Level), e.Source)
	if err != nil {
		return LibraryEntry{}, err
	}
	for _, f := range finds {
		if f.Technique == e.Technique {
			return f, nil
		}
	}
	return LibraryEntry{}, fmt.Errorf("%s: %w within %s", e.Technique, ErrNotTaken, e.Level())
}

// LibraryRepair looks for library entries of the wanted techniques in
// puzzles whose teaching path takes one but then needs something harder:
// it adds givens (the solution's digits) in cells away from the
// technique's pattern, one at a time, keeping each that leaves the
// technique on the path, until the path keeps to the technique's level
// (LibraryFinds then makes the entry) or tries additions were made. The
// rare techniques (a Unique Rectangle Type 5, a Franken fish) show up far
// more often on too hard a path than on a fitting one, so this finds
// them where scanning alone does not. The same r gives the same result.
func LibraryRepair(g Grid, want map[TechniqueID]bool, r *rand.Rand, tries int, source string) ([]LibraryEntry, error) {
	sol, err := Solve(g)
	if err != nil {
		return nil, fmt.Errorf("library repair: %w", err)
	}
	var out []LibraryEntry
	firsts := firstSteps(g, want)
	for _, t := range TechniqueIDs() {
		s, ok := firsts[t]
		if !ok {
			continue
		}
		level := TechniqueLevel(t, 0)
		if finds, _ := LibraryFinds(g, level, source); hasTechnique(finds, t) {
			continue // no repair needed: a plain scan finds it
		}
		keep := map[int]bool{}
		for _, c := range s.Cells {
			keep[c] = true
		}
		for _, p := range s.Pattern {
			keep[p.Cell] = true
		}
		for _, e := range s.Eliminations {
			keep[e.Cell] = true
		}
		for _, p := range s.Placements {
			keep[p.Cell] = true
		}
		cur := g
		cells := r.Perm(NumCells)
		added := 0
		for _, c := range cells {
			if added >= tries {
				break
			}
			if cur[c] != 0 || keep[c] {
				continue
			}
			next := cur
			next[c] = sol[c]
			added++
			if finds, err := LibraryFinds(next, level, source); err == nil && hasTechnique(finds, t) {
				for _, e := range finds {
					if e.Technique == t {
						e.Source = fmt.Sprintf("%s+%d", source, next.Count()-g.Count())
						out = append(out, e)
					}
				}
				break
			}
			if _, ok := firstStepOf(next, t, level); ok {
				cur = next
			}
		}
	}
	return out, nil
}

// firstSteps walks g's teaching path up to the highest level of the
// wanted techniques and returns the first step of each one it takes
// before a step of a family above its own.
func firstSteps(g Grid, want map[TechniqueID]bool) map[TechniqueID]Step {
	top := LevelEasy
	for t := range want {
		top = max(top, TechniqueLevel(t, 0))
	}
	out := map[TechniqueID]Step{}
	family := LevelEasy
	b := NewBoard(g)
	for !b.Solved() {
		s, ok := teachingStep(&b, true, top)
		if !ok {
			break
		}
		family = max(family, TechniqueLevel(s.Technique, s.Score))
		if _, seen := out[s.Technique]; want[s.Technique] && !seen && family <= TechniqueLevel(s.Technique, 0) {
			out[s.Technique] = s
		}
		b.Apply(s)
	}
	return out
}

// firstStepOf walks g's teaching path up to level (by the families: a
// step rated above its band may come before) and returns the first step of t, false when the walk ends
// or stops before one.
func firstStepOf(g Grid, t TechniqueID, level Level) (Step, bool) {
	b := NewBoard(g)
	for !b.Solved() {
		s, ok := teachingStep(&b, true, level)
		if !ok || TechniqueLevel(s.Technique, s.Score) > level {
			return Step{}, false
		}
		if s.Technique == t {
			return s, true
		}
		b.Apply(s)
	}
	return Step{}, false
}

func hasTechnique(es []LibraryEntry, t TechniqueID) bool {
	for _, e := range es {
		if e.Technique == t {
			return true
		}
	}
	return false
}

// mineRepairTries bounds the givens MineLibrary adds to a puzzle whose
// path takes a wanted technique but then needs something harder: each try
// is a walk of the path, so a unit stays within seconds.
const mineRepairTries = 12

// MineLibrary is one unit of the background mining of the technique
// library: it digs the minimal puzzle MineGrid(seed) and returns the
// library entries it gives for the wanted techniques (LibraryFinds up to
// the highest of their levels, then LibraryRepair when the path takes one
// but needs something harder), source "dig:SEED". Most puzzles give none:
// the wanted techniques are the rare ones. The same seed and techniques
// give the same entries.
func MineLibrary(seed uint64, want []TechniqueID) ([]LibraryEntry, error) {
	if len(want) == 0 {
		return nil, nil
	}
	wanted := map[TechniqueID]bool{}
	top := LevelEasy
	for _, t := range want {
		wanted[t] = true
		top = max(top, TechniqueLevel(t, 0))
	}
	g := MineGrid(seed)
	source := fmt.Sprintf("dig:%d", seed)
	finds, err := LibraryFinds(g, top, source)
	if err != nil {
		return nil, err
	}
	var out []LibraryEntry
	for _, e := range finds {
		if wanted[e.Technique] {
			out = append(out, e)
			delete(wanted, e.Technique)
		}
	}
	if len(wanted) == 0 {
		return out, nil
	}
	fixed, err := LibraryRepair(Canonical(g), wanted, rand.New(rand.NewPCG(seed, 0x11b)), mineRepairTries, source)
	if err != nil {
		return out, err
	}
	return append(out, fixed...), nil
}

// MovedGivens yields the neighbours of a puzzle g: every puzzle that
// moves one given of g to an empty cell, holding the solution's digit
// there, and still has exactly one solution, each with its move
// ("r7c8>r9c2": the given of r7c8 now in r9c2), in cell order. A
// neighbour equivalent to g or to an earlier one is left out. A library
// technique's neighbours often need the same technique at the same place
// (a miner's way to more puzzles of a rare one, techlib scan
// --neighbours), though mostly with the same pattern. g without one
// solution yields nothing.
func MovedGivens(g Grid) iter.Seq2[string, Grid] {
	return func(yield func(string, Grid) bool) {
		sol, err := Solve(g)
		if err != nil {
			return
		}
		seen := map[string]bool{CanonicalKey(g): true}
		for from := range g {
			if g[from] == 0 {
				continue
			}
			for to := range g {
				if g[to] != 0 {
					continue
				}
				h := g
				h[from], h[to] = 0, sol[to]
				if CountSolutions(h, 2) != 1 {
					continue
				}
				k := CanonicalKey(h)
				if seen[k] {
					continue
				}
				seen[k] = true
				if !yield(CellName(from)+">"+CellName(to), h) {
					return
				}
			}
		}
	}
}
