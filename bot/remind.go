package bot

import (
	"context"
	"fmt"

	"github.com/sudokubot/sudokubot/store"
)

// defaultReminderHours is how long before the end of the day a reminder
// comes when the player does not say.
const defaultReminderHours = 3

// cmdRemind turns the player's streak reminder for this place (this
// server, or DMs) on or off. Nothing is ever sent to a player who did not
// turn it on.
func (b *Bot) cmdRemind(ctx context.Context, r *Request) (*Response, error) {
	state, _ := r.String("state")
	if state != "on" && state != "off" {
		return nil, userErrorf("%s is not a choice: say on or off", quote(state))
	}
	hours := defaultReminderHours
	if h, ok := r.Int("hours"); ok {
		hours = h
	}
	if hours < 1 || hours > store.MaxReminderHours {
		return nil, userErrorf("The reminder can come 1 to %d hours before the day ends, not %d.", store.MaxReminderHours, hours)
	}
	if err := b.cfg.Store.SetReminder(ctx, r.UserID(), r.GuildID, state == "on", hours, b.now()); err != nil {
		return nil, err
	}
	if state == "off" {
		return &Response{Ephemeral: true, Content: "Streak reminders are off here. Nothing more will be sent."}, nil
	}
	loc, _, err := b.dailyClock(ctx, r.GuildID)
	if err != nil {
		return nil, err
	}
	where := "your daily streak across DMs"
	if r.GuildID != "" {
		where = "your daily streak in this server"
	}
	return &Response{Ephemeral: true, Content: fmt.Sprintf("Streak reminders are on: when %s is alive and today's daily is not solved "+
		"%s before midnight (%s), I'll send you one DM, at most once a day. `/sudoku remind state:off` turns them off.",
		where, plural(hours, "hour", "hours"), loc)}, nil
}
