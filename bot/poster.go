package bot

import (
	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/discordclient"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
)

// PlayButton is the component under a daily post that starts the daily of
// day and level for whoever presses it, labelled in the server's Discord
// locale.
func PlayButton(locale, day string, level engine.Level) discordgo.MessageComponent {
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: l10n.For(locale).T("button.play_privately"), Style: discordgo.PrimaryButton, CustomID: playDailyID(day, level)},
	}}
}

// poster posts the door's own messages outside an interaction (a co-op
// board's thread, a race card's edits).
func (b *Bot) poster() *discordclient.Poster { return discordclient.NewPoster(b.api, b.cfg.AppID) }
