package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// The shape of a race: how long others may join, how long it lasts, and
// how many may race.
const (
	raceJoinWindow = game.RaceJoinWindow
	maxRacers      = game.MaxRacers
)

// cmdRace posts a public race card: everyone in the channel, or the named
// opponent, may join and gets the same fresh puzzle on a private board.
func (b *Bot) cmdRace(ctx context.Context, r *Request) (*Response, error) {
	l, err := levelOption(r)
	if err != nil {
		return nil, err
	}
	opponent, _ := r.Snowflake("opponent")
	res, err := b.play.NewRace(ctx, game.NewRaceInput{Host: r.UserID(), Guild: r.GuildID, Channel: r.ChannelID,
		Opponent: opponent, Bot: b.cfg.AppID, Locale: r.GuildLang().Tag(),
		MakePuzzle: func(ctx context.Context) (store.Puzzle, error) { return b.makePuzzle(ctx, r, l, "") }})
	if err != nil {
		return nil, err
	}
	return b.raceCardResponse(ctx, res.Race, res.Puzzle.Level)
}

// raceCardResponse is the card as a reply: a new message or, from its
// Refresh button, the card itself updated.
func (b *Bot) raceCardResponse(ctx context.Context, race store.Race, level engine.Level) (*Response, error) {
	content, components, err := b.raceCard(ctx, race, level)
	if err != nil {
		return nil, err
	}
	return &Response{Content: content, Components: components}, nil
}

// raceFrom reads the race of a race button and notes its card's message.
func (b *Bot) raceFrom(ctx context.Context, r *Request) (store.Race, store.Puzzle, error) {
	id, err := strconv.ParseInt(r.Params["race"], 10, 64)
	if err != nil || id <= 0 {
		return store.Race{}, store.Puzzle{}, userErr("race.unknown_button")
	}
	race, err := b.cfg.Store.Race(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return race, store.Puzzle{}, userErr("race.gone")
	}
	if err != nil {
		return race, store.Puzzle{}, err
	}
	if race.MessageID == "" && r.Message != nil && r.Message.ID != "" {
		race.MessageID = r.Message.ID
		if err := b.cfg.Store.SetRaceMessage(ctx, race.ID, race.MessageID); err != nil {
			return race, store.Puzzle{}, err
		}
	}
	p, err := b.cfg.Store.Puzzle(ctx, race.PuzzleID)
	return race, p, err
}

// btnRaceJoin puts the player in the race (or back on their board) and
// answers with their private board.
func (b *Bot) btnRaceJoin(ctx context.Context, r *Request) (*Response, error) {
	race, _, err := b.raceFrom(ctx, r)
	if err != nil {
		return nil, err
	}
	res, err := b.play.JoinRace(ctx, race.ID, r.UserID())
	if err != nil {
		return nil, err
	}
	if !res.Joined {
		return b.boardResponse(r, res.Game, view{}, r.T("race.your_board")+r.T("sep.sentence")+status(r.Lang, res.Game))
	}
	return b.boardResponse(r, res.Game, view{}, r.T("race.joined")+r.T("sep.sentence")+status(r.Lang, res.Game))
}

// btnRaceRefresh redraws the card in place, for everyone.
func (b *Bot) btnRaceRefresh(ctx context.Context, r *Request) (*Response, error) {
	race, p, err := b.raceFrom(ctx, r)
	if err != nil {
		return nil, err
	}
	return b.raceCardResponse(ctx, race, p.Level)
}

// afterChange brings a race's card up to date after one of its racers'
// games changed what others see of it (a digit, its end, a new racer),
// from any door: the bot hangs it on the core's one hook
// (game.Service.Notify). The card is public, so a failure only goes to
// the log: the racer's own reply must not suffer for it.
func (b *Bot) afterChange(ctx context.Context, c game.Change) {
	if c.Race != 0 && c.Shown {
		b.refreshRaceCard(ctx, c.Race)
	}
}

func (b *Bot) refreshRaceCard(ctx context.Context, id int64) {
	// The racer's reply waits for this: bound it.
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	race, err := b.cfg.Store.Race(ctx, id)
	if err != nil || race.MessageID == "" || race.ChannelID == "" {
		return
	}
	p, err := b.cfg.Store.Puzzle(ctx, race.PuzzleID)
	if err != nil {
		return
	}
	content, components, err := b.raceCard(ctx, race, p.Level)
	if err == nil {
		err = b.poster().EditMessage(ctx, race.ChannelID, race.MessageID, content, components)
	}
	if err != nil {
		b.log.Debug("race card not updated", "race", id, "err", err)
	}
}

// raceCard is the public card: who races, how far each is (cells filled,
// mistakes, hints: never a digit), who won, and Join while joining is
// open. Results stay on it.
func (b *Bot) raceCard(ctx context.Context, race store.Race, level engine.Level) (string, []discordgo.MessageComponent, error) {
	games, err := b.cfg.Store.RaceGames(ctx, race.ID)
	if err != nil {
		return "", nil, err
	}
	l := l10n.For(race.Locale)
	return raceText(l, race, level, games, b.now()), raceButtons(l, race, games, b.now()), nil
}

// raceText writes the card as of now.
func raceText(l *l10n.Lang, race store.Race, level engine.Level, games []store.Game, now time.Time) string {
	var sb strings.Builder
	who := l.T("race.open")
	if race.OpponentID != "" {
		who = l.T("race.versus", "Host", race.HostID, "Opponent", race.OpponentID)
	}
	sb.WriteString(l.T("race.card_head", "Level", levelName(l, level), "Host", race.HostID, "Who", who) + "\n")
	ranked := game.RankRacers(games, race.EndsAt)
	var winner *store.Game
	// Nobody wins a race alone.
	if len(ranked) > 1 && ranked[0].Solved && !ranked[0].FinishedAt.After(race.EndsAt) {
		winner = &ranked[0]
	}
	switch {
	case len(games) < 2 && now.After(race.JoinBy):
		sb.WriteString(l.T("race.expired") + "\n")
	case winner != nil:
		sb.WriteString(l.T("race.winner", "User", winner.UserID, "Time", l10n.Duration(winner.Duration())) + "\n")
	case now.After(race.EndsAt):
		sb.WriteString(l.T("race.time_up") + "\n")
	case !now.After(race.JoinBy):
		sb.WriteString(l.T("race.join_open", "Closes", race.JoinBy.Unix()) + "\n")
	default:
		sb.WriteString(l.T("race.on", "Ends", race.EndsAt.Unix()) + "\n")
	}
	for i, g := range ranked {
		fmt.Fprintf(&sb, "%d. <@%s> %s\n", i+1, g.UserID, racerStatus(l, g, race.EndsAt, now))
	}
	return strings.TrimRight(sb.String(), "\n")
}

// racerStatus is one racer's line: no digit of their board.
func racerStatus(l *l10n.Lang, g store.Game, ends, now time.Time) string {
	counts := l.T("n.hints", "Count", g.HintsTotal()) + " · " + l.T("n.mistakes", "Count", g.Mistakes)
	filled := l.T("race.filled", "Filled", g.Board().Count()-g.Givens.Count(), "Total", engine.NumCells-g.Givens.Count())
	switch {
	case g.Solved && !g.FinishedAt.After(ends):
		return l.T("race.solved_in", "Time", l10n.Duration(g.Duration())) + " · " + counts
	case g.Solved:
		return l.T("race.solved_late", "Time", l10n.Duration(g.Duration())) + " · " + counts
	case g.GaveUp:
		return l.T("race.left", "Filled", filled)
	case now.After(ends):
		return l.T("race.timed_out", "Filled", filled)
	}
	return filled + " · " + counts
}

// raceButtons offers Join while joining is open, and Refresh always.
func raceButtons(l *l10n.Lang, race store.Race, games []store.Game, now time.Time) []discordgo.MessageComponent {
	row := discordgo.ActionsRow{}
	if !now.After(race.JoinBy) && len(games) < maxRacers {
		row.Components = append(row.Components, discordgo.Button{Label: l.T("button.join"), Emoji: &discordgo.ComponentEmoji{Name: "🏁"},
			Style: discordgo.SuccessButton, CustomID: raceJoinID(race.ID)})
	}
	row.Components = append(row.Components, discordgo.Button{Label: l.T("button.refresh"), Style: discordgo.SecondaryButton, CustomID: raceRefreshID(race.ID)})
	return []discordgo.MessageComponent{row}
}
