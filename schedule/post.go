package schedule

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/store"
)

// Errors a Poster returns, checked with errors.Is. Any other error means
// the outcome is unknown (a timeout, a 5xx): Discord may have created the
// message, so the scheduler looks for it before posting again.
var (
	// ErrForbidden means Discord refused the channel (403, or 404 for a
	// channel that is gone). Repeating such requests gets a bot banned, so
	// the guild is marked with the error and left alone until its settings
	// change.
	ErrForbidden = errors.New("forbidden")
	// ErrNotSent means Discord certainly did not create the message (a
	// 429, a refused connection, a 4xx other than 403/404): the claim is
	// released and the post retried with backoff.
	ErrNotSent = errors.New("message not sent")
	// ErrMessageNotFound is FindDaily's answer when the daily is not in
	// the channel.
	ErrMessageNotFound = errors.New("message not found")
)

// RateLimitError is a 429: the message was not sent, and Discord asks to
// wait RetryAfter. It wraps ErrNotSent.
type RateLimitError struct {
	RetryAfter time.Duration
}

func (e *RateLimitError) Error() string {
	return fmt.Sprintf("rate limited: retry after %s", e.RetryAfter)
}

// Unwrap makes a rate limit an ErrNotSent.
func (e *RateLimitError) Unwrap() error { return ErrNotSent }

// File is an attachment. A Name starting with "SPOILER_" is shown blurred
// by Discord until clicked.
type File struct {
	Name        string
	ContentType string
	Data        []byte
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
	// Nonce is a 25-character-at-most key unique to the guild and date. A
	// Poster that sends it with enforce_nonce lets Discord itself drop a
	// duplicate sent within minutes.
	Nonce string
	// ThreadName is the name of the discussion thread to open on the
	// message, "" for none.
	ThreadName string
	// Day (YYYY-MM-DD, the guild's local date) and Level name the daily,
	// for a Poster that adds a button starting it.
	Day   string
	Level engine.Level
	// Locale is the server's Discord locale, the language of the post
	// and its button ("" is English).
	Locale string
}

// Poster sends dailies to Discord. The bot implements it; main adapts the
// bot's errors to ErrForbidden, ErrNotSent and *RateLimitError.
type Poster interface {
	// PostDaily sends p to channelID and returns the message ID.
	PostDaily(ctx context.Context, channelID string, p Post) (messageID string, err error)
	// FindDaily returns the ID of a message in channelID sent by the bot
	// at or after since whose content contains marker, or
	// ErrMessageNotFound.
	FindDaily(ctx context.Context, channelID, marker string, since time.Time) (messageID string, err error)
	// StartThread opens a thread on a message and returns its ID.
	StartThread(ctx context.Context, channelID, messageID, name string) (threadID string, err error)
}

// Marker is the language-free mark of the daily message of day: its
// bold number, "#326**", which ends the post's title in every language
// (daily.PostTitle) and appears nowhere else the bot writes.
func Marker(day string) (string, error) {
	n, err := daily.Number(day)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("#%d**", n), nil
}

// Nonce is Post.Nonce for a guild and day: "d", the date's 8 digits and
// the guild ID in base 36 (a snowflake needs at most 13 characters).
func Nonce(guildID, day string) string {
	id := guildID
	if v, err := strconv.ParseUint(guildID, 10, 64); err == nil {
		id = strconv.FormatUint(v, 36)
	}
	n := "d" + strings.ReplaceAll(day, "-", "") + id
	if len(n) > 25 {
		n = n[:25]
	}
	return n
}

// MessageInput is what a daily message says.
type MessageInput struct {
	Day   string
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
	title, err := daily.PostTitle(l, in.Day, in.Level)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString(title + "\n")
	b.WriteString(l.T("post.how") + "\n")
	if y := in.Yesterday; y != nil && y.Players > 0 {
		n, _ := daily.Number(y.Day)
		line := l.T("post.yesterday", "Number", n, "Players", l10n.M("n.players", "Count", y.Players), "Solves", l10n.M("n.solves", "Count", y.Solves))
		if y.Solves > 0 {
			line = l.T("post.yesterday_median", "Number", n, "Players", l10n.M("n.players", "Count", y.Players),
				"Solves", l10n.M("n.solves", "Count", y.Solves), "Median", render.SolveTime(y.Median))
		}
		b.WriteString("\n" + line + "\n")
		medals := []string{"🥇", "🥈", "🥉"}
		var fast []string
		for i, e := range y.Fastest {
			if i == len(medals) {
				break
			}
			fast = append(fast, fmt.Sprintf("%s <@%s> %s (%s)", medals[i], e.UserID, render.SolveTime(e.Duration), hintsText(l, e.Hints)))
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
