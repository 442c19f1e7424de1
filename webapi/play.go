package webapi

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/share"
	"github.com/sudokubot/sudokubot/store"
)

// The board's moves, checks, hints and give-ups: the store and engine
// calls of /sudoku place, check, hint and giveup, answered as JSON.

// movesBody is the body of POST api/moves (Moves, whose fields
// the board's TypeScript types are generated from).
type movesBody Moves

func badMove(id string, kv ...any) error {
	return &webErr{status: http.StatusBadRequest, code: CodeInvalid, msg: l10n.M(id, kv...)}
}

// webCellIndex is the cell of row and col 1-9, or a 400 naming them.
func webCellIndex(row, col int) (int, error) {
	if row < 1 || row > 9 || col < 1 || col > 9 {
		return 0, badMove("web.error.bad_cell", "Row", row, "Col", col)
	}
	return (row-1)*9 + col - 1, nil
}

// storeMoves turns the body into the store's moves, in order: the digits,
// then each marked cell's marks set to exactly the digits given (a
// clear, then one toggle per digit, as Game.Apply plays pencil moves).
func (mb *movesBody) storeMoves() ([]store.Move, error) {
	var out []store.Move
	for _, m := range mb.Moves {
		cell, err := webCellIndex(m.Row, m.Col)
		if err != nil {
			return nil, err
		}
		if m.Digit < 0 || m.Digit > 9 {
			return nil, badMove("web.error.bad_digit", "Digit", m.Digit, "Cell", engine.CellName(cell))
		}
		out = append(out, store.Move{Cell: cell, Digit: uint8(m.Digit)})
	}
	for _, m := range mb.Marks {
		cell, err := webCellIndex(m.Row, m.Col)
		if err != nil {
			return nil, err
		}
		out = append(out, store.Move{Cell: cell, Pencil: true})
		var set engine.Digits
		for _, d := range m.Digits {
			if d < 1 || d > 9 {
				return nil, badMove("web.error.bad_mark", "Digit", d, "Cell", engine.CellName(cell))
			}
			if !set.Has(uint8(d)) {
				set |= engine.DigitSet(uint8(d))
				out = append(out, store.Move{Cell: cell, Pencil: true, Digit: uint8(d)})
			}
		}
	}
	return out, nil
}

// finished is the 409 of a move, hint or check on a game that is over,
// with its state so the page shows how it ended.
func (srv *Server) finished(ctx context.Context, q *webReq, g store.Game) error {
	s, err := srv.state(ctx, q, g, nil)
	if err != nil {
		return err
	}
	return &webErr{status: http.StatusConflict, code: CodeFinished, msg: l10n.M("game.finished"), state: s}
}

// apiMoves plays digits and pencil marks on the game if it is still at
// the version the page shows (game.Place, the same use case as
// /sudoku place); else 409 "stale" with the current state, and nothing is
// lost or mixed.
func (srv *Server) apiMoves(ctx context.Context, w http.ResponseWriter, r *http.Request, q *webReq) error {
	var body movesBody
	if err := readJSON(r, &body); err != nil {
		return err
	}
	if body.Version == nil {
		return badMove("web.error.no_version")
	}
	moves, err := body.storeMoves()
	if err != nil {
		return err
	}
	if q.game.Finished() {
		return srv.finished(ctx, q, q.game)
	}
	if len(moves) == 0 {
		return srv.writeState(ctx, w, q, q.game, nil)
	}
	if q.game.IsCoop() {
		return srv.coopMoves(ctx, w, q, *body.Version, moves)
	}
	res, err := srv.play.Place(ctx, game.PlaceInput{GameID: q.game.ID, User: q.claims.User, Moves: moves, Version: body.Version})
	return srv.movesAnswer(ctx, w, q, res.Game, err)
}

// movesAnswer answers moves played (on one's own board or a shared one):
// the board after them; 409 with the current board when they were stale;
// the finished game when it ended meanwhile.
func (srv *Server) movesAnswer(ctx context.Context, w http.ResponseWriter, q *webReq, g store.Game, err error) error {
	switch {
	case errors.Is(err, store.ErrStale):
		s, serr := srv.state(ctx, q, g, nil)
		if serr != nil {
			return serr
		}
		return &webErr{status: http.StatusConflict, code: CodeStale, msg: l10n.M("web.error.stale"), state: s, err: err}
	case errors.Is(err, store.ErrGameFinished):
		return srv.finishedNow(ctx, q)
	case err != nil:
		return err
	}
	return srv.writeState(ctx, w, q, g, nil)
}

// finishedNow is finished for a game that ended while the request was
// under way: its state is read again.
func (srv *Server) finishedNow(ctx context.Context, q *webReq) error {
	g, err := srv.cfg.Store.Game(ctx, q.game.ID)
	if err != nil {
		return err
	}
	return srv.finished(ctx, q, g)
}

// apiCheck is the Check button: the wrong cells (never the right digit),
// counted as mistakes by the same use case as /sudoku check (game.Check);
// a full, right board is finished as solved.
func (srv *Server) apiCheck(ctx context.Context, w http.ResponseWriter, r *http.Request, q *webReq) error {
	if err := readJSON(r, &struct{}{}); err != nil {
		return err
	}
	if err := game.CheckSolo(q.game); err != nil {
		return err
	}
	if q.game.Finished() {
		return srv.finished(ctx, q, q.game)
	}
	res, err := srv.play.Check(ctx, game.CheckInput{GameID: q.game.ID, User: q.claims.User})
	switch {
	case errors.Is(err, store.ErrGameFinished):
		return srv.finishedNow(ctx, q)
	case err != nil:
		return err
	}
	return srv.writeState(ctx, w, q, res.Game, res.Wrong)
}

// apiGiveUp ends the game as given up, as /sudoku giveup does; the state
// carries the solution.
func (srv *Server) apiGiveUp(ctx context.Context, w http.ResponseWriter, r *http.Request, q *webReq) error {
	if err := readJSON(r, &struct{}{}); err != nil {
		return err
	}
	if err := game.CheckSolo(q.game); err != nil {
		return err
	}
	if q.game.Finished() {
		return srv.finished(ctx, q, q.game)
	}
	res, err := srv.play.GiveUp(ctx, q.game.ID, q.claims.User, nil)
	switch {
	case errors.Is(err, store.ErrGameFinished):
		return srv.finishedNow(ctx, q)
	case err != nil:
		return err
	}
	return srv.writeState(ctx, w, q, res.Game, nil)
}

// apiCard is the solved game's result card, the picture the share post
// carries; 404 before the solve. ?theme=light draws it light.
func (srv *Server) apiCard(ctx context.Context, w http.ResponseWriter, r *http.Request, q *webReq) error {
	g := q.game
	if !g.Solved {
		return &webErr{status: http.StatusNotFound, code: CodeNotFound, msg: l10n.M("web.error.no_card")}
	}
	theme, err := srv.themeOf(r)
	if err != nil {
		return err
	}
	streak, err := srv.streakOf(ctx, g)
	if err != nil {
		return err
	}
	f, err := share.Card(g, streak, theme)
	if err != nil {
		return err
	}
	writePNG(w, f)
	return nil
}

// themeOf is the picture theme a request asks for (?theme=dark|light),
// else the server's.
func (srv *Server) themeOf(r *http.Request) (render.Theme, error) {
	name := r.URL.Query().Get("theme")
	if name == "" {
		return srv.theme, nil
	}
	t, err := render.ThemeByName(name)
	if err != nil {
		return render.Theme{}, badMove("web.error.bad_theme", "Value", l10n.Quote(name))
	}
	return t, nil
}

// writePNG answers a picture. Not cached: its URL is the same for every
// game, and a browser does not key its cache on the token.
func writePNG(w http.ResponseWriter, png []byte) {
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(png)
}

// apiHint is the Hint button at level 1-3: the same use case as
// /sudoku hint (game.Hint): the engine's hint for the player's position
// and marks, through the heavy pool, counted once per step (and a level-3
// hint's eliminations stored in the marks).
func (srv *Server) apiHint(ctx context.Context, w http.ResponseWriter, r *http.Request, q *webReq) error {
	var body HintRequest
	if err := readJSON(r, &body); err != nil {
		return err
	}
	if body.Level < 1 || body.Level > engine.HintLevels {
		return badMove("hint.bad_level", "Value", l10n.Quote(fmt.Sprint(body.Level)))
	}
	if q.game.Finished() {
		return srv.finished(ctx, q, q.game)
	}
	if q.game.IsCoop() {
		return srv.coopHint(ctx, w, q, body.Level)
	}
	res, err := srv.play.Hint(ctx, game.HintInput{GameID: q.game.ID, User: q.claims.User, Level: body.Level})
	switch {
	case errors.Is(err, store.ErrGameFinished):
		return srv.finishedNow(ctx, q)
	case err != nil:
		return fmt.Errorf("hint for game %d: %w", q.game.ID, err)
	}
	return srv.writeHint(ctx, w, q, res.Hint, res.Game, body.Level)
}
