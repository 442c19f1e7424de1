package bot

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/l10n"
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

// choices offers names as choices, each shown in every language through
// the catalogue key prefix+name ("level.easy").
func choices(prefix string, names []string) []*discordgo.ApplicationCommandOptionChoice {
	out := make([]*discordgo.ApplicationCommandOptionChoice, len(names))
	for i, n := range names {
		out[i] = &discordgo.ApplicationCommandOptionChoice{Name: l10n.English().T(prefix + n), Value: n,
			NameLocalizations: localized(prefix + n)}
	}
	return out
}

// localized is a message in every language the bot speaks but English,
// keyed by Discord locale, as Discord takes name_ and
// description_localizations.
func localized(id string) map[discordgo.Locale]string {
	out := map[discordgo.Locale]string{}
	for locale, s := range l10n.Localizations(id) {
		out[discordgo.Locale(locale)] = s
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

func intPtr(n int) *int { return &n }

func floatPtr(f float64) *float64 { return &f }

// option is a command option: its name is the key of its localized names
// ("name.<name>"), its description the key desc ("desc.<path>").
func option(typ discordgo.ApplicationCommandOptionType, name, desc string) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: typ, Name: name, NameLocalizations: localized("name." + name),
		Description: l10n.English().T(desc), DescriptionLocalizations: localized(desc)}
}

// Commands returns the application commands, as registered at start-up
// and printed by `sudokubot commands`. Every name and description is in
// every language of the catalogue (name_localizations and
// description_localizations); the names Discord sends back in
// interactions are always these English ones.
func Commands() []*discordgo.ApplicationCommand {
	str := discordgo.ApplicationCommandOptionString
	sub := func(name string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
		o := option(discordgo.ApplicationCommandOptionSubCommand, name, "desc.sudoku."+name)
		o.Options = opts
		return o
	}
	with := func(o *discordgo.ApplicationCommandOption, f func(o *discordgo.ApplicationCommandOption)) *discordgo.ApplicationCommandOption {
		f(o)
		return o
	}
	level := func(desc string) *discordgo.ApplicationCommandOption {
		return with(option(str, "level", desc), func(o *discordgo.ApplicationCommandOption) { o.Choices = choices("level.", Levels) })
	}
	manageGuild := int64(discordgo.PermissionManageGuild)
	// /sudoku is everywhere: installed to a server or to a user, and in
	// servers, the bot's DMs and other DMs and group DMs. /sudoku-config
	// sets up the daily post, which needs the bot in the server.
	everywhere := []discordgo.InteractionContextType{discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM, discordgo.InteractionContextPrivateChannel}
	guildOnly := []discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	bothInstalls := []discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall, discordgo.ApplicationIntegrationUserInstall}
	guildInstall := []discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall}
	top := func(name string) (*map[discordgo.Locale]string, string, *map[discordgo.Locale]string) {
		names, descs := localized("name."+name), localized("desc."+name)
		return &names, l10n.English().T("desc." + name), &descs
	}
	playNames, playDesc, playDescs := top(CommandPlay)
	configNames, configDesc, configDescs := top(CommandConfig)
	return []*discordgo.ApplicationCommand{
		{
			Type:                     discordgo.ChatApplicationCommand,
			Name:                     CommandPlay,
			NameLocalizations:        playNames,
			Description:              playDesc,
			DescriptionLocalizations: playDescs,
			Contexts:                 &everywhere,
			IntegrationTypes:         &bothInstalls,
			Options: []*discordgo.ApplicationCommandOption{
				sub("new",
					level("desc.opt.level_new"),
					with(option(str, "symmetry", "desc.opt.symmetry"), func(o *discordgo.ApplicationCommandOption) { o.Choices = choices("sym.", Symmetries) }),
					with(option(str, "puzzle", "desc.opt.puzzle"), func(o *discordgo.ApplicationCommandOption) { o.MinLength, o.MaxLength = intPtr(81), 400 }),
					with(option(str, "code", "desc.opt.code"), func(o *discordgo.ApplicationCommandOption) { o.MinLength, o.MaxLength = intPtr(1), 100 }),
					with(option(str, "technique", "desc.opt.technique"), func(o *discordgo.ApplicationCommandOption) { o.Autocomplete, o.MaxLength = true, 100 }),
				),
				sub("daily", level("desc.opt.level_daily"),
					with(option(str, "date", "desc.opt.date"), func(o *discordgo.ApplicationCommandOption) { o.MinLength, o.MaxLength = intPtr(8), 20 }),
				),
				sub("place",
					with(option(str, "moves", "desc.opt.moves"), func(o *discordgo.ApplicationCommandOption) {
						o.Required, o.MinLength, o.MaxLength = true, intPtr(4), 400
					}),
				),
				sub("check",
					with(option(str, "answer", "desc.opt.answer"), func(o *discordgo.ApplicationCommandOption) { o.MinLength, o.MaxLength = intPtr(81), 200 }),
				),
				sub("hint"),
				sub("show"),
				sub("giveup"),
				sub("stats", option(discordgo.ApplicationCommandOptionUser, "user", "desc.opt.user")),
				sub("race",
					level("desc.opt.level_new"),
					option(discordgo.ApplicationCommandOptionUser, "opponent", "desc.opt.opponent"),
				),
				sub("coop", level("desc.opt.level_new")),
				sub("remind",
					with(option(str, "state", "desc.opt.state"), func(o *discordgo.ApplicationCommandOption) {
						o.Required, o.Choices = true, choices("state.", []string{"on", "off"})
					}),
					with(option(discordgo.ApplicationCommandOptionInteger, "hours", "desc.opt.hours"), func(o *discordgo.ApplicationCommandOption) {
						o.MinValue, o.MaxValue = floatPtr(1), store.MaxReminderHours
					}),
				),
				sub("leaderboard",
					with(option(str, "board", "desc.opt.board"), func(o *discordgo.ApplicationCommandOption) { o.Choices = choices("kind.", game.LeaderboardKinds) }),
					with(option(str, "period", "desc.opt.period"), func(o *discordgo.ApplicationCommandOption) {
						o.Choices = choices("choice_period.", game.LeaderboardPeriods)
					}),
				),
			},
		},
		{
			Type:                     discordgo.ChatApplicationCommand,
			Name:                     CommandConfig,
			NameLocalizations:        configNames,
			Description:              configDesc,
			DescriptionLocalizations: configDescs,
			DefaultMemberPermissions: &manageGuild,
			Contexts:                 &guildOnly,
			IntegrationTypes:         &guildInstall,
			Options: []*discordgo.ApplicationCommandOption{
				with(option(discordgo.ApplicationCommandOptionChannel, "channel", "desc.opt.channel"), func(o *discordgo.ApplicationCommandOption) {
					o.ChannelTypes = []discordgo.ChannelType{discordgo.ChannelTypeGuildText, discordgo.ChannelTypeGuildNews}
				}),
				with(option(str, "time", "desc.opt.time"), func(o *discordgo.ApplicationCommandOption) { o.MinLength, o.MaxLength = intPtr(4), 5 }),
				with(option(str, "timezone", "desc.opt.timezone"), func(o *discordgo.ApplicationCommandOption) { o.Autocomplete, o.MaxLength = true, 64 }),
				level("desc.opt.level_config"),
				option(discordgo.ApplicationCommandOptionBoolean, "threads", "desc.opt.threads"),
				option(discordgo.ApplicationCommandOptionBoolean, "enabled", "desc.opt.enabled"),
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
