package schedule

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
)

// File is an attachment. A Name starting with "SPOILER_" is shown blurred
// by Discord until clicked.
type File struct {
	Name        string
	ContentType string
	Data        []byte
	// Description is the picture's alt text: the grid, row by row, in
	// the guild's language.
	Description string
}

// Post is one daily message.
type Post struct {
	// Content is the message text (Discord markdown). It mentions the
	// fastest players as <@id>: the Poster must send it with no allowed
	// mentions, so nobody is pinged.
	Content string
	Files   []File
	// Marker is a string of Content that only this guild's daily of this
	// date carries in the channel, for FindDaily.
	Marker string
	// Nonce is a 25-character-at-most key unique to the guild, date and
	// level (see Nonce). A
	// Poster that sends it with enforce_nonce lets Discord itself drop a
	// duplicate sent within minutes.
	Nonce string
	// ThreadName is the name of the discussion thread to open on the
	// message, "" for none.
	ThreadName string
	// Day (the guild's local date) and Level name the daily, for a
	// Poster that adds a button starting it.
	Day   store.Day
	Level engine.Level
	// Locale is the server's Discord locale, the language of the post
	// and its button ("" is English).
	Locale string
}

// Poster sends dailies to Discord. The bot implements it (main adapts the
// types). Its errors are discordapi's, checked with errors.Is: Discord's
// own refusals (discordapi.Refused: Unknown Channel, Missing Access,
// Missing Permissions) stop the guild until its settings change
// (repeating such requests gets a bot banned), with the
// *discordapi.Error's Code and Missing recorded as the guild's
// PostProblem; any other ErrNotSent (a bare 403 or 404, a 429 with its
// RetryAfter, a rejected request) releases the claim and
// retries with backoff; anything else (a timeout, a 5xx) has an unknown
// outcome, so the channel is searched before posting again.
type Poster interface {
	// PostDaily sends p to channelID and returns the message ID.
	PostDaily(ctx context.Context, channelID string, p Post) (messageID string, err error)
	// FindDaily returns the ID of a message in channelID sent by the bot
	// at or after since whose content contains marker, or
	// discordapi.ErrMessageNotFound.
	FindDaily(ctx context.Context, channelID, marker string, since time.Time) (messageID string, err error)
	// StartThread opens a thread on a message and returns its ID.
	StartThread(ctx context.Context, channelID, messageID, name string) (threadID string, err error)
}

// Marker is the language-free mark of the daily message of day: its
// bold number, "#326**", which ends the post's title in every language
// (daily.PostTitle) and appears nowhere else the bot writes.
func Marker(day store.Day) string {
	return fmt.Sprintf("#%d**", daily.Number(day))
}

// Nonce is Post.Nonce for a guild's daily of a day and level: "d", the
// date's 8 digits, the level in one base-36 digit and the guild ID in
// base 36 (a snowflake needs at most 13 characters): 23 characters at
// most, within Discord's 25, and the same on every try and in every
// process, so that Discord's enforce_nonce drops a second post.
func Nonce(guildID string, day store.Day, level engine.Level) string {
	id := guildID
	if v, err := strconv.ParseUint(guildID, 10, 64); err == nil {
		id = strconv.FormatUint(v, 36)
	}
	lv := "z"
	if level >= 0 && level < 35 {
		lv = strconv.FormatInt(int64(level), 36)
	}
	n := "d" + strings.ReplaceAll(day.String(), "-", "") + lv + id
	if len(n) > 25 {
		n = n[:25]
	}
	return n
}

// MessageInput is what a daily message says.
type MessageInput struct {
	Day   store.Day
	Level engine.Level
	// Yesterday is the guild's previous daily, if it had players.
	Yesterday *store.DailyStats
	// Spoiler says a solution image of yesterday is attached.
	Spoiler bool
	// LastWeek is the top of last week's dailies leaderboard, set on
	// Mondays (store.DailiesLeaderboard's order).
	LastWeek []store.LeaderboardEntry
	// Lang is the server's language (its saved guild locale); nil is
	// English.
	Lang *l10n.Lang
}

// Message writes the text of a daily post, in the server's language: the
// title, how to play, and yesterday's results.
func Message(in MessageInput) (string, error) {
	l := in.Lang
	if l == nil {
		l = l10n.English()
	}
	if in.Day.IsZero() {
		return "", fmt.Errorf("schedule: a daily message without a date: %w", store.ErrInvalid)
	}
	var b strings.Builder
	b.WriteString(daily.PostTitle(l, in.Day, in.Level) + "\n")
	b.WriteString(l.T("post.how") + "\n")
	if y := in.Yesterday; y != nil && y.Players > 0 {
		n := 0
		if d, err := store.ParseDay(y.Day); err == nil {
			n = daily.Number(d)
		}
		line := l.T("post.yesterday", "Number", n, "Players", l10n.M("n.players", "Count", y.Players), "Solves", l10n.M("n.solves", "Count", y.Solves))
		if y.Solves > 0 {
			line = l.T("post.yesterday_median", "Number", n, "Players", l10n.M("n.players", "Count", y.Players),
				"Solves", l10n.M("n.solves", "Count", y.Solves), "Median", l10n.Duration(y.Median))
		}
		b.WriteString("\n" + line + "\n")
		medals := []string{"🥇", "🥈", "🥉"}
		var fast []string
		for i, e := range y.Fastest {
			if i == len(medals) {
				break
			}
			fast = append(fast, fmt.Sprintf("%s <@%s> %s (%s)", medals[i], e.UserID, l.Duration(e.Duration), hintsText(l, e.Hints)))
		}
		if len(fast) > 0 {
			b.WriteString(l.T("post.fastest", "List", strings.Join(fast, " · ")) + "\n")
		}
	}
	if len(in.LastWeek) > 0 {
		var top []string
		for i, e := range in.LastWeek {
			if i == 3 {
				break
			}
			top = append(top, l.T("post.week_entry", "Rank", e.Rank, "User", e.UserID, "Dailies", l10n.M("n.dailies", "Count", e.Solves), "Clean", e.Clean))
		}
		b.WriteString("\n" + l.T("post.last_week", "List", strings.Join(top, " · ")) + "\n")
	}
	if in.Spoiler {
		b.WriteString(l.T("post.spoiler") + "\n")
	}
	return strings.TrimRight(b.String(), "\n"), nil
}

func hintsText(l *l10n.Lang, n int) string {
	if n == 0 {
		return l.T("post.no_hints")
	}
	return l.T("n.hints", "Count", n)
}
