package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/share"
	"github.com/sudokubot/sudokubot/store"
)

// boardSize is the width of board images: legible on a phone, small
// enough to upload and draw fast.
const boardSize = 600

var errNoGame = &UserError{Msg: l10n.M("game.none")}

// currentGame is the player's open game in this guild (or DM).
func (b *Bot) currentGame(ctx context.Context, r *Request) (store.Game, error) {
	g, err := b.cfg.Store.CurrentGame(ctx, r.UserID(), r.GuildID)
	if errors.Is(err, store.ErrNotFound) {
		return g, errNoGame
	}
	return g, err
}

// maxOtherGames is how many of a player's other open games a reply
// offers: one row of buttons.
const maxOtherGames = 4

// maxLead is the room a hint keeps for the sentence naming its game
// (whichGame), in characters, in any language.
const maxLead = 160

// placeGames is the game a command that names none acts on (the player's
// last played open game here, currentGame's) and up to maxOtherGames of
// the player's other open games here.
func (b *Bot) placeGames(ctx context.Context, r *Request) (store.Game, []store.Game, error) {
	gs, err := b.cfg.Store.OpenGames(ctx, r.UserID(), r.GuildID, maxOtherGames+1)
	if err != nil {
		return store.Game{}, nil, err
	}
	if len(gs) == 0 {
		return store.Game{}, nil, errNoGame
	}
	return gs[0], gs[1:], nil
}

// whichLead is the sentence that opens the reply to a command naming no
// game: which game it answers and, with other open games here, where they
// are (the buttons whichButtons adds).
func whichLead(r *Request, g store.Game, others []store.Game) string {
	lead := r.T("game.answers_for", "Title", share.Title(r.Lang, g))
	if len(others) > 0 {
		lead += r.T("sep.sentence") + r.T("game.others_below")
	}
	return clip(lead, maxLead-1) + "\n"
}

// whichButtons adds to a reply a row with a button per other open game
// that does for it what the command did (id makes the button's custom ID
// from a game), while the reply has room for a row.
func whichButtons(r *Request, resp *Response, others []store.Game, emoji string, id func(int64) string) {
	if len(others) == 0 || len(resp.Components) >= 5 {
		return
	}
	row := discordgo.ActionsRow{}
	for _, o := range others {
		row.Components = append(row.Components, discordgo.Button{Label: clip(emoji+" "+share.Title(r.Lang, o), 80),
			Style: discordgo.SecondaryButton, CustomID: id(o.ID)})
	}
	resp.Components = append(resp.Components, row)
}

// answerWhich names, in the reply to a command that names no game, the
// game it answers, and offers the player's other open games here as
// buttons doing the same for each. A reply that is a modal, or that
// finished the game (a solve), is left as it is.
// A reply whose text names the game already (moves end with its status)
// needs the sentence only when other games are open (always false).
func answerWhich(r *Request, resp *Response, g store.Game, others []store.Game, always bool, emoji string, id func(int64) string) {
	if resp == nil || resp.Type == discordgo.InteractionResponseModal || !always && len(others) == 0 {
		return
	}
	resp.Content = whichLead(r, g, others) + resp.Content
	whichButtons(r, resp, others, emoji, id)
}

// ownedGame is the game a button names, refusing politely when the
// presser is not its player.
func (b *Bot) ownedGame(ctx context.Context, r *Request) (store.Game, error) {
	id, err := strconv.ParseInt(r.Params["game"], 10, 64)
	if err != nil || id <= 0 {
		return store.Game{}, userErr("game.unknown_button")
	}
	g, err := b.cfg.Store.Game(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return g, userErr("game.gone")
	}
	if err != nil {
		return g, err
	}
	return g, game.CheckOwner(g, r.UserID())
}

// view is how a board is drawn.
type view struct {
	candidates bool
	showWrong  bool // mark entries that differ from the solution
	solution   bool // draw the solution instead of the entries
	hint       *game.Hint
	hintLevel  int
	hintCase   int // the case of a net drawn, the others faded (0: all)
}

// pictureTitle is the wordless line above a board picture: numbers and
// the date only, so that a picture reads the same in every language (the
// words are in the message beside it).
func pictureTitle(g store.Game) string {
	if !g.Day.IsZero() {
		return daily.PictureTitle(g.Day)
	}
	return fmt.Sprintf("#%d", g.ID)
}

// png draws a game as v says, with its alt text in l.
func (b *Bot) png(l *l10n.Lang, g store.Game, v view) (File, error) {
	pos := render.Position{Puzzle: g.Givens, Progress: g.Entries}
	if pm := game.PlayerMarks(g); pm != nil {
		m := game.Candidates(g.Givens, g.Entries, pm)
		pos.Marks = &m
	}
	opts := render.Options{Theme: b.theme, Size: boardSize, Title: pictureTitle(g), Candidates: v.candidates}
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
			opts.HintCase = v.hintCase
			pos.Marks = v.hint.Marks
		}
	}
	data, err := b.cfg.Render(pos, opts)
	if err != nil {
		return File{}, fmt.Errorf("render game %d: %w", g.ID, err)
	}
	return File{Name: name, ContentType: "image/png", Data: data, Description: pictureAlt(l, g, v)}, nil
}

func status(l *l10n.Lang, g store.Game) string {
	board := g.Board()
	empty := engine.NumCells - board.Count()
	return l.T("game.status", "Title", share.Title(l, g), "Left", count("n.cells", empty))
}

// boardResponse is the player's board with its buttons.
func (b *Bot) boardResponse(r *Request, g store.Game, v view, text string) (*Response, error) {
	f, err := b.png(r.Lang, g, v)
	if err != nil {
		return nil, err
	}
	return &Response{Ephemeral: true, Content: text, Files: []File{f}, Components: boardButtons(r.Lang, g, v.candidates), board: &g}, nil
}

// solvedReply is the answer to the action that solved g: the result,
// with the Share button.
func (b *Bot) solvedReply(r *Request, g store.Game, st store.PlayerStats) (*Response, error) {
	f, err := b.png(r.Lang, g, view{})
	if err != nil {
		return nil, err
	}
	text := r.T("game.solved", "Title", share.Title(r.Lang, g), "Time", l10n.Duration(g.Duration()),
		"Hints", count("n.hints", g.HintsTotal()), "Mistakes", count("n.mistakes", g.Mistakes))
	if !g.Day.IsZero() {
		text += r.T("sep.sentence") + r.T("game.solved_streak", "Streak", st.CurrentStreak, "Best", st.BestStreak)
	}
	return &Response{Ephemeral: true, Content: text, Files: []File{f}, Components: shareButtons(r.Lang, g)}, nil
}

func (b *Bot) cmdNew(ctx context.Context, r *Request) (*Response, error) {
	level, hasLevel := r.String("level")
	sym, hasSym := r.String("symmetry")
	text, pasted := r.String("puzzle")
	if tech, ok := r.String("technique"); ok {
		if _, hasCode := r.String("code"); pasted || hasLevel || hasSym || hasCode {
			return nil, userErr("train.alone")
		}
		return b.cmdTrain(ctx, r, tech)
	}
	if code, ok := r.String("code"); ok {
		if pasted {
			return nil, userErr("new.code_and_puzzle")
		}
		grid, err := game.ParseCode(code)
		if err != nil {
			return nil, err
		}
		// A code is a pasted puzzle that is short to type: the same
		// checks and grading follow.
		text, pasted = grid.Digits(), true
	}
	var p store.Puzzle
	var notes []string
	if pasted {
		grid, sol, err := game.ParsePaste(text)
		if err != nil {
			return nil, err
		}
		if p, err = b.maker.Pasted(ctx, r.UserID(), grid, sol); err != nil {
			return nil, err
		}
		if p.Ungraded {
			notes = append(notes, r.T("new.note_ungraded"))
		}
		if hasLevel || hasSym {
			notes = append(notes, r.T("new.note_pasted"))
		}
	} else {
		if !hasLevel {
			level = engine.DefaultLevel.String()
		}
		l, err := game.ParseLevel(level)
		if err != nil {
			return nil, err
		}
		if hasSym {
			if sym, err = game.ParseSymmetry(sym); err != nil {
				return nil, err
			}
		}
		if p, err = b.makePuzzle(ctx, r, l, sym); err != nil {
			return nil, err
		}
	}
	res, err := b.play.StartNew(ctx, game.StartInput{User: r.UserID(), Guild: r.GuildID, Pasted: pasted,
		Puzzle: func(context.Context) (store.Puzzle, error) { return p, nil }})
	if err != nil {
		return nil, err
	}
	g := res.Game
	if !g.Day.IsZero() {
		// A pasted daily is played as that daily (game.StartNew).
		return b.dailyReply(r, g)
	}
	msg := r.T("new.started", "Status", status(r.Lang, g))
	if !res.Created {
		msg = r.T("new.again", "Status", status(r.Lang, g))
	}
	for _, n := range notes {
		msg += r.T("sep.sentence") + n
	}
	return b.boardResponse(r, g, view{}, msg)
}

// levelOption is the command's level option, or the default level.
func levelOption(r *Request) (engine.Level, error) {
	level := engine.DefaultLevel.String()
	if l, ok := r.String("level"); ok {
		level = l
	}
	return game.ParseLevel(level)
}

// makePuzzle is a fresh puzzle of a level for the player of r, never one
// they played in any disguise (puzzles.Maker.Fresh).
func (b *Bot) makePuzzle(ctx context.Context, r *Request, level engine.Level, sym string) (store.Puzzle, error) {
	return b.maker.Fresh(ctx, r.UserID(), level, sym)
}

func (b *Bot) cmdShow(ctx context.Context, r *Request) (*Response, error) {
	g, err := b.currentGame(ctx, r)
	if err != nil {
		return nil, err
	}
	text := status(r.Lang, g) + r.T("sep.sentence") + r.T("show.code", "Code", share.Code(g))
	if sv, err := b.cfg.Store.Solves(ctx, g.PuzzleID); err != nil {
		b.log.Warn("counting a puzzle's solves failed", "user", r.UserID(), "err", err)
	} else if line := share.Solvers(r.Lang, sv); line != "" {
		text += r.T("sep.sentence") + line
	}
	return b.boardResponse(r, g, view{}, text)
}

func (b *Bot) giveUp(ctx context.Context, r *Request, g store.Game) (*Response, error) {
	var resp *Response
	_, err := b.play.GiveUp(ctx, g.ID, r.UserID(), func(res game.GiveUpResult) error {
		text := r.T("giveup.done")
		if !res.Game.Day.IsZero() {
			text += r.T("sep.sentence") + r.T("giveup.private")
		}
		var err error
		resp, err = b.boardResponse(r, res.Game, view{solution: true}, text)
		return err
	})
	if err != nil {
		return nil, err
	}
	return resp, nil
}

// cmdGiveUp gives up the game /sudoku giveup means (it names none): the
// reply says which game ended.
func (b *Bot) cmdGiveUp(ctx context.Context, r *Request) (*Response, error) {
	g, err := b.currentGame(ctx, r)
	if err != nil {
		return nil, err
	}
	resp, err := b.giveUp(ctx, r, g)
	if err != nil {
		return nil, err
	}
	answerWhich(r, resp, g, nil, true, "", nil)
	return resp, nil
}

func (b *Bot) btnGiveUp(ctx context.Context, r *Request) (*Response, error) {
	g, err := b.ownedGame(ctx, r)
	if err != nil {
		return nil, err
	}
	if err := game.CheckPlays(g, r.UserID()); err != nil {
		return nil, err
	}
	return &Response{Ephemeral: true, Content: r.T("giveup.confirm"),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: r.T("button.giveup_sure"), Style: discordgo.DangerButton, CustomID: giveUpSureID(g.ID)},
		}}}}, nil
}

func (b *Bot) btnGiveUpConfirm(ctx context.Context, r *Request) (*Response, error) {
	g, err := b.ownedGame(ctx, r)
	if err != nil {
		return nil, err
	}
	return b.giveUp(ctx, r, g)
}
