package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
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
	return b.raceCardResponse(ctx, res.Race.ID, "")
}

// raceCardResponse is the card as a reply: a new message or, from its
// Refresh button, the card itself updated.
func (b *Bot) raceCardResponse(ctx context.Context, id int64, card string) (*Response, error) {
	st, err := b.races.Standings(ctx, id, card)
	if err != nil {
		return nil, err
	}
	content, components := raceCard(st)
	return &Response{Content: content, Components: components}, nil
}

// raceID reads the race of a race button.
func raceID(r *Request) (int64, error) {
	id, err := strconv.ParseInt(r.Params["race"], 10, 64)
	if err != nil || id <= 0 {
		return 0, userErr("race.unknown_button")
	}
	return id, nil
}

// cardOf is the message a race button was pressed on: the race's card.
func cardOf(r *Request) string {
	if r.Message != nil {
		return r.Message.ID
	}
	return ""
}

// btnRaceJoin puts the player in the race (or back on their board) and
// answers with their private board.
func (b *Bot) btnRaceJoin(ctx context.Context, r *Request) (*Response, error) {
	id, err := raceID(r)
	if err != nil {
		return nil, err
	}
	// Reading the standings first records the card's message, so the
	// join's change can redraw it.
	if _, err := b.races.Standings(ctx, id, cardOf(r)); err != nil {
		return nil, err
	}
	res, err := b.play.JoinRace(ctx, id, r.UserID())
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
	id, err := raceID(r)
	if err != nil {
		return nil, err
	}
	return b.raceCardResponse(ctx, id, cardOf(r))
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
	st, err := b.races.Standings(ctx, id, "")
	if err != nil || st.Race.MessageID == "" || st.Race.ChannelID == "" {
		return
	}
	content, components := raceCard(st)
	if err := b.poster().EditMessage(ctx, st.Race.ChannelID, st.Race.MessageID, content, components); err != nil {
		b.log.Debug("race card not updated", "race", id, "err", err)
	}
}

// raceCard is the public card, in the race's language: who races, how
// far each is (cells filled, mistakes, hints: never a digit), who won,
// and Join while joining is open. Results stay on it.
func raceCard(st game.RaceStandings) (string, []discordgo.MessageComponent) {
	l := l10n.For(st.Race.Locale)
	return raceText(l, st), raceButtons(l, st)
}

// raceText writes the card.
func raceText(l *l10n.Lang, st game.RaceStandings) string {
	race := st.Race
	var sb strings.Builder
	who := l.T("race.open")
	if race.OpponentID != "" {
		who = l.T("race.versus", "Host", race.HostID, "Opponent", race.OpponentID)
	}
	sb.WriteString(l.T("race.card_head", "Level", levelName(l, st.Level), "Host", race.HostID, "Who", who) + "\n")
	switch st.Phase {
	case game.RaceExpired:
		sb.WriteString(l.T("race.expired") + "\n")
	case game.RaceWon:
		sb.WriteString(l.T("race.winner", "User", st.Winner.Game.UserID, "Time", l10n.Duration(st.Winner.Game.Duration())) + "\n")
	case game.RaceTimeUp:
		sb.WriteString(l.T("race.time_up") + "\n")
	case game.RaceJoining:
		sb.WriteString(l.T("race.join_open", "Closes", race.JoinBy.Unix()) + "\n")
	default:
		sb.WriteString(l.T("race.on", "Ends", race.EndsAt.Unix()) + "\n")
	}
	for i, r := range st.Racers {
		fmt.Fprintf(&sb, "%d. <@%s> %s\n", i+1, r.Game.UserID, racerStatus(l, r))
	}
	return strings.TrimRight(sb.String(), "\n")
}

// racerStatus is one racer's line: no digit of their board.
func racerStatus(l *l10n.Lang, r game.Racer) string {
	g := r.Game
	counts := l.T("n.hints", "Count", g.HintsTotal()) + " · " + l.T("n.mistakes", "Count", g.Mistakes)
	filled := l.T("race.filled", "Filled", r.Filled, "Total", r.Open)
	switch r.Status {
	case game.SolvedInTime:
		return l.T("race.solved_in", "Time", l10n.Duration(g.Duration())) + " · " + counts
	case game.SolvedLate:
		return l.T("race.solved_late", "Time", l10n.Duration(g.Duration())) + " · " + counts
	case game.LeftRace:
		return l.T("race.left", "Filled", filled)
	case game.TimedOut:
		return l.T("race.timed_out", "Filled", filled)
	}
	return filled + " · " + counts
}

// raceButtons offers Join while joining is open, and Refresh always.
func raceButtons(l *l10n.Lang, st game.RaceStandings) []discordgo.MessageComponent {
	row := discordgo.ActionsRow{}
	if st.CanJoin {
		row.Components = append(row.Components, discordgo.Button{Label: l.T("button.join"), Emoji: &discordgo.ComponentEmoji{Name: "🏁"},
			Style: discordgo.SuccessButton, CustomID: raceJoinID(st.Race.ID)})
	}
	row.Components = append(row.Components, discordgo.Button{Label: l.T("button.refresh"), Style: discordgo.SecondaryButton, CustomID: raceRefreshID(st.Race.ID)})
	return []discordgo.MessageComponent{row}
}
