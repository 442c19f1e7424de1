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

// HintLevels is the number of levels of detail of a hint: 1 names the
// technique and where to look, 2 gives the pattern and the reasoning,
// 3 the result.
const HintLevels = engine.HintLevels

// Hint is the next hint for a position, in three levels of detail.
type Hint struct {
	// Result is what the engine found, as data: every text of the hint
	// is worded from it, in the player's language, by Text.
	Result engine.HintResult
	// Step is the logical step to draw, nil when the hint is about
	// mistakes on the board.
	Step *engine.Step
	// Wrong are cells whose entries contradict the solution or break a
	// rule; the hint is about them when non-empty.
	Wrong []int
	// Marks are the pencil marks the step was found on.
	Marks *[engine.NumCells]engine.Digits
}

// HintQuery is a player's position a hint is worked out on.
type HintQuery struct {
	// Puzzle is the givens, Progress the player's entries, Marks their
	// pencil marks (nil for none).
	Puzzle, Progress engine.Grid
	Marks            *[engine.NumCells]engine.Digits
	// Practised is the technique the hints show first wherever it
	// applies (engine.Practising): a training board served from an
	// illustration, until a digit is placed. "" for every other game.
	Practised engine.TechniqueID
}

// Hinter finds the next hint for a player's position. A door may wrap
// it to run the search within its own budget.
type Hinter interface {
	Hint(ctx context.Context, q HintQuery) (Hint, error)
}

// EngineHinter finds hints with engine.Hint: rule conflicts first, then
// entries that contradict the solution, then the easiest next step from
// the player's position (and pencil marks), in three levels of detail.
type EngineHinter struct{}

// Hint implements Hinter.
func (EngineHinter) Hint(ctx context.Context, q HintQuery) (Hint, error) {
	if err := ctx.Err(); err != nil {
		return Hint{}, err
	}
	puzzle, progress, marks := q.Puzzle, q.Progress, q.Marks
	var opts []engine.HintOption
	if marks != nil {
		opts = append(opts, engine.WithMarks(*marks))
	}
	if q.Practised != "" {
		opts = append(opts, engine.Practising(q.Practised))
	}
	h, err := engine.Hint(puzzle, progress, opts...)
	if err != nil {
		return Hint{}, fmt.Errorf("engine hint: %w", err)
	}
	out := Hint{Result: h}
	switch h.Kind {
	case engine.HintStep:
		s := h.Step
		out.Step = &s
		m := Candidates(puzzle, progress, marks)
		out.Marks = &m
	case engine.HintConflict, engine.HintMistake:
		out.Wrong = h.Cells
	}
	return out, nil
}

// Text words the hint at a level, 1 (the nudge), 2 (the cells and the
// reasoning) or 3 (the result), in a language, as explain.Hint words it:
// lines joined by "\n", the first of which stands alone (a door shows a
// proof too long for one message in parts of whole lines).
func (h Hint) Text(l *l10n.Lang, level int) string {
	return strings.Join(explain.Hint(l, h.Result, level), "\n")
}

// Cases says, for each line of Text(l, level), which case of a forcing
// chain or net it reads (from 1, in the step's Branches order), 0 for a
// line outside any case: a door that shows a long proof in parts draws
// each part's case (render's Options.HintCase).
func (h Hint) Cases(l *l10n.Lang, level int) []int {
	return explain.HintCases(l, h.Result, level)
}

// Key names the step a hint is about, so that opening more levels of the
// same hint, or asking again after a move elsewhere, is one hint: the
// kind, the technique and the result (or the cells of a mistake).
func (h Hint) Key() string {
	r := h.Result
	var b strings.Builder
	b.WriteString(strconv.Itoa(int(r.Kind)))
	if r.Kind == engine.HintStep {
		b.WriteString(":" + r.Step.Technique.String() + ":")
		for _, c := range r.Step.Placements {
			fmt.Fprintf(&b, "p%d=%d,", c.Cell, c.Digit)
		}
		for _, c := range r.Step.Eliminations {
			fmt.Fprintf(&b, "e%d-%d,", c.Cell, c.Digit)
		}
		return b.String()
	}
	b.WriteString(":")
	for _, c := range r.Cells {
		fmt.Fprintf(&b, "%d,", c)
	}
	return b.String()
}

// Candidates are the pencil marks a player sees: their own marks where
// they made some, else every digit the filled cells allow.
func Candidates(puzzle, progress engine.Grid, marks *[engine.NumCells]engine.Digits) [engine.NumCells]engine.Digits {
	auto := engine.PencilMarks(puzzle, progress)
	if marks == nil {
		return auto
	}
	for c := range auto {
		if auto[c] != 0 && marks[c] != 0 {
			auto[c] &= marks[c]
		}
	}
	return auto
}

// PlayerMarks are the game's pencil marks, nil when the player has none.
func PlayerMarks(g store.Game) *[engine.NumCells]engine.Digits {
	for _, m := range g.Pencil {
		if m != 0 {
			p := g.Pencil
			return &p
		}
	}
	return nil
}

// HintInput asks for the next hint on a game at a level.
type HintInput struct {
	GameID int64
	User   string
	Level  int
	// Reply is as in PlaceInput.
	Reply func(HintResult) error
}

// HintResult is a hint and the game once it is counted.
type HintResult struct {
	Hint Hint
	// Asked is the game the hint was worked out on; Game is the game
	// after the hint was counted (and a level-3 hint's eliminations
	// stored in the marks).
	Asked, Game store.Game
	// Counted tells whether this hint counted as a new hint (a new step);
	// Answer whether it counted as a new answer shown (level 3).
	Counted, Answer bool
}

// Hint works out the next hint for the player's position and counts it
// by the rules (package doc): one transaction after the hint is found.
// A level-3 hint's eliminations are remembered in the player's pencil
// marks, so the next hint moves on, unless a cell changed meanwhile.
func (s *Service) Hint(ctx context.Context, in HintInput) (HintResult, error) {
	if in.Level < 1 || in.Level > HintLevels {
		return HintResult{}, Refuse("hint.bad_level", "Value", fmt.Sprintf("`%d`", in.Level))
	}
	g, err := s.store.Game(ctx, in.GameID)
	if err != nil {
		return HintResult{}, err
	}
	if err := CheckOwner(g, in.User); err != nil {
		return HintResult{}, err
	}
	if g.Finished() {
		return HintResult{Asked: g, Game: g}, Explain(store.ErrGameFinished)
	}
	q := hintQuery(g)
	repeat := RepeatsHint(g, in.Level)
	var h Hint
	if repeat {
		// The board is as the last hint left it: that hint again (a
		// level-3 hint's eliminations put back), not the next one.
		var ok bool
		if h, ok, err = s.lastHint(ctx, in.User, g, q); err != nil {
			return HintResult{Asked: g, Game: g}, err
		}
		repeat = ok
	}
	if !repeat {
		if h, err = s.hint(ctx, in.User, q); err != nil {
			return HintResult{Asked: g, Game: g}, err
		}
	}
	out := HintResult{Hint: h, Asked: g}
	var marks []markChange
	if in.Level == HintLevels && h.Step != nil && !repeat {
		marks = eliminationMarks(g, *h.Step)
	}
	key := h.Key()
	after, _, err := s.store.EditGame(ctx, g.ID, in.User, s.now(), func(cur *store.Game) (store.Finish, error) {
		if repeat && cur.Version == g.Version {
			out.Counted, out.Answer = false, false
			return store.KeepOpen, nil
		}
		before := *cur
		defer func() {
			if *cur != before {
				// The version this change makes: a hint asked on it
				// again is this one (RepeatsHint).
				cur.HintVersion = cur.Version + 1
			}
		}()
		for _, m := range marks {
			// A cell changed since the hint was worked out keeps the
			// player's newer state: the marks are a convenience and must
			// never overwrite a move.
			if cur.Pencil[m.cell] == m.was && cur.Entries[m.cell] == 0 {
				cur.Pencil[m.cell] = m.marks
			}
		}
		out.Counted, out.Answer = countHint(cur, key, in.Level)
		return store.KeepOpen, nil
	}, func(g store.Game, _ store.PlayerStats) error {
		r := out
		r.Game = g
		return reply(in.Reply, r)
	})
	if err != nil {
		return out, Explain(err)
	}
	out.Game = after
	return out, nil
}

// hintQuery is the position of a player's game a hint is worked out on:
// its givens, entries and pencil marks, and the technique practised on a
// training board served from an illustration (practisedTechnique).
func hintQuery(g store.Game) HintQuery {
	return HintQuery{Puzzle: g.Givens, Progress: g.Entries, Marks: PlayerMarks(g), Practised: practisedTechnique(g)}
}

// RepeatsHint reports whether a hint at a level asked on g is the last
// hint counted, asked again: nothing changed on the board since that hint
// was counted (g.HintVersion is g's version; a check, which moves nothing,
// keeps it), and it asks the level shown.
// A player whose answer was lost (the reply failed after the commit) and
// who asks again gets that hint, counted once; a level-3 hint, which takes
// its eliminations out of the marks, is not taken for the next step. A
// shallower level asked then is the next hint, as a deeper one opens more
// of the same.
func RepeatsHint(g store.Game, level int) bool {
	return g.HintKey != "" && g.HintVersion == g.Version && level == g.HintLevel
}

// lastHint works out again the hint last counted on g, on the position it
// was found on (a level-3 hint's eliminations put back in the marks); ok
// is false when the hinter finds another one.
func (s *Service) lastHint(ctx context.Context, user string, g store.Game, q HintQuery) (h Hint, ok bool, err error) {
	if h, err = s.hint(ctx, user, q); err != nil || h.Key() == g.HintKey {
		return h, err == nil, err
	}
	if q.Marks == nil {
		return h, false, nil
	}
	back, found := withEliminations(*q.Marks, g.HintKey)
	if !found {
		return h, false, nil
	}
	q.Marks = &back
	if h, err = s.hint(ctx, user, q); err != nil {
		return h, false, err
	}
	return h, h.Key() == g.HintKey, nil
}

// countHint counts a hint at a level on g: Hints[n-1] counts the steps
// whose deepest level shown is n, so the total is the number of steps
// hinted and Hints[2] the answers shown. It reports whether the hint was
// a new step and whether it showed a new answer.
func countHint(g *store.Game, key string, level int) (counted, answer bool) {
	if g.HintKey == key && g.HintLevel >= 1 && g.HintLevel <= HintLevels {
		if level <= g.HintLevel {
			return false, false
		}
		g.Hints[g.HintLevel-1]--
		g.Hints[level-1]++
		g.HintLevel = level
		return false, level == HintLevels
	}
	g.HintKey, g.HintLevel = key, level
	g.Hints[level-1]++
	return true, level == HintLevels
}

// markChange is a cell's pencil marks once a level-3 hint's eliminations
// are taken out, with the marks they were worked out from.
type markChange struct {
	cell       int
	marks, was engine.Digits
}

// eliminationMarks are the pencil marks of the cells a step's
// eliminations change, starting from the candidates the board allows.
func eliminationMarks(g store.Game, s engine.Step) []markChange {
	marks := Candidates(g.Givens, g.Entries, PlayerMarks(g))
	var out []markChange
	seen := map[int]int{}
	for _, e := range s.Eliminations {
		if !marks[e.Cell].Has(e.Digit) {
			continue
		}
		marks[e.Cell] = marks[e.Cell].Without(e.Digit)
		if i, ok := seen[e.Cell]; ok {
			out[i].marks = marks[e.Cell]
			continue
		}
		seen[e.Cell] = len(out)
		out = append(out, markChange{cell: e.Cell, marks: marks[e.Cell], was: g.Pencil[e.Cell]})
	}
	return out
}

// ShownHint works out again the hint last counted on a game, so a door
// can show more of it (the next part of a long proof) without counting
// anything: no hint, no answer, no pencil marks change. level is the
// level being browsed; it must not be deeper than the level the player
// opened, so a crafted button cannot show an answer uncounted. When the
// position moved on since (a move, another hint), the player is told to
// ask again.
func (s *Service) ShownHint(ctx context.Context, gameID int64, user string, level int) (Hint, store.Game, error) {
	g, err := s.store.Game(ctx, gameID)
	if err != nil {
		return Hint{}, g, err
	}
	if err := CheckOwner(g, user); err != nil {
		return Hint{}, g, err
	}
	if g.Finished() {
		return Hint{}, g, Explain(store.ErrGameFinished)
	}
	if g.HintKey == "" || level < 1 || level > g.HintLevel {
		return Hint{}, g, Refuse("hint.moved")
	}
	// A level-3 hint took its eliminations out of the marks, so the
	// position now leads to the next step: lastHint puts them back.
	h, ok, err := s.lastHint(ctx, user, g, hintQuery(g))
	if err != nil {
		return Hint{}, g, err
	}
	if !ok {
		return Hint{}, g, Refuse("hint.moved")
	}
	return h, g, nil
}

// withEliminations is marks with the eliminations a hint's Key names put
// back, and whether it names any.
func withEliminations(marks [engine.NumCells]engine.Digits, key string) ([engine.NumCells]engine.Digits, bool) {
	i := strings.LastIndexByte(key, ':')
	if i < 0 {
		return marks, false
	}
	found := false
	for _, item := range strings.Split(key[i+1:], ",") {
		cell, digit, ok := strings.Cut(strings.TrimPrefix(item, "e"), "-")
		if !ok || !strings.HasPrefix(item, "e") {
			continue
		}
		c, err1 := strconv.Atoi(cell)
		d, err2 := strconv.Atoi(digit)
		if err1 != nil || err2 != nil || c < 0 || c >= engine.NumCells || d < 1 || d > 9 {
			continue
		}
		if marks[c] != 0 {
			marks[c] = marks[c].With(uint8(d))
			found = true
		}
	}
	return marks, found
}
