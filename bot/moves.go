package bot

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// place applies moves to a game and answers with the new board.
func (b *Bot) place(ctx context.Context, r *Request, g store.Game, text string, cands bool) (*Response, error) {
	moves, err := ParseMoves(text)
	if err != nil {
		return nil, err
	}
	if g.Finished() {
		return nil, translate(store.ErrGameFinished)
	}
	// Build the reply on the position the moves make before storing
	// them, so moves are never saved with a reply that cannot be sent.
	// Game.Apply is the store's own rule for moves.
	after := g
	if err := after.Apply(moves); err != nil {
		return nil, translate(err)
	}
	var placed, cleared []string
	for _, m := range moves {
		if m.Digit == 0 {
			cleared = append(cleared, "`"+engine.CellName(m.Cell)+"`")
		} else {
			placed = append(placed, r.T("moves.digit_in", "Digit", m.Digit, "Cell", engine.CellName(m.Cell)))
		}
	}
	board := after.Board()
	if board == g.Solution {
		return b.finish(ctx, g, r, moves)
	}
	switch {
	case len(placed) > 0 && len(cleared) > 0:
		text = r.T("moves.placed_cleared", "Placed", listOrCount(placed, "n.digits"), "Cleared", listOrCount(cleared, "n.cells"))
	case len(placed) > 0:
		text = r.T("moves.placed", "Placed", listOrCount(placed, "n.digits"))
	default:
		text = r.T("moves.cleared", "Cleared", listOrCount(cleared, "n.cells"))
	}
	text += r.T("sep.sentence")
	if cs := board.Conflicts(); len(cs) > 0 {
		var f []string
		for _, c := range cs {
			f = append(f, c.String())
		}
		text += "⚠️ " + r.T("moves.conflicts", "Conflicts", listOrCount(f, "n.conflicts")) + r.T("sep.sentence")
	} else if board.Full() {
		text += r.T("moves.full_wrong") + r.T("sep.sentence")
	}
	resp, err := b.boardResponse(r, after, view{candidates: cands}, text+status(r.Lang, after))
	if err != nil {
		return nil, err
	}
	if _, err = b.cfg.Store.ApplyMoves(ctx, g.ID, r.UserID(), moves, b.now()); err != nil {
		return nil, translate(err)
	}
	b.afterChange(ctx, g)
	return resp, nil
}

// listOrCount lists items when there are a few, else counts them with the
// first few named: a reply to 57 moves stays readable and short.
// what is the plural message that counts them ("n.cells"). The list is a
// message so that its words come out in the sentence's language.
func listOrCount(items []string, what string) l10n.Msg {
	const few = 8
	if len(items) <= few {
		return l10n.M("list.items", "Items", strings.Join(items, ", "))
	}
	return l10n.M("list.counted", "Counted", count(what, len(items)), "First", strings.Join(items[:few/2], ", "))
}

func (b *Bot) cmdPlace(ctx context.Context, r *Request) (*Response, error) {
	text, ok := r.String("moves")
	if !ok {
		return nil, userErr("moves.none")
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
	return movesModal(r.Lang, movesID(g.ID, r.Params["cands"] == "1"), r.T("modal.moves_title")), nil
}

// movesModal is the form moves are typed into, for one's own board and a
// co-op board alike.
func movesModal(l *l10n.Lang, customID, title string) *Response {
	return &Response{
		Type:     discordgo.InteractionResponseModal,
		CustomID: customID,
		Title:    title,
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.TextInput{CustomID: "moves", Label: l.T("modal.moves_label"), Style: discordgo.TextInputParagraph,
				Placeholder: "r4c6=7 r5c1=3 r2c2=0", Required: true, MinLength: 4, MaxLength: 400},
		}}},
	}
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
	msg := r.T("cands.off")
	if on {
		msg = r.T("cands.on")
	}
	return b.boardResponse(r, g, view{candidates: on}, msg+r.T("sep.sentence")+status(r.Lang, g))
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
				return nil, userErr("check.given_differs", "Digit", a[i], "Cell", engine.CellName(i), "Given", d)
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
			return &Response{Ephemeral: true, Content: r.T("check.answer_wrong", "Count", wrong)}, nil
		}
		var moves []store.Move
		for i, d := range a {
			if g.Givens[i] == 0 && g.Entries[i] != d {
				moves = append(moves, store.Move{Cell: i, Digit: d})
			}
		}
		return b.finish(ctx, g, r, moves)
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
			return b.finish(ctx, g, r, nil)
		}
		filled := board.Count() - g.Givens.Count()
		return &Response{Ephemeral: true, Content: r.T("check.all_good", "Count", filled, "Left", count("n.cells", engine.NumCells-board.Count()))}, nil
	}
	resp, err := b.boardResponse(r, g, view{showWrong: true}, r.T("check.wrong", "Count", len(wrong), "Cells", cellList(r.Lang, wrong), "First", engine.CellName(wrong[0])))
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
