package webapi

import (
	"context"
	"net/http"
	"slices"

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
	ids := []string{g.UserID}
	byID := map[string]store.CoopPlayer{}
	for _, p := range played {
		byID[p.UserID] = p
		if p.UserID != g.UserID {
			ids = append(ids, p.UserID)
		}
	}
	here := srv.here(live.Game(g.ID))
	for u := range here {
		if _, ok := byID[u]; !ok && u != g.UserID {
			ids = append(ids, u)
		}
	}
	if _, ok := byID[viewer]; !ok && !slices.Contains(ids, viewer) {
		ids = append(ids, viewer)
	}
	// The host first, then the others in the order of their ids: the same
	// order, so the same colours, on every board.
	slices.Sort(ids[1:])
	out := &CoopState{Players: make([]CoopPlayer, 0, len(ids)), You: -1, By: -1,
		Hint: g.HintKey != "" && g.HintVersion == g.Version && !g.Finished()}
	for i, id := range ids {
		p := byID[id]
		out.Players = append(out.Players, CoopPlayer{Host: i == 0, You: id == viewer, Here: here[id], Placed: p.Placed, Hints: p.Hints})
		if id == viewer {
			out.You = i
		}
		if id == by {
			out.By = i
		}
	}
	return out, nil
}

// coopOnly refuses what a co-op board does not offer on the board.
func coopOnly() error {
	return &webErr{status: http.StatusBadRequest, code: CodeInvalid, msg: l10n.M("web.error.coop")}
}

// coopMoves plays the moves on the shared board (game.CoopMove) at the
// version the page shows: refused (409 stale, with the board) only when
// one of their own cells changed since.
func (srv *Server) coopMoves(ctx context.Context, w http.ResponseWriter, q *webReq, version int64, moves []store.Move) error {
	res, err := srv.play.CoopMove(ctx, game.CoopMoveInput{GameID: q.game.ID, User: q.claims.User, Moves: moves, Version: version})
	return srv.movesAnswer(ctx, w, q, res.Game, err)
}

// coopHint is the Hint button of a co-op board: the hint for everyone
// (a nudge, level 1), counted for the board and the player.
func (srv *Server) coopHint(ctx context.Context, w http.ResponseWriter, q *webReq) error {
	res, err := srv.play.CoopHint(ctx, q.game.ID, q.claims.User, nil)
	if err != nil {
		return err
	}
	return srv.writeHint(ctx, w, q, res.Hint, res.Game, 1)
}

// apiCoopHint shows a teammate's hint for everyone on this board,
// uncounted, while the board is as the hint found it (game.CoopShownHint).
func (srv *Server) apiCoopHint(ctx context.Context, w http.ResponseWriter, r *http.Request, q *webReq) error {
	if !q.game.IsCoop() {
		return &webErr{status: http.StatusNotFound, code: CodeNotFound, msg: l10n.M("web.error.not_found")}
	}
	res, err := srv.play.CoopShownHint(ctx, q.game.ID, q.claims.User)
	if err != nil {
		return err
	}
	q.by = ""
	return srv.writeHint(ctx, w, q, res.Hint, res.Game, 1)
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
