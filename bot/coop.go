package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/share"
	"github.com/sudokubot/sudokubot/store"
)

// cmdCoop opens a shared board on one public message: anyone here enters
// moves with the modal, and the board updates in place.
func (b *Bot) cmdCoop(ctx context.Context, r *Request) (*Response, error) {
	l, err := levelOption(r)
	if err != nil {
		return nil, err
	}
	res, err := b.play.StartCoop(ctx, game.CoopInput{Host: r.UserID(), Guild: r.GuildID, Channel: r.ChannelID,
		Puzzle: func(ctx context.Context) (store.Puzzle, error) { return b.makePuzzle(ctx, r, l, "") }})
	if err != nil {
		return nil, err
	}
	g := res.Game
	// The board is public: it speaks the server's language.
	lang := r.GuildLang()
	board, err := b.coopBoard(ctx, lang, g, lang.T("coop.opened", "Level", share.Level(lang, g), "User", r.UserID()))
	if err != nil {
		return nil, err
	}
	if thread, ok := b.coopThread(ctx, r, g, board); ok {
		return &Response{Content: lang.T("coop.opened_in", "User", r.UserID(), "Thread", thread)}, nil
	}
	return board, nil
}

// coopThread opens a thread for the board and posts it there, where the
// bot is in the server and allowed to; elsewhere (DMs, a user install
// only, no thread permission) the board is the reply itself.
func (b *Bot) coopThread(ctx context.Context, r *Request, g store.Game, board *Response) (string, bool) {
	if !r.ServerInstalled() || r.ChannelID == "" {
		return "", false
	}
	lang := r.GuildLang()
	name := lang.T("coop.thread", "Level", share.Level(lang, g), "ID", g.ID)
	thread, err := b.poster().StartChannelThread(ctx, r.ChannelID, name)
	if err == nil {
		_, err = b.poster().PostMessage(ctx, thread, board.Content, board.Files, board.Components)
	}
	if err != nil {
		b.log.Info("co-op board posted in the channel instead of a thread", "channel", r.ChannelID, "err", err)
		return "", false
	}
	return thread, true
}

// coopGame reads the co-op board of a button or modal.
func (b *Bot) coopGame(ctx context.Context, r *Request) (store.Game, error) {
	id, err := strconv.ParseInt(r.Params["game"], 10, 64)
	if err != nil || id <= 0 {
		return store.Game{}, userErr("coop.unknown_button")
	}
	g, err := b.cfg.Store.Game(ctx, id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && !g.IsCoop()) {
		return g, userErr("coop.gone")
	}
	return g, err
}

// coopBoard is the shared board message: the picture and its buttons.
func (b *Bot) coopBoard(ctx context.Context, l *l10n.Lang, g store.Game, text string) (*Response, error) {
	f, err := b.png(l, g, view{})
	if err != nil {
		return nil, err
	}
	var components []discordgo.MessageComponent
	if !g.Finished() {
		components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: l.T("button.moves"), Style: discordgo.PrimaryButton, CustomID: coopMovesID(g.ID)},
			discordgo.Button{Label: l.T("button.coop_hint"), Style: discordgo.SecondaryButton, CustomID: coopHintID(g.ID)},
		}}}
		if b.cfg.PublicURL != "" && b.keys != nil {
			// Each player's own link to the live board: a button, as a
			// public message cannot carry a link per player.
			row := components[0].(discordgo.ActionsRow)
			row.Components = append(row.Components, discordgo.Button{Label: l.T("button.open_board"), Style: discordgo.SecondaryButton,
				Emoji: &discordgo.ComponentEmoji{Name: "🧩"}, CustomID: coopBoardID(g.ID)})
			components[0] = row
		}
	}
	return &Response{Content: text, Files: []File{f}, Components: components}, nil
}

// btnCoopMoves opens the moves modal, carrying the version of the board
// the player is looking at: their moves are refused only if one of their
// cells changed after it (game.CoopMove).
func (b *Bot) btnCoopMoves(ctx context.Context, r *Request) (*Response, error) {
	g, err := b.coopGame(ctx, r)
	if err != nil {
		return nil, err
	}
	if g.Finished() {
		return nil, userErr("coop.solved_already")
	}
	return movesModal(r.Lang, coopSubmitID(g.ID, g.Version), r.T("modal.coop_title")), nil
}

// modalCoopMoves applies a player's moves if nobody changed their cells
// since they opened the modal, and redraws the shared board in place.
// Moves to cells someone changed meanwhile are refused, privately, with
// the text to enter again: never mixed into someone else's change, never
// lost without a word. A hint for everyone changes no cell.
func (b *Bot) modalCoopMoves(ctx context.Context, r *Request) (*Response, error) {
	g, err := b.coopGame(ctx, r)
	if err != nil {
		return nil, err
	}
	version, err := strconv.ParseInt(r.Params["version"], 10, 64)
	if err != nil {
		return nil, userErr("coop.unknown_form")
	}
	text, _ := r.ModalValue("moves")
	moves, err := game.ParseMoves(text)
	if err != nil {
		return nil, err
	}
	// The board is public and its reply reads who played (the store):
	// it is built once the moves are stored, as the shared board must
	// show them whatever becomes of this player's reply.
	res, err := b.play.CoopMove(ctx, game.CoopMoveInput{GameID: g.ID, User: r.UserID(), Moves: moves, Version: version, Typed: text})
	if err != nil {
		return nil, err
	}
	return b.coopMoved(ctx, r.GuildLang(), r.UserID(), len(moves), res)
}

// coopMoved is the shared board after a player's moves, or the solved
// board with what each player did.
func (b *Bot) coopMoved(ctx context.Context, lang *l10n.Lang, user string, n int, res game.CoopMoveResult) (*Response, error) {
	g := res.Game
	if g.Solved {
		return b.coopSolved(ctx, lang, g)
	}
	status := lang.T("coop.status", "Level", share.Level(lang, g), "User", user,
		"Moves", count("n.moves", n), "Left", count("n.cells", engine.NumCells-g.Board().Count()))
	if cs := res.Conflicts; len(cs) > 0 {
		var f []string
		for _, c := range cs {
			f = append(f, c.String())
		}
		status += " ⚠️ " + lang.T("moves.conflicts", "Conflicts", game.ListOrCount(f, "n.conflicts"))
	}
	return b.coopBoard(ctx, lang, g, status)
}

// coopSolved is the solved board with what each player did.
func (b *Bot) coopSolved(ctx context.Context, l *l10n.Lang, g store.Game) (*Response, error) {
	players, err := b.cfg.Store.CoopPlayers(ctx, g.ID)
	if err != nil {
		return nil, err
	}
	var sb strings.Builder
	sb.WriteString(l.T("coop.solved", "Time", l10n.Duration(g.Duration()), "Hints", count("n.hints", g.HintsTotal())) + "\n")
	for _, p := range players {
		fmt.Fprintf(&sb, "• <@%s>: %s", p.UserID, l.T("n.digits", "Count", p.Placed))
		if p.Hints > 0 {
			fmt.Fprintf(&sb, "%s%s", l.T("list.sep"), l.T("n.hints", "Count", p.Hints))
		}
		sb.WriteString("\n")
	}
	return b.coopBoard(ctx, l, g, strings.TrimRight(sb.String(), "\n"))
}

// btnCoopHint posts a nudge for everyone and counts it on the board.
func (b *Bot) btnCoopHint(ctx context.Context, r *Request) (*Response, error) {
	g, err := b.coopGame(ctx, r)
	if err != nil {
		return nil, err
	}
	if g.Finished() {
		return nil, userErr("coop.solved_plain")
	}
	res, err := b.play.CoopHint(ctx, g.ID, r.UserID(), 1, nil)
	if err != nil {
		return nil, err
	}
	lang := r.GuildLang()
	return &Response{Content: lang.T("coop.hint", "User", r.UserID(), "Hint", firstLine(res.Hint.Text(lang, 1)))}, nil
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// btnCoopBoard answers a player's "Open board" on a co-op board with
// their own link to the web board (a token for them and the board),
// privately: everyone plays the shared board live from there.
func (b *Bot) btnCoopBoard(ctx context.Context, r *Request) (*Response, error) {
	g, err := b.coopGame(ctx, r)
	if err != nil {
		return nil, err
	}
	if g.Finished() {
		return nil, userErr("coop.solved_already")
	}
	if b.cfg.PublicURL == "" || b.keys == nil {
		return nil, userErr("coop.unknown_button")
	}
	tok, err := b.keys.Mint(ctx, r.UserID(), g.ID)
	if err != nil {
		return nil, err
	}
	return &Response{Ephemeral: true, Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: r.T("button.open_board"), Style: discordgo.LinkButton, Emoji: &discordgo.ComponentEmoji{Name: "🧩"},
			URL: b.boardLink(tok, string(r.Locale))},
	}}}}, nil
}
