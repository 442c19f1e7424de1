package bot

import (
	"context"

	"github.com/sudokubot/sudokubot/game"
)

// cmdRemind turns the player's streak reminder for this place (this
// server, or DMs) on or off (game.Guilds.SetReminder).
func (b *Bot) cmdRemind(ctx context.Context, r *Request) (*Response, error) {
	state, _ := r.String("state")
	if state != "on" && state != "off" {
		return nil, userErr("remind.bad_state", "Value", quote(state))
	}
	hours := game.DefaultReminderHours
	if h, ok := r.Int("hours"); ok {
		hours = h
	}
	res, err := b.guilds.SetReminder(ctx, game.ReminderInput{User: r.UserID(), Guild: r.GuildID, On: state == "on", Hours: hours, Locale: string(r.Locale)})
	if err != nil {
		return nil, err
	}
	if state == "off" {
		return &Response{Ephemeral: true, Content: r.T("remind.off")}, nil
	}
	id := "remind.on_dm"
	if r.GuildID != "" {
		id = "remind.on_server"
	}
	return &Response{Ephemeral: true, Content: r.T(id, "Hours", count("n.hours", res.Hours), "Zone", res.Zone.String())}, nil
}
