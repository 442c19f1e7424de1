package bot

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// Every custom_id the bot sends is built here, beside the pattern the
// router matches it with, so the two cannot drift apart. A custom_id is
// at most 100 characters; game ids and days keep these far below that.
const (
	routeHint       = "hint/{game}/{level}"
	routeHintPart   = "hintp/{game}/{level}/{part}"
	routeMoves      = "moves/{game}/{cands}"
	routeCheck      = "check/{game}"
	routeCands      = "cands/{game}/{cands}"
	routeGiveUp     = "giveup/{game}"
	routeGiveUpSure = "giveup/{game}/yes"
	routePlayDaily  = "play/{day}/{level}"
	routeShare      = "share/{game}"
	routeRaceJoin   = "race/{race}/join"
	routeRace       = "race/{race}"
	routeCoopMoves  = "coop/{game}/moves"
	routeCoopHint   = "coop/{game}/hint"
	routeCoopBoard  = "coop/{game}/board"
	routeCoopSubmit = "coopm/{game}/{version}"
)

func hintID(game int64, level int) string { return fmt.Sprintf("hint/%d/%d", game, level) }
func hintPartID(game int64, level, part int) string {
	return fmt.Sprintf("hintp/%d/%d/%d", game, level, part)
}
func movesID(game int64, cands bool) string { return fmt.Sprintf("moves/%d/%d", game, b2i(cands)) }
func checkID(game int64) string             { return fmt.Sprintf("check/%d", game) }
func candsID(game int64, cands bool) string { return fmt.Sprintf("cands/%d/%d", game, b2i(cands)) }
func giveUpID(game int64) string            { return fmt.Sprintf("giveup/%d", game) }
func giveUpSureID(game int64) string        { return fmt.Sprintf("giveup/%d/yes", game) }
func playDailyID(day string, level engine.Level) string {
	return fmt.Sprintf("play/%s/%s", day, level)
}
func shareID(game int64) string       { return fmt.Sprintf("share/%d", game) }
func raceJoinID(race int64) string    { return fmt.Sprintf("race/%d/join", race) }
func raceRefreshID(race int64) string { return fmt.Sprintf("race/%d", race) }
func coopMovesID(game int64) string   { return fmt.Sprintf("coop/%d/moves", game) }
func coopHintID(game int64) string    { return fmt.Sprintf("coop/%d/hint", game) }
func coopBoardID(game int64) string   { return fmt.Sprintf("coop/%d/board", game) }
func coopSubmitID(game, version int64) string {
	return fmt.Sprintf("coopm/%d/%d", game, version)
}

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
	r.Command("sudoku remind", Private, b.cmdRemind)
	r.Command("sudoku race", Public, b.cmdRace)
	r.Command("sudoku coop", Public, b.cmdCoop)
	r.Command(CommandConfig, Private, b.cmdConfig)
	r.Autocomplete("sudoku new", func(ctx context.Context, req *Request) (*Response, error) {
		if req.Focused == nil || req.Focused.Name != "technique" {
			return &Response{Type: discordgo.InteractionApplicationCommandAutocompleteResult}, nil
		}
		return b.autocompleteTechnique(ctx, req), nil
	})
	r.Autocomplete(CommandConfig, func(ctx context.Context, req *Request) (*Response, error) {
		if req.Focused == nil || req.Focused.Name != "timezone" {
			return &Response{Type: discordgo.InteractionApplicationCommandAutocompleteResult}, nil
		}
		return b.autocompleteZone(req), nil
	})
	r.Component(routeHint, Private, b.btnHint)
	r.Component(routeHintPart, Update, b.btnHintPart)
	r.Component(routeMoves, Private, b.btnMoves)
	r.Modal(routeMoves, Update, b.modalMoves)
	r.Component(routeCheck, Private, b.btnCheck)
	r.Component(routeCands, Update, b.btnCandidates)
	r.Component(routeGiveUp, Private, b.btnGiveUp)
	r.Component(routeGiveUpSure, Update, b.btnGiveUpConfirm)
	r.Component(routePlayDaily, Private, b.btnPlayDaily)
	r.Component(routeShare, Public, b.btnShare)
	r.Component(routeRaceJoin, Private, b.btnRaceJoin)
	r.Component(routeRace, Update, b.btnRaceRefresh)
	r.Component(routeCoopMoves, Private, b.btnCoopMoves)
	r.Component(routeCoopHint, Public, b.btnCoopHint)
	r.Component(routeCoopBoard, Public, b.btnCoopBoard)
	r.Modal(routeCoopSubmit, Update, b.modalCoopMoves)
	r.Component(routeActivity, Private, b.btnActivity)
}

func boardButtons(l *l10n.Lang, g store.Game, cands bool) []discordgo.MessageComponent {
	if g.Finished() {
		return nil
	}
	id := g.ID
	label := l.T("button.cands_on")
	if cands {
		label = l.T("button.cands_off")
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: l.T("button.hint"), Style: discordgo.PrimaryButton, CustomID: hintID(id, 1)},
		discordgo.Button{Label: l.T("button.moves"), Style: discordgo.SecondaryButton, CustomID: movesID(id, cands)},
		discordgo.Button{Label: l.T("button.check"), Style: discordgo.SuccessButton, CustomID: checkID(id)},
		discordgo.Button{Label: label, Style: discordgo.SecondaryButton, CustomID: candsID(id, !cands)},
		discordgo.Button{Label: l.T("button.giveup"), Style: discordgo.DangerButton, CustomID: giveUpID(id)},
	}}}
}

func b2i(v bool) int {
	if v {
		return 1
	}
	return 0
}
