package bot

import (
	"context"

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
		return nil, userErr("remind.bad_state", "Value", quote(state))
	}
	hours := defaultReminderHours
	if h, ok := r.Int("hours"); ok {
		hours = h
	}
	if hours < 1 || hours > store.MaxReminderHours {
		return nil, userErr("remind.bad_hours", "Max", store.MaxReminderHours, "Hours", hours)
	}
	if err := b.cfg.Store.SetReminder(ctx, r.UserID(), r.GuildID, state == "on", hours, string(r.Locale), b.now()); err != nil {
		return nil, err
	}
	if state == "off" {
		return &Response{Ephemeral: true, Content: r.T("remind.off")}, nil
	}
	loc, _, err := b.dailyClock(ctx, r.GuildID)
	if err != nil {
		return nil, err
	}
	id := "remind.on_dm"
	if r.GuildID != "" {
		id = "remind.on_server"
	}
	return &Response{Ephemeral: true, Content: r.T(id, "Hours", count("n.hours", hours), "Zone", loc.String())}, nil
}
