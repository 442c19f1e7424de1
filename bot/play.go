package bot

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/store"
)

// boardSize is the width of board images: legible on a phone, small
// enough to upload and draw fast.
const boardSize = 600

// routes registers every command, component and modal.
func (b *Bot) routes() {
	r := b.router
	r.Command("sudoku new", Private, b.cmdNew)
	r.Command("sudoku daily", Private, b.cmdDaily)
	r.Command("sudoku place", Private, b.cmdPlace)
	r.Command("sudoku check", Private, b.cmdCheck)
	r.Command("sudoku hint", Private, b.cmdHint)
	r.Command("sudoku show", Private, b.cmdShow)
	r.Command("sudoku giveup", Private, b.cmdGiveUp)
	r.Command("sudoku stats", Public, b.cmdStats)
	r.Command("sudoku leaderboard", Public, b.cmdLeaderboard)
	r.Command(CommandConfig, Private, b.cmdConfig)
	r.Autocomplete(CommandConfig, func(ctx context.Context, req *Request) (*Response, error) {
		if req.Focused == nil || req.Focused.Name != "timezone" {
			return &Response{Type: discordgo.InteractionApplicationCommandAutocompleteResult}, nil
		}
		return b.autocompleteZone(req), nil
	})
	r.Component("hint/{game}/{level}", Private, b.btnHint)
	r.Component("moves/{game}/{cands}", Private, b.btnMoves)
	r.Modal("moves/{game}/{cands}", Update, b.modalMoves)
	r.Component("check/{game}", Private, b.btnCheck)
	r.Component("cands/{game}/{cands}", Update, b.btnCandidates)
	r.Component("giveup/{game}", Private, b.btnGiveUp)
	r.Component("giveup/{game}/yes", Update, b.btnGiveUpConfirm)
	r.Component("play/{day}/{level}", Private, b.btnPlayDaily)
}

// NotGraded is the level of a pasted puzzle that could not be graded
// within the heavy work budget; it is played like any other.
const NotGraded = "not graded"

func (b *Bot) now() time.Time { return b.cfg.Now() }

var errNoGame = &UserError{Msg: "You have no game in progress here. Start one with `/sudoku new` or `/sudoku daily`."}

// currentGame is the player's open game in this guild (or DM).
func (b *Bot) currentGame(ctx context.Context, r *Request) (store.Game, error) {
	g, err := b.cfg.Store.CurrentGame(ctx, r.UserID(), r.GuildID)
	if errors.Is(err, store.ErrNotFound) {
		return g, errNoGame
	}
	return g, err
}

// ownedGame is the game a button names, refusing politely when the
// presser is not its player.
func (b *Bot) ownedGame(ctx context.Context, r *Request) (store.Game, error) {
	id, err := strconv.ParseInt(r.Params["game"], 10, 64)
	if err != nil || id <= 0 {
		return store.Game{}, userErrorf("This button does not belong to a game I know. Try `/sudoku show`.")
	}
	g, err := b.cfg.Store.Game(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return g, userErrorf("I can't find that game any more. Start a new one with `/sudoku new`.")
	}
	if err != nil {
		return g, err
	}
	if g.UserID != r.UserID() {
		return g, userErrorf("This board belongs to <@%s>, so its buttons are theirs. Start your own with `/sudoku new` or `/sudoku daily`!", g.UserID)
	}
	return g, nil
}

// translate turns the store's expected errors into messages for players.
func translate(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, store.ErrGameFinished):
		return &UserError{Msg: "That game is already finished. Start another with `/sudoku new` or `/sudoku daily`.", Err: err}
	case errors.Is(err, store.ErrGivenCell):
		return &UserError{Msg: "That cell is one of the puzzle's givens: only empty cells can change.", Err: err}
	case errors.Is(err, store.ErrNotOwner):
		return &UserError{Msg: "That game is someone else's.", Err: err}
	}
	return err
}

func randomSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

func checkLevel(s string) (string, error) {
	l, err := engine.ParseLevel(s)
	if err != nil {
		return "", userErrorf("%s is not a level: choose %s", quote(s), strings.Join(Levels, ", "))
	}
	return l.String(), nil
}

// view is how a board is drawn.
type view struct {
	candidates bool
	showWrong  bool // mark entries that differ from the solution
	solution   bool // draw the solution instead of the entries
	hint       *Hint
	hintLevel  int
}

func title(g store.Game) string {
	lvl := g.Level
	if lvl != "" {
		lvl = strings.ToUpper(lvl[:1]) + lvl[1:]
	}
	if g.Day != "" {
		return fmt.Sprintf("Daily · %s · %s", g.Day, lvl)
	}
	return fmt.Sprintf("%s · game #%d", lvl, g.ID)
}

func (b *Bot) png(g store.Game, v view) (File, error) {
	pos := render.Position{Puzzle: g.Givens, Progress: g.Entries}
	if pm := playerMarks(g); pm != nil {
		m := candidates(g.Givens, g.Entries, pm)
		pos.Marks = &m
	}
	opts := render.Options{Theme: b.theme, Size: boardSize, Title: title(g), Candidates: v.candidates}
	if v.showWrong {
		opts.Solution = g.Solution
	}
	if v.solution {
		pos.Progress = g.Solution
	}
	name := "board.png"
	if v.hint != nil {
		name = "hint.png"
		opts.Solution = g.Solution
		if v.hint.Step != nil {
			opts.Hint = v.hint.Step
			opts.HintLevel = v.hintLevel
			pos.Marks = v.hint.Marks
		}
	}
	data, err := b.cfg.Render(pos, opts)
	if err != nil {
		return File{}, fmt.Errorf("render game %d: %w", g.ID, err)
	}
	return File{Name: name, ContentType: "image/png", Data: data}, nil
}

func boardButtons(g store.Game, cands bool) []discordgo.MessageComponent {
	if g.Finished() {
		return nil
	}
	id := g.ID
	label := "Candidates on"
	if cands {
		label = "Candidates off"
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Hint", Style: discordgo.PrimaryButton, CustomID: fmt.Sprintf("hint/%d/1", id)},
		discordgo.Button{Label: "Enter moves", Style: discordgo.SecondaryButton, CustomID: fmt.Sprintf("moves/%d/%d", id, b2i(cands))},
		discordgo.Button{Label: "Check", Style: discordgo.SuccessButton, CustomID: fmt.Sprintf("check/%d", id)},
		discordgo.Button{Label: label, Style: discordgo.SecondaryButton, CustomID: fmt.Sprintf("cands/%d/%d", id, b2i(!cands))},
		discordgo.Button{Label: "Give up", Style: discordgo.DangerButton, CustomID: fmt.Sprintf("giveup/%d", id)},
	}}}
}

func b2i(v bool) int {
	if v {
		return 1
	}
	return 0
}

func status(g store.Game) string {
	board := g.Board()
	empty := engine.NumCells - board.Count()
	return fmt.Sprintf("%s: %s to go.", title(g), plural(empty, "cell", "cells"))
}

// boardResponse is the player's board with its buttons.
func (b *Bot) boardResponse(g store.Game, v view, text string) (*Response, error) {
	f, err := b.png(g, v)
	if err != nil {
		return nil, err
	}
	return &Response{Ephemeral: true, Content: text, Files: []File{f}, Components: boardButtons(g, v.candidates)}, nil
}

func fmtDuration(d time.Duration) string {
	d = d.Round(time.Second)
	h, m, s := int(d.Hours()), int(d.Minutes())%60, int(d.Seconds())%60
	if h > 0 {
		return fmt.Sprintf("%d:%02d:%02d", h, m, s)
	}
	return fmt.Sprintf("%d:%02d", m, s)
}

// finish records a solve and answers with the result.
func (b *Bot) finish(ctx context.Context, g store.Game, r *Request) (*Response, error) {
	// The picture, the part of the reply that can fail, is drawn before
	// the finish is stored.
	done := g
	done.FinishedAt, done.Solved = b.now(), true
	f, err := b.png(done, view{})
	if err != nil {
		return nil, err
	}
	g, st, err := b.cfg.Store.FinishGame(ctx, g.ID, r.UserID(), b.now(), false)
	if err != nil {
		return nil, translate(err)
	}
	text := fmt.Sprintf("🎉 Solved! %s in **%s** with %s and %s.", title(g), fmtDuration(g.Duration()),
		plural(g.HintsTotal(), "hint", "hints"), plural(g.Mistakes, "mistake", "mistakes"))
	if g.Day != "" {
		text += fmt.Sprintf(" Daily streak: **%d** (best %d).", st.CurrentStreak, st.BestStreak)
	}
	return &Response{Ephemeral: true, Content: text, Files: []File{f}, Components: boardButtons(g, false)}, nil
}

func (b *Bot) cmdNew(ctx context.Context, r *Request) (*Response, error) {
	level, hasLevel := r.String("level")
	sym, hasSym := r.String("symmetry")
	text, pasted := r.String("puzzle")
	var p store.Puzzle
	note := ""
	var late func(puzzleID int64) // grades a paste later, when grading ran over budget
	if pasted {
		grid, err := engine.Parse(strings.TrimSpace(text))
		if err != nil {
			return nil, &UserError{Msg: "I can't read that puzzle: " + err.Error() + ". Paste 81 characters, digits with 0 or . for blanks.", Err: err}
		}
		sol, err := engine.Solve(grid)
		var ce *engine.ConflictError
		switch {
		case errors.As(err, &ce):
			var f []string
			for _, c := range ce.Conflicts {
				f = append(f, c.String())
			}
			return nil, &UserError{Msg: "That puzzle breaks a rule: " + listOrCount(f, "rule conflicts") + ". Check the digits you copied.", Err: err}
		case errors.Is(err, engine.ErrNoSolution):
			return nil, &UserError{Msg: "That puzzle has no solution: a digit was probably copied wrong.", Err: err}
		case errors.Is(err, engine.ErrMultipleSolutions):
			return nil, &UserError{Msg: fmt.Sprintf("That puzzle has more than one solution (it has %d givens), so it can't be solved by logic alone: a given is probably missing.", grid.Count()), Err: err}
		case err != nil:
			return nil, err
		}
		p = store.Puzzle{Grid: grid, Solution: sol, Origin: "pasted"}
		// Grading can take seconds on the hardest puzzles: it runs in the
		// heavy pool, and a paste not graded in time is played ungraded.
		type grade struct {
			score float64
			level string
		}
		graded := make(chan grade, 1) // the grading's result, even if late
		gradeIt := func() {
			if path, err := engine.SolvePathWith(grid, engine.PathOptions{MaxSteps: 400}); err == nil && path.Solved {
				graded <- grade{path.Score(), path.Level().String()}
			} else {
				graded <- grade{10, engine.LevelExtreme.String()}
			}
		}
		err = b.heavy(ctx, r.UserID(), func(context.Context) error { gradeIt(); return nil })
		switch {
		case errors.Is(err, errOverBudget):
			p.Level = NotGraded
			note += " (it takes a while to grade, so it is not graded yet)"
			if errors.Is(err, errNotStarted) && !b.later(gradeIt) {
				break // no worker in time, too many waiting: it stays "not graded"
			}
			late = func(id int64) {
				// Record the grade when the grading, running or queued on a
				// heavy worker, ends.
				go func() {
					select {
					case g := <-graded:
						if _, err := b.cfg.Store.GradeIfUngraded(b.base, id, g.score, g.level, NotGraded); err != nil {
							b.log.Warn("recording a late grade failed", "puzzle", id, "err", err)
						}
					case <-b.base.Done():
					case <-time.After(time.Hour): // a runaway grading
					}
				}()
			}
		case err != nil:
			return nil, err
		default:
			g := <-graded
			p.Score, p.Level = g.score, g.level
		}
		if hasLevel || hasSym {
			note += " (level and symmetry apply to new puzzles, not pasted ones)"
		}
	} else {
		if !hasLevel {
			level = "medium"
		}
		l, err := checkLevel(level)
		if err != nil {
			return nil, err
		}
		if hasSym && !contains(Symmetries, sym) {
			return nil, userErrorf("%s is not a symmetry: choose %s", quote(sym), strings.Join(Symmetries, ", "))
		}
		var made store.Puzzle
		err = b.heavy(ctx, r.UserID(), func(ctx context.Context) error {
			var err error
			made, err = b.cfg.Puzzles.New(ctx, PuzzleRequest{Level: l, Symmetry: sym, Seed: randomSeed()})
			return err
		})
		if errors.Is(err, errOverBudget) {
			return nil, &UserError{Msg: "Making a new puzzle is taking longer than usual: please try again in a minute.", Err: err}
		}
		if err != nil {
			return nil, fmt.Errorf("new %s puzzle: %w", l, err)
		}
		p = made
	}
	p, err := b.cfg.Store.SavePuzzle(ctx, p)
	if err != nil {
		return nil, err
	}
	if late != nil {
		late(p.ID)
	}
	g, created, err := b.cfg.Store.StartGame(ctx, store.NewGame{UserID: r.UserID(), GuildID: r.GuildID, PuzzleID: p.ID, Context: store.ContextPersonal, StartedAt: b.now()})
	if err != nil {
		return nil, err
	}
	msg := "New puzzle! " + status(g) + " Enter digits with `/sudoku place r4c6=7` or the buttons." + note
	if !created {
		msg = "You already have this puzzle going; here it is. " + status(g) + note
	}
	return b.boardResponse(g, view{}, msg)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// today is the date of the guild's daily: in its time zone, UTC without.
func (b *Bot) today(ctx context.Context, guildID string) (day, level string, err error) {
	loc, level := time.UTC, "medium"
	if guildID != "" {
		gs, err := b.cfg.Store.GuildSettings(ctx, guildID)
		switch {
		case err == nil:
			if l, err := time.LoadLocation(gs.TimeZone); err == nil {
				loc = l
			}
			if gs.Level != "" {
				level = gs.Level
			}
		case !errors.Is(err, store.ErrNotFound):
			return "", "", err
		}
	}
	return b.now().In(loc).Format(time.DateOnly), level, nil
}

// dailyPuzzle is the stored daily of day and level, made and recorded on
// first use; every process computes the same one.
func (b *Bot) dailyPuzzle(ctx context.Context, day, level string) (store.Puzzle, error) {
	p, err := b.cfg.Store.Daily(ctx, day, level)
	if err == nil || !errors.Is(err, store.ErrNotFound) {
		return p, err
	}
	p, err = b.cfg.Puzzles.Daily(ctx, day, level)
	if err != nil {
		return p, fmt.Errorf("daily %s %s: %w", day, level, err)
	}
	if p, err = b.cfg.Store.SavePuzzle(ctx, p); err != nil {
		return p, err
	}
	return b.cfg.Store.SetDaily(ctx, day, level, p.ID)
}

func (b *Bot) playDaily(ctx context.Context, r *Request, day, level string) (*Response, error) {
	p, err := b.dailyPuzzle(ctx, day, level)
	if err != nil {
		return nil, err
	}
	g, _, err := b.cfg.Store.StartGame(ctx, store.NewGame{UserID: r.UserID(), GuildID: r.GuildID, PuzzleID: p.ID,
		Context: store.DailyContext(day), Day: day, StartedAt: b.now()})
	if err != nil {
		return nil, err
	}
	if g.Finished() {
		how := "solved it in **" + fmtDuration(g.Duration()) + "**"
		if g.GaveUp {
			how = "gave up on it"
		}
		return b.boardResponse(g, view{solution: g.GaveUp}, fmt.Sprintf("You already %s today. A new daily comes tomorrow!", how))
	}
	return b.boardResponse(g, view{}, status(g)+" Only you can see this board, so nobody gets spoiled.")
}

func (b *Bot) cmdDaily(ctx context.Context, r *Request) (*Response, error) {
	day, level, err := b.today(ctx, r.GuildID)
	if err != nil {
		return nil, err
	}
	if l, ok := r.String("level"); ok {
		if level, err = checkLevel(l); err != nil {
			return nil, err
		}
	}
	return b.playDaily(ctx, r, day, level)
}

func (b *Bot) btnPlayDaily(ctx context.Context, r *Request) (*Response, error) {
	day := r.Params["day"]
	if _, err := time.Parse(time.DateOnly, day); err != nil {
		return nil, userErrorf("This button names no date I can read. Try `/sudoku daily`.")
	}
	level, err := checkLevel(r.Params["level"])
	if err != nil {
		return nil, err
	}
	return b.playDaily(ctx, r, day, level)
}

// place applies moves to a game and answers with the new board.
func (b *Bot) place(ctx context.Context, r *Request, g store.Game, text string, cands bool) (*Response, error) {
	moves, err := ParseMoves(text)
	if err != nil {
		return nil, err
	}
	if g.Finished() {
		return nil, translate(store.ErrGameFinished)
	}
	var placed, cleared []string
	for _, m := range moves {
		if d := g.Givens[m.Cell]; d != 0 {
			return nil, userErrorf("`%s` is a given (%d): only empty cells can change", engine.CellName(m.Cell), d)
		}
		if m.Digit == 0 {
			cleared = append(cleared, "`"+engine.CellName(m.Cell)+"`")
		} else {
			placed = append(placed, fmt.Sprintf("%d in `%s`", m.Digit, engine.CellName(m.Cell)))
		}
	}
	// Build the reply on the position the moves make before storing
	// them, so moves are never saved with a reply that cannot be sent.
	after := g
	for _, m := range moves {
		after.Entries[m.Cell] = m.Digit
	}
	board := after.Board()
	if board == g.Solution {
		if g, err = b.cfg.Store.ApplyMoves(ctx, g.ID, r.UserID(), moves, b.now()); err != nil {
			return nil, translate(err)
		}
		return b.finish(ctx, g, r)
	}
	var parts []string
	if len(placed) > 0 {
		parts = append(parts, "Placed "+listOrCount(placed, "digits"))
	}
	if len(cleared) > 0 {
		parts = append(parts, "cleared "+listOrCount(cleared, "cells"))
	}
	text = strings.Join(parts, "; ") + ". "
	if cs := board.Conflicts(); len(cs) > 0 {
		var f []string
		for _, c := range cs {
			f = append(f, c.String())
		}
		text += "⚠️ " + listOrCount(f, "rule conflicts") + ". "
	} else if board.Full() {
		text += "The board is full but not right yet: `/sudoku check` shows what is wrong. "
	}
	resp, err := b.boardResponse(after, view{candidates: cands}, text+status(after))
	if err != nil {
		return nil, err
	}
	if _, err = b.cfg.Store.ApplyMoves(ctx, g.ID, r.UserID(), moves, b.now()); err != nil {
		return nil, translate(err)
	}
	return resp, nil
}

// listOrCount lists items when there are a few, else counts them with the
// first few named: a reply to 57 moves stays readable and short.
func listOrCount(items []string, what string) string {
	const few = 8
	if len(items) <= few {
		return strings.Join(items, ", ")
	}
	return fmt.Sprintf("%d %s (%s, …)", len(items), what, strings.Join(items[:few/2], ", "))
}

func (b *Bot) cmdPlace(ctx context.Context, r *Request) (*Response, error) {
	text, ok := r.String("moves")
	if !ok {
		return nil, userErrorf("Give moves like `r4c6=7 r5c1=3` (0 clears a cell).")
	}
	g, err := b.currentGame(ctx, r)
	if err != nil {
		return nil, err
	}
	return b.place(ctx, r, g, text, false)
}

func (b *Bot) btnMoves(ctx context.Context, r *Request) (*Response, error) {
	g, err := b.ownedGame(ctx, r)
	if err != nil {
		return nil, err
	}
	if g.Finished() {
		return nil, translate(store.ErrGameFinished)
	}
	return &Response{
		Type:     discordgo.InteractionResponseModal,
		CustomID: fmt.Sprintf("moves/%d/%s", g.ID, r.Params["cands"]),
		Title:    "Enter moves",
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.TextInput{CustomID: "moves", Label: "Moves (0 clears a cell)", Style: discordgo.TextInputParagraph,
				Placeholder: "r4c6=7 r5c1=3 r2c2=0", Required: true, MinLength: 4, MaxLength: 400},
		}}},
	}, nil
}

func (b *Bot) modalMoves(ctx context.Context, r *Request) (*Response, error) {
	g, err := b.ownedGame(ctx, r)
	if err != nil {
		return nil, err
	}
	text, _ := r.ModalValue("moves")
	return b.place(ctx, r, g, text, r.Params["cands"] == "1")
}

func (b *Bot) btnCandidates(ctx context.Context, r *Request) (*Response, error) {
	g, err := b.ownedGame(ctx, r)
	if err != nil {
		return nil, err
	}
	on := r.Params["cands"] == "1"
	msg := "Candidates off. "
	if on {
		msg = "Candidates on: every digit each empty cell can still take. "
	}
	return b.boardResponse(g, view{candidates: on}, msg+status(g))
}

// check answers /sudoku check and the Check button.
func (b *Bot) check(ctx context.Context, r *Request, g store.Game, answer string, hasAnswer bool) (*Response, error) {
	if g.Finished() {
		return nil, translate(store.ErrGameFinished)
	}
	if hasAnswer {
		a, err := ParseAnswer(answer)
		if err != nil {
			return nil, err
		}
		for i, d := range g.Givens {
			if d != 0 && a[i] != d {
				return nil, userErrorf("Your answer has %d in `%s`, but that cell is a given %d in this puzzle: is it the right puzzle?", a[i], engine.CellName(i), d)
			}
		}
		wrong := 0
		for i := range a {
			if a[i] != g.Solution[i] {
				wrong++
			}
		}
		if wrong > 0 {
			if _, err := b.cfg.Store.RecordMistakes(ctx, g.ID, r.UserID(), 1, b.now()); err != nil {
				return nil, translate(err)
			}
			return &Response{Ephemeral: true, Content: fmt.Sprintf("Not quite: %s of your answer %s wrong. Keep going!", plural(wrong, "cell", "cells"), map[bool]string{true: "is", false: "are"}[wrong == 1])}, nil
		}
		var moves []store.Move
		for i, d := range a {
			if g.Givens[i] == 0 && g.Entries[i] != d {
				moves = append(moves, store.Move{Cell: i, Digit: d})
			}
		}
		if len(moves) > 0 {
			if g, err = b.cfg.Store.ApplyMoves(ctx, g.ID, r.UserID(), moves, b.now()); err != nil {
				return nil, translate(err)
			}
		}
		return b.finish(ctx, g, r)
	}
	board := g.Board()
	var wrong []int
	for i, d := range board {
		if d != 0 && d != g.Solution[i] {
			wrong = append(wrong, i)
		}
	}
	if len(wrong) == 0 {
		if board.Full() {
			return b.finish(ctx, g, r)
		}
		filled := board.Count() - g.Givens.Count()
		return &Response{Ephemeral: true, Content: fmt.Sprintf("All good so far: your %s %s right. %s to go.",
			plural(filled, "entry", "entries"), map[bool]string{true: "is", false: "are"}[filled == 1], plural(engine.NumCells-board.Count(), "cell", "cells"))}, nil
	}
	resp, err := b.boardResponse(g, view{showWrong: true}, fmt.Sprintf("%s wrong, marked in red: %s. Clear with e.g. `/sudoku place %s=0`.",
		plural(len(wrong), "entry is", "entries are"), cellList(wrong), engine.CellName(wrong[0])))
	if err != nil {
		return nil, err
	}
	if _, err := b.cfg.Store.RecordMistakes(ctx, g.ID, r.UserID(), len(wrong), b.now()); err != nil {
		return nil, translate(err)
	}
	return resp, nil
}

func (b *Bot) cmdCheck(ctx context.Context, r *Request) (*Response, error) {
	g, err := b.currentGame(ctx, r)
	if err != nil {
		return nil, err
	}
	answer, has := r.String("answer")
	return b.check(ctx, r, g, answer, has)
}

func (b *Bot) btnCheck(ctx context.Context, r *Request) (*Response, error) {
	g, err := b.ownedGame(ctx, r)
	if err != nil {
		return nil, err
	}
	return b.check(ctx, r, g, "", false)
}

// hint answers with the next hint at a level, recorded on the game. The
// reply is built in full before anything is stored, and the hint counter
// and the pencil marks a level-3 hint removes are stored in one call: a
// hint the player cannot be shown is never counted.
func (b *Bot) hint(ctx context.Context, r *Request, g store.Game, level int) (*Response, error) {
	if g.Finished() {
		return nil, translate(store.ErrGameFinished)
	}
	var h Hint
	err := b.heavy(ctx, r.UserID(), func(ctx context.Context) error {
		var err error
		h, err = b.cfg.Hinter.Hint(ctx, g.Givens, g.Entries, playerMarks(g))
		return err
	})
	if errors.Is(err, errOverBudget) {
		return nil, &UserError{Msg: "Finding the next step from this position is taking longer than I can wait right now: please try again in a minute.", Err: err}
	}
	if err != nil {
		return nil, fmt.Errorf("hint for game %d: %w", g.ID, err)
	}
	f, err := b.png(g, view{hint: &h, hintLevel: level})
	if err != nil {
		return nil, err
	}
	text := h.Text[level-1]
	if text == "" {
		text = h.Text[0]
	}
	resp := &Response{Ephemeral: true, Content: hintContent(level, text), Files: []File{f}}
	if resp.Content != fmt.Sprintf("💡 Hint %d/3: %s", level, text) {
		resp.Files = append(resp.Files, File{Name: "proof.txt", ContentType: "text/plain; charset=utf-8",
			Data: []byte(fmt.Sprintf("Hint %d/3 for %s\n\n%s\n", level, title(g), text))})
	}
	if level < 3 && h.Text[level] != "" {
		row := discordgo.ActionsRow{}
		if level < 2 {
			row.Components = append(row.Components, discordgo.Button{Label: "More detail", Style: discordgo.SecondaryButton, CustomID: fmt.Sprintf("hint/%d/2", g.ID)})
		}
		row.Components = append(row.Components, discordgo.Button{Label: "Show me", Style: discordgo.PrimaryButton, CustomID: fmt.Sprintf("hint/%d/3", g.ID)})
		resp.Components = []discordgo.MessageComponent{row}
	}
	var marks []store.PencilMark
	if level == 3 && h.Step != nil {
		// The player has seen the result: remember its eliminations in
		// their pencil marks, so the next hint moves on instead of
		// repeating a step the grid alone cannot show as done.
		marks = eliminationMarks(g, *h.Step)
	}
	if _, err := b.cfg.Store.RecordHintWithMarks(ctx, g.ID, r.UserID(), level, marks, b.now()); err != nil {
		return nil, translate(err)
	}
	return resp, nil
}

// hintContent is a hint's message: the whole text when it fits in a
// message, else its first line (which stands alone) and a pointer to the
// attached proof.txt that hint adds.
func hintContent(level int, text string) string {
	full := fmt.Sprintf("💡 Hint %d/3: %s", level, text)
	if utf8.RuneCountInString(full) <= MaxContent {
		return full
	}
	first, rest, _ := strings.Cut(text, "\n")
	note := fmt.Sprintf("\n(The full reasoning, %s, is in the attached proof.txt.)", plural(strings.Count(rest, "\n")+2, "line", "lines"))
	head := fmt.Sprintf("💡 Hint %d/3: ", level)
	return head + clip(first, MaxContent-utf8.RuneCountInString(head)-utf8.RuneCountInString(note)) + note
}

// playerMarks are the game's pencil marks, nil when the player has none.
func playerMarks(g store.Game) *[engine.NumCells]engine.Digits {
	for _, m := range g.Pencil {
		if m != 0 {
			p := g.Pencil
			return &p
		}
	}
	return nil
}

// eliminationMarks are the pencil marks of the cells a step's
// eliminations change, starting from the candidates the board allows.
func eliminationMarks(g store.Game, s engine.Step) []store.PencilMark {
	marks := candidates(g.Givens, g.Entries, playerMarks(g))
	var out []store.PencilMark
	seen := map[int]int{}
	for _, e := range s.Eliminations {
		if !marks[e.Cell].Has(e.Digit) {
			continue
		}
		marks[e.Cell] = marks[e.Cell].Without(e.Digit)
		if i, ok := seen[e.Cell]; ok {
			out[i].Marks = marks[e.Cell]
			continue
		}
		seen[e.Cell] = len(out)
		out = append(out, store.PencilMark{Cell: e.Cell, Marks: marks[e.Cell]})
	}
	return out
}

func (b *Bot) cmdHint(ctx context.Context, r *Request) (*Response, error) {
	g, err := b.currentGame(ctx, r)
	if err != nil {
		return nil, err
	}
	return b.hint(ctx, r, g, 1)
}

func (b *Bot) btnHint(ctx context.Context, r *Request) (*Response, error) {
	level, err := strconv.Atoi(r.Params["level"])
	if err != nil || level < 1 || level > 3 {
		return nil, userErrorf("Hints come in levels 1 to 3; this button asked for %s.", quote(r.Params["level"]))
	}
	g, err := b.ownedGame(ctx, r)
	if err != nil {
		return nil, err
	}
	return b.hint(ctx, r, g, level)
}

func (b *Bot) cmdShow(ctx context.Context, r *Request) (*Response, error) {
	g, err := b.currentGame(ctx, r)
	if err != nil {
		return nil, err
	}
	return b.boardResponse(g, view{}, status(g))
}

func (b *Bot) giveUp(ctx context.Context, r *Request, g store.Game) (*Response, error) {
	text := "Here is the solution. This one counts as given up; better luck with the next!"
	if g.Day != "" {
		text += " (Only you can see it.)"
	}
	// The reply is built on the game as it will be once given up, before
	// that is stored.
	done := g
	done.FinishedAt, done.GaveUp = b.now(), true
	resp, err := b.boardResponse(done, view{solution: true}, text)
	if err != nil {
		return nil, err
	}
	if _, _, err := b.cfg.Store.FinishGame(ctx, g.ID, r.UserID(), b.now(), true); err != nil {
		return nil, translate(err)
	}
	return resp, nil
}

func (b *Bot) cmdGiveUp(ctx context.Context, r *Request) (*Response, error) {
	g, err := b.currentGame(ctx, r)
	if err != nil {
		return nil, err
	}
	return b.giveUp(ctx, r, g)
}

func (b *Bot) btnGiveUp(ctx context.Context, r *Request) (*Response, error) {
	g, err := b.ownedGame(ctx, r)
	if err != nil {
		return nil, err
	}
	if g.Finished() {
		return nil, translate(store.ErrGameFinished)
	}
	return &Response{Ephemeral: true, Content: "Give up and see the solution? The game ends and counts as not solved.",
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Yes, show the solution", Style: discordgo.DangerButton, CustomID: fmt.Sprintf("giveup/%d/yes", g.ID)},
		}}}}, nil
}

func (b *Bot) btnGiveUpConfirm(ctx context.Context, r *Request) (*Response, error) {
	g, err := b.ownedGame(ctx, r)
	if err != nil {
		return nil, err
	}
	return b.giveUp(ctx, r, g)
}

func (b *Bot) cmdStats(ctx context.Context, r *Request) (*Response, error) {
	user := r.UserID()
	if u, ok := r.Snowflake("user"); ok {
		user = u
	}
	st, err := b.cfg.Store.PlayerStats(ctx, r.GuildID, user)
	if err != nil {
		return nil, err
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "**Stats of <@%s>**\nDaily streak: **%d** (best %d) · %s · %s given up\n", user, st.CurrentStreak, st.BestStreak,
		plural(st.Solves, "solve", "solves"), strconv.Itoa(st.GaveUps))
	for _, l := range Levels {
		ls, ok := st.Levels[l]
		if !ok || ls.Solves+ls.GaveUps == 0 {
			continue
		}
		best := "-"
		if ls.Best > 0 {
			best = fmtDuration(ls.Best)
		}
		fmt.Fprintf(&sb, "%s: %s, best %s\n", l, plural(ls.Solves, "solve", "solves"), best)
	}
	if st.Solves+st.GaveUps == 0 {
		sb.WriteString("No finished games yet: `/sudoku daily` is a good start!")
	}
	return &Response{Content: sb.String()}, nil
}

func (b *Bot) cmdLeaderboard(ctx context.Context, r *Request) (*Response, error) {
	if r.GuildID == "" {
		return nil, userErrorf("Leaderboards belong to servers: use this command in one.")
	}
	board, ok := r.String("board")
	if !ok {
		board = "daily"
	}
	var sb strings.Builder
	switch board {
	case "daily":
		day, _, err := b.today(ctx, r.GuildID)
		if err != nil {
			return nil, err
		}
		rows, err := b.cfg.Store.DailyLeaderboard(ctx, r.GuildID, day, 10)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&sb, "**Daily %s: fastest solves**\n", day)
		for _, e := range rows {
			fmt.Fprintf(&sb, "%d. <@%s> %s (%s)\n", e.Rank, e.UserID, fmtDuration(e.Duration), plural(e.Hints, "hint", "hints"))
		}
		if len(rows) == 0 {
			sb.WriteString("Nobody has solved today's daily yet. `/sudoku daily` to be first!")
		}
	case "streaks":
		rows, err := b.cfg.Store.StreakLeaderboard(ctx, r.GuildID, 10)
		if err != nil {
			return nil, err
		}
		sb.WriteString("**Longest daily streaks**\n")
		for _, e := range rows {
			fmt.Fprintf(&sb, "%d. <@%s> %d (best %d)\n", e.Rank, e.UserID, e.Streak, e.BestStreak)
		}
		if len(rows) == 0 {
			sb.WriteString("No streaks yet: solve the daily two days running to start one.")
		}
	default:
		return nil, userErrorf("%s is not a leaderboard: choose daily or streaks", quote(board))
	}
	return &Response{Content: sb.String(), Components: nil}, nil
}
