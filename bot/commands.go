package bot

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/store"
)

// Levels are the difficulty names players choose from, easiest first:
// the engine's, so a level the engine adds is offered at once.
var Levels = engine.LevelNames()

// Symmetries are the clue patterns /sudoku new offers: the engine's.
var Symmetries = engine.SymmetryNames()

// Command names. Configuration is its own top-level command because
// default_member_permissions applies to a whole command, not to one
// subcommand: /sudoku stays open to everyone while /sudoku-config is only
// shown to members with Manage Server.
const (
	CommandPlay   = "sudoku"
	CommandConfig = "sudoku-config"
)

func choices(names []string) []*discordgo.ApplicationCommandOptionChoice {
	out := make([]*discordgo.ApplicationCommandOptionChoice, len(names))
	for i, n := range names {
		out[i] = &discordgo.ApplicationCommandOptionChoice{Name: n, Value: n}
	}
	return out
}

func intPtr(n int) *int { return &n }

func floatPtr(f float64) *float64 { return &f }

// Commands returns the application commands, as registered at start-up
// and printed by `sudokubot commands`.
func Commands() []*discordgo.ApplicationCommand {
	str := discordgo.ApplicationCommandOptionString
	sub := func(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: desc, Options: opts}
	}
	level := func(desc string) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: str, Name: "level", Description: desc, Choices: choices(Levels)}
	}
	manageGuild := int64(discordgo.PermissionManageGuild)
	// /sudoku is everywhere: installed to a server or to a user, and in
	// servers, the bot's DMs and other DMs and group DMs. /sudoku-config
	// sets up the daily post, which needs the bot in the server.
	everywhere := []discordgo.InteractionContextType{discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM, discordgo.InteractionContextPrivateChannel}
	guildOnly := []discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	bothInstalls := []discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall, discordgo.ApplicationIntegrationUserInstall}
	guildInstall := []discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall}
	return []*discordgo.ApplicationCommand{
		{
			Type:             discordgo.ChatApplicationCommand,
			Name:             CommandPlay,
			Description:      "Play Sudoku: your own puzzles, the daily, hints that teach",
			Contexts:         &everywhere,
			IntegrationTypes: &bothInstalls,
			Options: []*discordgo.ApplicationCommandOption{
				sub("new", "Start a puzzle of your own, or paste one you are stuck on",
					level("How hard (default medium)"),
					&discordgo.ApplicationCommandOption{Type: str, Name: "symmetry", Description: "Pattern of the clues", Choices: choices(Symmetries)},
					&discordgo.ApplicationCommandOption{Type: str, Name: "puzzle", Description: "A puzzle to play: 81 digits, 0 or . for blanks", MinLength: intPtr(81), MaxLength: 400},
				),
				sub("daily", "Play today's daily puzzle (your progress stays private)",
					level("Which level's daily (default: the server's)")),
				sub("place", "Enter or clear digits, e.g. r4c6=7 r5c1=3 r2c2=0",
					&discordgo.ApplicationCommandOption{Type: str, Name: "moves", Description: "Moves like r4c6=7 (0 clears a cell)", Required: true, MinLength: intPtr(4), MaxLength: 400},
				),
				sub("check", "Check your board, or a full answer",
					&discordgo.ApplicationCommandOption{Type: str, Name: "answer", Description: "81 digits (rows may be separated by spaces or /)", MinLength: intPtr(81), MaxLength: 200},
				),
				sub("hint", "The next logical step from your position"),
				sub("show", "Show your current board"),
				sub("giveup", "Reveal the solution and end the game"),
				sub("stats", "Streaks, solves per level and best times",
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "user", Description: "Whose stats (default: yours)"},
				),
				sub("race", "Race the channel, or one player, on the same puzzle",
					level("How hard (default medium)"),
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "opponent", Description: "Race only this player (default: anyone here)"},
				),
				sub("coop", "Open a board everyone here can play together",
					level("How hard (default medium)"),
				),
				sub("remind", "A DM before your daily streak would break (only if you turn it on)",
					&discordgo.ApplicationCommandOption{Type: str, Name: "state", Description: "Turn the reminder on or off", Required: true, Choices: choices([]string{"on", "off"})},
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "hours", Description: "How many hours before the day ends (default 3)",
						MinValue: floatPtr(1), MaxValue: store.MaxReminderHours},
				),
				sub("leaderboard", "This server's leaderboard",
					&discordgo.ApplicationCommandOption{Type: str, Name: "board", Description: "Daily times (default), all solves, or streaks", Choices: choices(leaderboardKinds)},
					&discordgo.ApplicationCommandOption{Type: str, Name: "period", Description: "Today (default), this week, this month or all time", Choices: choices(leaderboardPeriods)},
				),
			},
		},
		{
			Type:                     discordgo.ChatApplicationCommand,
			Name:                     CommandConfig,
			Description:              "The server's daily puzzle: channel, time, level (no options shows the settings)",
			DefaultMemberPermissions: &manageGuild,
			Contexts:                 &guildOnly,
			IntegrationTypes:         &guildInstall,
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionChannel, Name: "channel", Description: "Where the daily is posted",
					ChannelTypes: []discordgo.ChannelType{discordgo.ChannelTypeGuildText, discordgo.ChannelTypeGuildNews}},
				{Type: str, Name: "time", Description: "Local time of the post, HH:MM (24-hour)", MinLength: intPtr(4), MaxLength: 5},
				{Type: str, Name: "timezone", Description: "IANA time zone, e.g. Europe/Paris", Autocomplete: true, MaxLength: 64},
				level("Level of the daily"),
				{Type: discordgo.ApplicationCommandOptionBoolean, Name: "threads", Description: "Open a thread for each daily"},
				{Type: discordgo.ApplicationCommandOptionBoolean, Name: "enabled", Description: "Post the daily at all"},
			},
		},
	}
}

// CommandsJSON is the body of the bulk-overwrite request: the commands of
// Commands as Discord documents them. discordgo writes
// default_member_permissions as a string; the API description types it as
// an integer, so it is rewritten here and this body is what both
// registration and `sudokubot commands` send.
func CommandsJSON() ([]byte, error) {
	b, err := json.Marshal(Commands())
	if err != nil {
		return nil, err
	}
	var cmds []map[string]json.RawMessage
	if err := json.Unmarshal(b, &cmds); err != nil {
		return nil, err
	}
	for _, c := range cmds {
		raw, ok := c["default_member_permissions"]
		if !ok {
			continue
		}
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			continue // already a number
		}
		if _, err := strconv.ParseUint(s, 10, 64); err != nil {
			return nil, fmt.Errorf("default_member_permissions %q is not a number", s)
		}
		c["default_member_permissions"] = json.RawMessage(s)
	}
	return json.Marshal(cmds)
}
