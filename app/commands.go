package app

import "github.com/sudokubot/sudokubot/bot"

// CommandsJSON is the body the bot sends to Discord's bulk overwrite of
// its application commands, with the Activity's entry point command when
// activity is set (as SUDOKUBOT_ACTIVITY=true does): `sudokubot
// commands` prints it for registering the commands by hand, without
// importing the Discord door itself.
func CommandsJSON(activity bool) ([]byte, error) {
	raw, err := bot.CommandsJSON()
	if err == nil && activity {
		raw, err = bot.WithEntryPoint(raw)
	}
	return raw, err
}
