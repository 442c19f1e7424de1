package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/engine"
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
			placed = append(placed, fmt.Sprintf("%d in `%s`", m.Digit, engine.CellName(m.Cell)))
		}
	}
	board := after.Board()
	if board == g.Solution {
		return b.finish(ctx, g, r, moves)
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
	b.afterChange(ctx, g)
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
	return movesModal(movesID(g.ID, r.Params["cands"] == "1"), "Enter moves"), nil
}

// movesModal is the form moves are typed into, for one's own board and a
// co-op board alike.
func movesModal(customID, title string) *Response {
	return &Response{
		Type:     discordgo.InteractionResponseModal,
		CustomID: customID,
		Title:    title,
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.TextInput{CustomID: "moves", Label: "Moves (0 clears a cell)", Style: discordgo.TextInputParagraph,
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
