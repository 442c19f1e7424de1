package engine

import (
	"errors"
	"testing"
)

// TestShippedIllustrations verifies the shipped illustrations: the file
// parses, and every entry is what it promises (VerifyIllustrations: a
// canonical puzzle with one solution whose teaching path reaches the
// stored position at the stored step, where the technique finds a step
// with an effect, true to the solution). Each puzzle's path is walked
// once, to its last illustration. The paths are of extreme puzzles, so
// a plain run verifies the LessonPositions of each technique that
// lessons show; -libcheck verifies every line, walks each path to the
// end and checks the stored grade too.
func TestShippedIllustrations(t *testing.T) {
	t.Parallel() // pure: the engine keeps no state between calls
	ill, err := ParseTechniqueLibrary(illustrationsText)
	if err != nil {
		t.Fatalf("shipped illustrations: %v", err)
	}
	var all []LibraryEntry
	for _, id := range TechniqueIDs() {
		es := ill.Entries(id)
		if !*libCheck {
			es = es[:min(len(es), LessonPositions)]
		}
		all = append(all, es...)
	}
	for i, err := range VerifyIllustrations(all, *libCheck) {
		if err != nil {
			t.Errorf("%s (%s): %v", all[i].Puzzle, all[i].Source, err)
		}
	}
}

// TestIllustrationInstancesSound: at every shipped illustration's
// position, every instance of its technique with an effect is true to
// the solution, not only the one found first: training serves them in
// disguises, and a disguise can make another instance the first (a
// Unique Rectangle Type 6 whose digit was already placed in one of its
// rows did, and cleared the solution's digit). The costly nets are
// skipped in -short.
func TestIllustrationInstancesSound(t *testing.T) {
	t.Parallel() // pure
	ill := DefaultIllustrations()
	for _, id := range TechniqueIDs() {
		if costlyIllustration[id] && testing.Short() {
			continue
		}
		tech, ok := TechniqueNamed(id)
		if !ok {
			continue
		}
		for _, e := range ill.Entries(id) {
			sol, err := Solve(e.Puzzle)
			if err != nil {
				t.Fatalf("%s %s: %v", id, e.Source, err)
			}
			b := e.Position()
			for _, s := range AllSteps(tech, &b) {
				if s.HasEffect() {
					if err := checkStep(s, sol); err != nil {
						t.Errorf("%s (%s): %v", id, e.Source, err)
					}
				}
			}
		}
	}
}

// TestLessonPositionsCoverage: every technique with a lesson (Trainable)
// has at least LessonPositions positions from different puzzles, the
// library's first, illustrations filling up; an illustration is never of
// a puzzle the library holds for its technique, and the techniques the
// library covers well have none.
func TestLessonPositionsCoverage(t *testing.T) {
	lib, ill := DefaultTechniqueLibrary(), DefaultIllustrations()
	for _, id := range TechniqueIDs() {
		puzzles := map[string]bool{}
		for _, e := range lib.Entries(id) {
			puzzles[e.Canon()] = true
		}
		fromLib := len(puzzles)
		for _, e := range ill.Entries(id) {
			if puzzles[e.Canon()] {
				t.Errorf("%s: an illustration of %s (%s), which is a library puzzle of it or another illustration's", id, e.Puzzle, e.Source)
			}
			puzzles[e.Canon()] = true
		}
		switch n := len(puzzles); {
		case !Trainable(id) && n > 0:
			t.Errorf("%s has no lesson but %d positions", id, n)
		case Trainable(id) && n < LessonPositions:
			t.Errorf("%s: %d positions from different puzzles (%d of the library), want %d", id, n, fromLib, LessonPositions)
		case fromLib >= LessonPositions && len(ill.Entries(id)) > 0:
			t.Errorf("%s: %d library puzzles and %d illustrations it does not need", id, fromLib, len(ill.Entries(id)))
		}
	}
}

// TestIllustrationExamples: a technique no puzzle trains gets its
// lesson's positions from the illustrations, each marked, from different
// puzzles, the technique's own step at each; training serves it from
// them (TestTrainingFromIllustrations), not from the library.
func TestIllustrationExamples(t *testing.T) {
	for _, id := range []TechniqueID{TechRemotePair, TechMutantSwordfish, TechTemplateDelete, TechFrankenSwordfish} {
		ex := TechniqueExamples(id, LessonPositions)
		if len(ex) != LessonPositions {
			t.Fatalf("%s: %d positions, want %d", id, len(ex), LessonPositions)
		}
		seen := map[string]bool{}
		for i, tp := range ex {
			k := CanonicalKey(tp.Puzzle)
			if seen[k] {
				t.Errorf("%s: one puzzle twice", id)
			}
			seen[k] = true
			fromLib := i < len(DefaultTechniqueLibrary().Entries(id))
			if tp.Illustration == fromLib || tp.Library != fromLib {
				t.Errorf("%s position %d: Illustration %v, Library %v", id, i, tp.Illustration, tp.Library)
			}
			if tp.Step.Technique != id || !tp.Step.HasEffect() || checkStep(tp.Step, tp.Solution) != nil {
				t.Errorf("%s position %d: step %v", id, i, tp.Step)
			}
		}
		if fromLib := len(DefaultTechniqueLibrary().Entries(id)); fromLib > 0 {
			continue
		}
		if Servable(id) || !Offered(id) {
			t.Errorf("%s: Servable %v, Offered %v: want only offered, from illustrations", id, Servable(id), Offered(id))
		}
	}
}

// TestTrainingFromIllustrations: every technique the path takes that the
// library cannot serve (never first, or no puzzle known) is offered and
// served from its illustrations, in disguise, marked, the position true
// to the solution with the technique's step there; the hints with
// Practising show that step first where the path's own hint is an easier
// one; and a player who played them all is told so.
func TestTrainingFromIllustrations(t *testing.T) {
	t.Parallel() // pure
	ill := DefaultIllustrations()
	n := 0
	for _, id := range TechniqueIDs() {
		if !Trainable(id) || Servable(id) {
			continue
		}
		n++
		if !Offered(id) {
			t.Errorf("%s: not offered", id)
			continue
		}
		if TechniqueLevel(id, 0) == LevelExtreme && testing.Short() {
			continue
		}
		canons := map[string]bool{}
		for _, e := range ill.Entries(id) {
			canons[e.Canon()] = true
		}
		tp, err := TrainingPuzzle(TrainOptions{Technique: id, Seed: 7})
		if err != nil {
			t.Errorf("%s: %v", id, err)
			continue
		}
		if msg := checkTrainingPuzzle(tp, id); msg != "" {
			t.Errorf("%s: %s", id, msg)
		}
		if !tp.Illustration || tp.Library || !tp.StartBefore || !canons[CanonicalKey(tp.Puzzle)] {
			t.Errorf("%s: Illustration %v, Library %v, StartBefore %v, an illustration %v", id,
				tp.Illustration, tp.Library, tp.StartBefore, canons[CanonicalKey(tp.Puzzle)])
		}
		marks := tp.Position.Cands
		plain, err := Hint(tp.Puzzle, tp.Position.Grid, WithMarks(marks))
		if err != nil {
			t.Errorf("%s: hint: %v", id, err)
			continue
		}
		focused, err := Hint(tp.Puzzle, tp.Position.Grid, WithMarks(marks), Practising(id))
		if err != nil {
			t.Errorf("%s: practising hint: %v", id, err)
			continue
		}
		if focused.Kind != HintStep || focused.Step.Technique != id {
			t.Errorf("%s: the practising hint is %v %s", id, focused.Kind, focused.Step.Technique)
		}
		if plain.Kind != HintStep || plain.Step.Technique == id {
			t.Errorf("%s: the path's hint is %v %s, want an easier step", id, plain.Kind, plain.Step.Technique)
		}
		_, err = TrainingPuzzle(TrainOptions{Technique: id, Seed: 7, Played: func(string) bool { return true }})
		if !errors.Is(err, ErrTechniqueUsedUp) {
			t.Errorf("%s: every illustration played: %v, want ErrTechniqueUsedUp", id, err)
		}
	}
	if n == 0 {
		t.Fatal("no technique is served from illustrations: the test checks nothing")
	}
}

// TestVerifyIllustrationRefuses: an illustration that breaks its promise
// is caught: another step index (the position differs), a technique that
// finds nothing there, and a library position (the path takes the
// technique there itself).
func TestVerifyIllustrationRefuses(t *testing.T) {
	good := DefaultIllustrations().Entries(TechMutantSwordfish)[0]
	moved := good
	moved.StepIndex++
	other := good
	other.Technique = TechJellyfish
	lib := DefaultTechniqueLibrary().Entries(TechXWing)[0]
	for _, tc := range []struct {
		name string
		e    LibraryEntry
	}{{"another step", moved}, {"another technique", other}, {"a library position", lib}} {
		if err := tc.e.VerifyIllustration(false); !errors.Is(err, ErrNotIllustration) {
			t.Errorf("%s: %v, want ErrNotIllustration", tc.name, err)
		}
	}
	if err := good.VerifyIllustration(false); err != nil {
		t.Errorf("the shipped one: %v", err)
	}
}
