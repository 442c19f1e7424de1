package game

import (
	"context"
	"fmt"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/explain"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// TrainInput starts a training game: a puzzle whose teaching path takes
// one technique, from the position just before it where that suits
// better (engine.TechniquePuzzle.StartBefore).
type TrainInput struct {
	User, Guild string
	Technique   engine.TechniqueID
	// Puzzle makes the training puzzle (engine.GenerateTechnique), heavy
	// work the door runs within its budget.
	Puzzle func(context.Context) (engine.TechniquePuzzle, error)
}

// TrainResult is a started training game.
type TrainResult struct {
	StartResult
	// Step is the index of the technique's first step in the puzzle's
	// teaching path; FromPosition tells whether the game starts just
	// before it rather than from the givens.
	Step         int
	FromPosition bool
}

// StartTraining stores a training puzzle and starts the player's game of
// it, with the digits and candidates of the position before the technique
// when the puzzle starts there: the first hint is then the technique. A
// technique the solving path never takes is refused with the catalogue
// message "train.unknown".
func (s *Service) StartTraining(ctx context.Context, in TrainInput) (TrainResult, error) {
	if !engine.Trainable(in.Technique) {
		return TrainResult{}, Refuse("train.unknown", "Value", fmt.Sprintf("`%s`", in.Technique))
	}
	if why, never := NeverFirstReason(in.Technique); never {
		// Said here, not only where a door parses the name: the lesson
		// page's Practise posts a technique without asking
		// PractiseTechnique.
		return TrainResult{}, &Error{Msg: why}
	}
	tp, err := in.Puzzle(ctx)
	if err != nil {
		return TrainResult{}, err
	}
	p, err := s.store.SavePuzzle(ctx, store.Puzzle{Grid: tp.Puzzle, Solution: tp.Solution, Score: tp.Grade.Score,
		Level: tp.Grade.Level, Techniques: tp.Grade.Hardest.String(), Origin: "technique:" + in.Technique.String()})
	if err != nil {
		return TrainResult{}, err
	}
	ng := store.NewGame{UserID: in.User, GuildID: in.Guild, PuzzleID: p.ID, Context: store.ContextPersonal, StartedAt: s.now()}
	if tp.StartBefore {
		ng.Entries, ng.Pencil = StartPosition(tp)
	}
	g, created, err := s.store.StartGame(ctx, ng)
	if err != nil {
		return TrainResult{}, err
	}
	return TrainResult{StartResult: StartResult{Game: g, Puzzle: p, Created: created}, Step: tp.StepIndex,
		FromPosition: tp.StartBefore && created}, nil
}

// StartPosition is the position before a training puzzle's technique as
// a game's entries (the digits the path placed, givens left out) and
// pencil marks (the candidates of the empty cells).
func StartPosition(tp engine.TechniquePuzzle) (engine.Grid, [engine.NumCells]engine.Digits) {
	var entries engine.Grid
	var pencil [engine.NumCells]engine.Digits
	for c, d := range tp.Position.Grid {
		switch {
		case tp.Puzzle[c] != 0:
		case d != 0:
			entries[c] = d
		default:
			pencil[c] = tp.Position.Cands[c]
		}
	}
	return entries, pencil
}

// Practisable lists the techniques a player may ask to practise, easiest
// first: those lib can serve a puzzle for at once (Serves). lib is the
// library training serves (the shipped one and the background jobs'
// finds: puzzles.Maker.TechniqueLibrary).
func Practisable(lib *engine.TechniqueLibrary) []engine.TechniqueID {
	var out []engine.TechniqueID
	for _, t := range engine.TechniqueIDs() {
		if lib.Serves(t) {
			out = append(out, t)
		}
	}
	return out
}

// PractiseTechnique is the technique a player asks to practise, by its
// name or key (engine.LookupTechnique); else the refusal that says why it
// cannot be: unknown or never on a solving path ("train.unknown"), never
// the first step of a puzzle, as another technique always comes first
// (NeverFirstReason), or no puzzle in lib to serve ("train.unavailable";
// lib as for Practisable).
func PractiseTechnique(lib *engine.TechniqueLibrary, name string) (engine.TechniqueID, error) {
	t, ok := engine.LookupTechnique(name)
	if !ok || !engine.Trainable(t) {
		return "", Refuse("train.unknown", "Value", l10n.Quote(name))
	}
	if why, never := NeverFirstReason(t); never {
		return "", &Error{Msg: why}
	}
	if !lib.Serves(t) {
		return "", Refuse("train.unavailable")
	}
	return t, nil
}

// NeverFirstReason says why t cannot be practised when the teaching path
// never takes it first (engine.NeverFirst): "train.never_first", naming
// every technique that comes first instead, in the order a player learns
// them. Both doors say it: the refusal to train and the lesson page.
func NeverFirstReason(t engine.TechniqueID) (l10n.Msg, bool) {
	by, never := engine.NeverFirst(t)
	if !never {
		return l10n.Msg{}, false
	}
	return l10n.M("train.never_first", "Names", techniqueAlternatives(by)), true
}

// techniqueAlternatives are techniques one of which applies, named as
// the language quotes a technique in running text
// ("train.never_first_name") and listed with its "or" (l10n.OrList).
type techniqueAlternatives []engine.TechniqueID

// In implements l10n.Phrase.
func (ts techniqueAlternatives) In(l *l10n.Lang) string {
	names := make([]string, len(ts))
	for i, t := range ts {
		names[i] = l.T("train.never_first_name", "Name", explain.TechniqueName(l, t))
	}
	return l.OrList(names)
}
