package webapi

import (
	"context"
	"net/http"
	"slices"
	"strings"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/live"
	"github.com/sudokubot/sudokubot/stepjson"
	"github.com/sudokubot/sudokubot/store"
)

// Co-op on the board: a shared board (game.StartCoop) that each player
// opens with a token of their own. Moves are game.CoopMove (refused only
// when the player's own cells changed), the hint is the hint for
// everyone (game.CoopHint, shown again on the others' boards by
// api/coophint), and a check or a give-up, which would be one player's
// call on everyone's board, is not offered.

// coopState is the co-op part of g's State for viewer, the change shown
// made by by.
func (srv *Server) coopState(ctx context.Context, g store.Game, viewer, by string) (*CoopState, error) {
	played, err := srv.cfg.Store.CoopPlayers(ctx, g.ID)
	if err != nil {
		return nil, err
	}
	filled, err := srv.cfg.Store.CoopCells(ctx, g.ID)
	if err != nil {
		return nil, err
	}
	here := srv.here(live.Game(g.ID))
	ids := coopOrder(g.UserID, played, here, viewer)
	byID := map[string]store.CoopPlayer{}
	for _, p := range played {
		byID[p.UserID] = p
	}
	out := &CoopState{Players: make([]CoopPlayer, 0, len(ids)), You: -1, By: -1,
		Hint: g.HintKey != "" && g.HintVersion == g.Version && !g.Finished()}
	if out.Hint {
		out.HintLevel = g.HintLevel
	}
	place := map[string]int{}
	for i, id := range ids {
		p := byID[id]
		place[id] = i
		out.Players = append(out.Players, CoopPlayer{Host: i == 0, You: id == viewer, Here: here[id], Placed: p.Placed, Hints: p.Hints, id: id})
		if id == viewer {
			out.You = i
		}
		if id == by {
			out.By = i
		}
	}
	out.Filled = make([]int, engine.NumCells)
	for c, u := range filled {
		out.Filled[c] = -1
		if i, ok := place[u]; ok && u != "" && g.Entries[c] != 0 {
			out.Filled[c] = i
		}
	}
	return out, nil
}

// coopOrder is the order of a co-op board's players, the same on every
// board, so each keeps one colour: the host, then those who played in
// the order they first did (their seat), then those who only have the
// board open (the viewer among them) in the order of their ids. A
// player's place changes only when they first play, and then only for
// players who filled no cell.
func coopOrder(host string, played []store.CoopPlayer, here map[string]bool, viewer string) []string {
	seated := slices.Clone(played)
	slices.SortFunc(seated, func(a, b store.CoopPlayer) int {
		if a.Seat != b.Seat {
			return a.Seat - b.Seat
		}
		return strings.Compare(a.UserID, b.UserID)
	})
	ids := []string{host}
	known := map[string]bool{host: true}
	for _, p := range seated {
		if !known[p.UserID] {
			known[p.UserID] = true
			ids = append(ids, p.UserID)
		}
	}
	var rest []string
	for u := range here {
		if !known[u] {
			known[u] = true
			rest = append(rest, u)
		}
	}
	if viewer != "" && !known[viewer] {
		rest = append(rest, viewer)
	}
	slices.Sort(rest)
	return append(ids, rest...)
}

// coopMoves plays the moves on the shared board (game.CoopMove) at the
// version the page shows: refused (409 stale, with the board) only when
// one of their own cells changed since.
func (srv *Server) coopMoves(ctx context.Context, w http.ResponseWriter, q *webReq, version int64, moves []store.Move) error {
	res, err := srv.play.CoopMove(ctx, game.CoopMoveInput{GameID: q.game.ID, User: q.claims.User, Moves: moves, Version: version})
	return srv.movesAnswer(ctx, w, q, res.Game, err)
}

// coopHint is the Hint button of a co-op board: the hint for everyone at
// the level asked (game.CoopHint: a step counted once for the board),
// which every board then shows at the deepest level opened.
func (srv *Server) coopHint(ctx context.Context, w http.ResponseWriter, q *webReq, level int) error {
	res, err := srv.play.CoopHint(ctx, q.game.ID, q.claims.User, level, nil)
	if err != nil {
		return err
	}
	return srv.writeHint(ctx, w, q, res.Hint, res.Game, res.Level)
}

// apiCoopHint shows a teammate's hint for everyone on this board,
// uncounted, at the deepest level opened, while the board is as the
// hint found it (game.CoopShownHint).
func (srv *Server) apiCoopHint(ctx context.Context, w http.ResponseWriter, r *http.Request, q *webReq) error {
	if !q.game.IsCoop() {
		return &webErr{status: http.StatusNotFound, code: CodeNotFound, msg: l10n.M("web.error.not_found")}
	}
	res, err := srv.play.CoopShownHint(ctx, q.game.ID, q.claims.User)
	if err != nil {
		return err
	}
	q.by = ""
	return srv.writeHint(ctx, w, q, res.Hint, res.Game, res.Level)
}

// writeHint answers a hint at a level with the game's state after it.
func (srv *Server) writeHint(ctx context.Context, w http.ResponseWriter, q *webReq, h game.Hint, g store.Game, level int) error {
	out := Hint{Hint: stepjson.FromHint(q.lang, h.Result, level)}
	var err error
	if out.State, err = srv.state(ctx, q, g, nil); err != nil {
		return err
	}
	writeJSONStatus(w, http.StatusOK, out)
	return nil
}

// here is who has a board of t open, on any process (live.Hub.Here).
func (srv *Server) here(t live.Topic) map[string]bool {
	out := map[string]bool{}
	if srv.cfg.Live == nil {
		return out
	}
	for _, u := range srv.cfg.Live.Here(t) {
		out[u] = true
	}
	return out
}

// apiLook takes the cell a player selected on a co-op board, for the
// others' boards (live.Hub.Look: kept while they have the board open,
// sent to the others' streams as a "look" event, never stored). It
// answers 204, also when there is nobody to tell.
func (srv *Server) apiLook(ctx context.Context, w http.ResponseWriter, r *http.Request, q *webReq) error {
	var body LookRequest
	if err := readJSON(r, &body); err != nil {
		return err
	}
	if !q.game.IsCoop() || srv.cfg.Live == nil {
		return &webErr{status: http.StatusNotFound, code: CodeNotFound, msg: l10n.M("web.error.not_found")}
	}
	cell, err := webCellIndex(body.Row, body.Col)
	if err != nil {
		return err
	}
	if !q.game.Finished() {
		srv.cfg.Live.Look(live.Game(q.game.ID), q.claims.User, cell)
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// looksOf is where the players of the co-op state s look, by their place,
// from the hub's looks of its game (the viewer's own left out).
func looksOf(s *State, looks map[string]int) Looks {
	out := Looks{Cells: make([]int, len(s.Coop.Players))}
	for i, p := range s.Coop.Players {
		out.Cells[i] = -1
		if c, ok := looks[p.id]; ok && !p.You {
			out.Cells[i] = c
		}
	}
	return out
}
