package bot

import (
	"context"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// place plays moves typed in chat on a game (the use case game.Place,
// on the game as it is when they arrive) and answers with the new board,
// or the result when they solve it.
func (b *Bot) place(ctx context.Context, r *Request, g store.Game, text string, cands bool) (*Response, error) {
	moves, err := game.ParseMoves(text)
	if err != nil {
		return nil, err
	}
	var resp *Response
	_, err = b.play.Place(ctx, game.PlaceInput{GameID: g.ID, User: r.UserID(), Moves: moves,
		Reply: func(res game.PlaceResult) error {
			var err error
			resp, err = b.placeReply(r, res, cands)
			return err
		}})
	if err != nil {
		return nil, err
	}
	return resp, nil
}

// placeReply words what moves did: the digits placed and cells cleared,
// the conflicts they make, and the new board; or the result when they
// solved the game.
func (b *Bot) placeReply(r *Request, res game.PlaceResult, cands bool) (*Response, error) {
	if res.Solved {
		return b.solvedReply(r, res.Game, res.Stats)
	}
	var text string
	var placed, cleared []string
	for _, m := range res.Placed {
		placed = append(placed, r.T("moves.digit_in", "Digit", m.Digit, "Cell", engine.CellName(m.Cell)))
	}
	for _, c := range res.Cleared {
		cleared = append(cleared, "`"+engine.CellName(c)+"`")
	}
	switch {
	case len(placed) > 0 && len(cleared) > 0:
		text = r.T("moves.placed_cleared", "Placed", game.ListOrCount(placed, "n.digits"), "Cleared", game.ListOrCount(cleared, "n.cells"))
	case len(placed) > 0:
		text = r.T("moves.placed", "Placed", game.ListOrCount(placed, "n.digits"))
	default:
		text = r.T("moves.cleared", "Cleared", game.ListOrCount(cleared, "n.cells"))
	}
	text += r.T("sep.sentence")
	if cs := res.Conflicts; len(cs) > 0 {
		var f []string
		for _, c := range cs {
			f = append(f, c.String())
		}
		text += "⚠️ " + r.T("moves.conflicts", "Conflicts", game.ListOrCount(f, "n.conflicts")) + r.T("sep.sentence")
	} else if res.Full {
		text += r.T("moves.full_wrong") + r.T("sep.sentence")
	}
	return b.boardResponse(r, res.Game, view{candidates: cands}, text+status(r.Lang, res.Game))
}

func (b *Bot) cmdPlace(ctx context.Context, r *Request) (*Response, error) {
	text, ok := r.String("moves")
	if !ok {
		return nil, userErr("moves.none")
	}
	g, others, err := b.placeGames(ctx, r)
	if err != nil {
		return nil, err
	}
	resp, err := b.place(ctx, r, g, text, false)
	if err != nil {
		return nil, err
	}
	answerWhich(r, resp, g, others, false, "✏️", func(id int64) string { return movesID(id, false) })
	return resp, nil
}

func (b *Bot) btnMoves(ctx context.Context, r *Request) (*Response, error) {
	g, err := b.ownedGame(ctx, r)
	if err != nil {
		return nil, err
	}
	if err := game.CheckPlays(g, r.UserID()); err != nil {
		return nil, err
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

// check answers /sudoku check and the Check button (the use case
// game.Check): the wrong cells, never the right digit, or the result when
// the board or the answer solves the game.
func (b *Bot) check(ctx context.Context, r *Request, g store.Game, answer string, hasAnswer bool) (*Response, error) {
	in := game.CheckInput{GameID: g.ID, User: r.UserID()}
	if hasAnswer {
		a, err := game.ParseAnswer(answer)
		if err != nil {
			return nil, err
		}
		in.Answer = &a
	}
	var resp *Response
	in.Reply = func(res game.CheckResult) error {
		var err error
		resp, err = b.checkReply(r, res, hasAnswer)
		return err
	}
	if _, err := b.play.Check(ctx, in); err != nil {
		return nil, err
	}
	return resp, nil
}

// checkReply words what a check found: the wrong cells, never the right
// digit, or the result when it solved the game.
func (b *Bot) checkReply(r *Request, res game.CheckResult, hasAnswer bool) (*Response, error) {
	switch {
	case res.Solved:
		return b.solvedReply(r, res.Game, res.Stats)
	case hasAnswer:
		return &Response{Ephemeral: true, Content: r.T("check.answer_wrong", "Count", len(res.Wrong))}, nil
	case len(res.Wrong) == 0:
		return &Response{Ephemeral: true, Content: r.T("check.all_good", "Count", res.Filled, "Left", count("n.cells", res.Left))}, nil
	}
	return b.boardResponse(r, res.Game, view{showWrong: true}, r.T("check.wrong", "Count", len(res.Wrong),
		"Cells", cellList(r.Lang, res.Wrong), "First", engine.CellName(res.Wrong[0])))
}

func (b *Bot) cmdCheck(ctx context.Context, r *Request) (*Response, error) {
	g, others, err := b.placeGames(ctx, r)
	if err != nil {
		return nil, err
	}
	answer, has := r.String("answer")
	resp, err := b.check(ctx, r, g, answer, has)
	if err != nil {
		return nil, err
	}
	answerWhich(r, resp, g, others, true, "✅", checkID)
	return resp, nil
}

func (b *Bot) btnCheck(ctx context.Context, r *Request) (*Response, error) {
	g, err := b.ownedGame(ctx, r)
	if err != nil {
		return nil, err
	}
	return b.check(ctx, r, g, "", false)
}
