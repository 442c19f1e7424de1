package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/store"
)

// cmdCoop opens a shared board on one public message: anyone here enters
// moves with the modal, and the board updates in place.
func (b *Bot) cmdCoop(ctx context.Context, r *Request) (*Response, error) {
	l, err := levelOption(r)
	if err != nil {
		return nil, err
	}
	p, err := b.makePuzzle(ctx, r, l, "")
	if err != nil {
		return nil, err
	}
	if p, err = b.cfg.Store.SavePuzzle(ctx, p); err != nil {
		return nil, err
	}
	g, err := b.cfg.Store.StartCoop(ctx, r.UserID(), r.GuildID, r.ChannelID, p.ID, b.now())
	if err != nil {
		return nil, err
	}
	board, err := b.coopBoard(ctx, g, fmt.Sprintf("🤝 **Co-op Sudoku** · %s, opened by <@%s>: anyone here can play. Press **Enter moves**; the board updates for everyone.",
		capitalize(g.Level), r.UserID()))
	if err != nil {
		return nil, err
	}
	if thread, ok := b.coopThread(ctx, r, g, board); ok {
		return &Response{Content: fmt.Sprintf("🤝 <@%s> opened a co-op Sudoku board in <#%s>: come and play!", r.UserID(), thread)}, nil
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
	name := fmt.Sprintf("Co-op Sudoku · %s · #%d", capitalize(g.Level), g.ID)
	thread, err := b.Poster().StartChannelThread(ctx, r.ChannelID, name)
	if err == nil {
		_, err = b.Poster().PostMessage(ctx, thread, board.Content, board.Files, board.Components)
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
		return store.Game{}, userErrorf("This button does not belong to a co-op board I know.")
	}
	g, err := b.cfg.Store.Game(ctx, id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && !g.IsCoop()) {
		return g, userErrorf("I can't find that co-op board. Open one with `/sudoku coop`.")
	}
	return g, err
}

// coopBoard is the shared board message: the picture and its buttons.
func (b *Bot) coopBoard(ctx context.Context, g store.Game, text string) (*Response, error) {
	f, err := b.png(g, view{})
	if err != nil {
		return nil, err
	}
	var components []discordgo.MessageComponent
	if !g.Finished() {
		components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Enter moves", Style: discordgo.PrimaryButton, CustomID: coopMovesID(g.ID)},
			discordgo.Button{Label: "Hint for everyone", Style: discordgo.SecondaryButton, CustomID: coopHintID(g.ID)},
		}}}
	}
	return &Response{Content: text, Files: []File{f}, Components: components}, nil
}

// btnCoopMoves opens the moves modal, carrying the version of the board
// the player is looking at.
func (b *Bot) btnCoopMoves(ctx context.Context, r *Request) (*Response, error) {
	g, err := b.coopGame(ctx, r)
	if err != nil {
		return nil, err
	}
	if g.Finished() {
		return nil, userErrorf("This board is already solved. Open another with `/sudoku coop`!")
	}
	return movesModal(coopSubmitID(g.ID, g.Version), "Co-op moves"), nil
}

// modalCoopMoves applies a player's moves if nobody changed the board
// since they opened the modal, and redraws the shared board in place.
// Moves made against an older board are refused, privately, with the
// text to enter again: never mixed into someone else's change, never
// lost without a word.
func (b *Bot) modalCoopMoves(ctx context.Context, r *Request) (*Response, error) {
	g, err := b.coopGame(ctx, r)
	if err != nil {
		return nil, err
	}
	version, err := strconv.ParseInt(r.Params["version"], 10, 64)
	if err != nil {
		return nil, userErrorf("This form does not belong to a board I know.")
	}
	text, _ := r.ModalValue("moves")
	moves, err := ParseMoves(text)
	if err != nil {
		return nil, err
	}
	g, err = b.cfg.Store.CoopMove(ctx, g.ID, r.UserID(), moves, version, b.now())
	switch {
	case errors.Is(err, store.ErrStale):
		return nil, userErrorf("Someone changed the board while you were typing, so your moves were not applied. "+
			"Look at the board again and press **Enter moves**; your moves were: `%s`", strings.Join(strings.Fields(text), " "))
	case err != nil:
		return nil, translate(err)
	}
	if g.Solved {
		return b.coopSolved(ctx, g)
	}
	status := fmt.Sprintf("🤝 **Co-op Sudoku** · %s · last move by <@%s>: %s. %s to go.", capitalize(g.Level), r.UserID(),
		plural(len(moves), "move", "moves"), plural(engine.NumCells-g.Board().Count(), "cell", "cells"))
	if cs := g.Board().Conflicts(); len(cs) > 0 {
		var f []string
		for _, c := range cs {
			f = append(f, c.String())
		}
		status += " ⚠️ " + listOrCount(f, "rule conflicts") + "."
	}
	return b.coopBoard(ctx, g, status)
}

// coopSolved is the solved board with what each player did.
func (b *Bot) coopSolved(ctx context.Context, g store.Game) (*Response, error) {
	players, err := b.cfg.Store.CoopPlayers(ctx, g.ID)
	if err != nil {
		return nil, err
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "🎉 **Solved together** in %s with %s! Who did what:\n", render.SolveTime(g.Duration()), plural(g.HintsTotal(), "hint", "hints"))
	for _, p := range players {
		fmt.Fprintf(&sb, "• <@%s>: %s", p.UserID, plural(p.Placed, "digit", "digits"))
		if p.Hints > 0 {
			fmt.Fprintf(&sb, ", %s", plural(p.Hints, "hint", "hints"))
		}
		sb.WriteString("\n")
	}
	return b.coopBoard(ctx, g, strings.TrimRight(sb.String(), "\n"))
}

// btnCoopHint posts a nudge for everyone and counts it on the board.
func (b *Bot) btnCoopHint(ctx context.Context, r *Request) (*Response, error) {
	g, err := b.coopGame(ctx, r)
	if err != nil {
		return nil, err
	}
	if g.Finished() {
		return nil, userErrorf("This board is already solved.")
	}
	var h Hint
	if err := b.heavy(ctx, r.UserID(), func(ctx context.Context) error {
		var err error
		h, err = b.cfg.Hinter.Hint(ctx, g.Givens, g.Entries, nil)
		return err
	}); err != nil {
		return nil, fmt.Errorf("hint for co-op game %d: %w", g.ID, err)
	}
	if _, err := b.cfg.Store.CoopHint(ctx, g.ID, r.UserID(), b.now()); err != nil {
		return nil, translate(err)
	}
	return &Response{Content: fmt.Sprintf("💡 <@%s> asked for a hint on the co-op board: %s", r.UserID(), firstLine(h.Text[0]))}, nil
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
