package game

import (
	"context"
	"fmt"
	"strconv"
	"strings"

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
	// Illustration tells that the board is an illustration's position
	// (engine.TrainingPuzzle for a technique the library cannot serve):
	// the technique applies there, an easier step does too, and the
	// hints show the technique first. The door says so.
	Illustration bool
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
	tp, err := in.Puzzle(ctx)
	if err != nil {
		return TrainResult{}, err
	}
	origin := originTechnique + in.Technique.String()
	if tp.Illustration {
		// The hints of this game show the technique first while no digit
		// was placed since the start (practisedTechnique): an easier step
		// applies there too.
		origin = fmt.Sprintf("%s%s@%d", originIllustration, in.Technique, filledCells(tp.Position.Grid))
	}
	p, err := s.store.SavePuzzle(ctx, store.Puzzle{Grid: tp.Puzzle, Solution: tp.Solution, Score: tp.Grade.Score,
		Level: tp.Grade.Level, Techniques: tp.Grade.Hardest.String(), Origin: origin})
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
	// What the store holds says what the board is: a puzzle saved before
	// under another origin keeps it, and its hints are the path's.
	illustration := strings.HasPrefix(p.Origin, originIllustration)
	return TrainResult{StartResult: StartResult{Game: g, Puzzle: p, Created: created}, Step: tp.StepIndex,
		FromPosition: tp.StartBefore && created, Illustration: illustration && created}, nil
}

// The origins of a training game's puzzle (store.Puzzle.Origin), the
// technique's name after them: a library puzzle, whose path takes the
// technique first, and an illustration, whose hints show it first,
// "illustration:TECHNIQUE@N" with N the filled cells of its start.
const (
	originTechnique    = "technique:"
	originIllustration = "illustration:"
)

// filledCells counts a grid's digits.
func filledCells(g engine.Grid) int {
	n := 0
	for _, d := range g {
		if d != 0 {
			n++
		}
	}
	return n
}

// practisedTechnique is the technique a game's hints show first: the one
// practised on a training board served from an illustration
// (engine.Practising), while the board holds as many digits as it
// started with (the player found the technique, or moved on, once they
// place one: from there the hints are the path's, not dozens of exotic
// eliminations where a single applies); "" for every other game. The
// store reads the puzzle's origin with the game (store.Game.Origin): no
// read of its own on a hint's path.
func practisedTechnique(g store.Game) engine.TechniqueID {
	if g.Context != store.ContextPersonal || !g.Day.IsZero() {
		return ""
	}
	rest, ok := strings.CutPrefix(g.Origin, originIllustration)
	if !ok {
		return ""
	}
	at := strings.LastIndexByte(rest, '@')
	if at < 0 {
		return ""
	}
	t, ok := engine.LookupTechnique(rest[:at])
	start, err := strconv.Atoi(rest[at+1:])
	if !ok || err != nil {
		return ""
	}
	board := g.Givens
	for c, d := range g.Entries {
		if board[c] == 0 {
			board[c] = d
		}
	}
	if filledCells(board) != start {
		return ""
	}
	return t
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
// first: those lib can serve a board for at once (Offers: a puzzle of
// the library, else an illustration). lib is the library training serves
// (the shipped one and the background jobs' finds:
// puzzles.Maker.TechniqueLibrary).
func Practisable(lib *engine.TechniqueLibrary) []engine.TechniqueID {
	var out []engine.TechniqueID
	for _, t := range engine.TechniqueIDs() {
		if lib.Offers(t) {
			out = append(out, t)
		}
	}
	return out
}

// PractiseTechnique is the technique a player asks to practise, by its
// name or key (engine.LookupTechnique); else the refusal that says why it
// cannot be: unknown or never on a solving path ("train.unknown"), or no
// board in lib to serve ("train.unavailable"; lib as for Practisable).
func PractiseTechnique(lib *engine.TechniqueLibrary, name string) (engine.TechniqueID, error) {
	t, ok := engine.LookupTechnique(name)
	if !ok || !engine.Trainable(t) {
		return "", Refuse("train.unknown", "Value", l10n.Quote(name))
	}
	if !lib.Offers(t) {
		return "", Refuse("train.unavailable")
	}
	return t, nil
}

// IllustrationNote is what a door says of a technique practised on
// boards served from illustrations (TrainResult.Illustration): id, the
// message that says an easier step applies there too and the hints show
// the technique first ("train.from_illustration" under a started game,
// "learn.practise_illustrations" on the lesson page), after, for a
// technique the path never takes first, why (NeverFirstReason).
func IllustrationNote(l *l10n.Lang, t engine.TechniqueID, id string) string {
	note := l.T(id)
	if why, never := NeverFirstReason(t); never {
		note = why.In(l) + l.T("sep.sentence") + note
	}
	return note
}

// NeverFirstReason says why t is practised on illustrations when the
// teaching path never takes it first (engine.NeverFirst):
// "train.never_first", naming every technique that comes first instead,
// in the order a player learns them.
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
