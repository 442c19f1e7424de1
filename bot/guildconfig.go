package bot

import (
	"context"

	"github.com/sudokubot/sudokubot/discordclient"
	"github.com/sudokubot/sudokubot/game"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/discordapi"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/zones"
)

// checkChannel says which permission the bot lacks to post the daily in a
// channel (discordclient.CheckChannel), as a message for the admin; the
// zero Msg when it has them all.
func (b *Bot) checkChannel(ctx context.Context, guildID, channelID string, threads bool) (l10n.Msg, error) {
	p, err := discordclient.CheckChannel(ctx, b.api, b.cfg.AppID, guildID, channelID, threads)
	switch p.Kind {
	case discordclient.ChannelHidden:
		return l10n.M("config.cant_see", "Channel", channelID, "Permission", l10n.M("perm.view_channel")), nil
	case discordclient.ChannelElsewhere:
		return l10n.M("config.other_server", "Channel", channelID), nil
	case discordclient.ChannelNotText:
		return l10n.M("config.not_text", "Channel", channelID), nil
	case discordclient.ChannelMissing:
		return l10n.M("config.missing", "Channel", channelID, "Missing", missingList(p.Missing)), nil
	}
	return l10n.Msg{}, err
}

// missingList is the permissions a channel lacks, named in bold as
// Discord's settings name them in the player's language.
type missingList []discordapi.Permission

// In implements l10n.Phrase.
func (m missingList) In(l *l10n.Lang) string {
	names := make([]string, len(m))
	for i, p := range m {
		names[i] = "**" + l.T("perm."+string(p)) + "**"
	}
	return l.List(names)
}

func describeSettings(l *l10n.Lang, gs store.GuildSettings) string {
	channel := l.T("config.not_set")
	if gs.ChannelID != "" {
		channel = "<#" + gs.ChannelID + ">"
	}
	onOff := map[bool]string{true: l.T("config.on"), false: l.T("config.off")}
	s := l.T("config.settings", "Channel", channel, "Time", gs.PostTime, "Zone", gs.TimeZone, "Level", levelName(l, gs.Level),
		"Threads", onOff[gs.Threads], "Enabled", onOff[gs.Enabled])
	if !gs.Problem.IsZero() {
		s += "\n⚠️ " + l.T("config.last_problem", "Problem", problemMsg(gs.ChannelID, gs.Problem)) + l.T("sep.sentence") + l.T("problem.paused")
	}
	return s
}

// problemMsg words the publisher's stored problem with a guild's channel.
// The channel is the one it failed in: saving new settings clears it.
func problemMsg(channelID string, p store.PostProblem) l10n.Msg {
	switch p.Kind {
	case store.ProblemNoAccess:
		return l10n.M("problem.no_access", "Channel", channelID, "Permission", l10n.M("perm."+string(discordapi.ViewChannel)))
	case store.ProblemMissingPermissions:
		if len(p.Missing) == 0 {
			return l10n.M("problem.missing_unknown", "Channel", channelID, "Needed", missingList(discordclient.Needed(false)))
		}
		return l10n.M("problem.missing", "Channel", channelID, "Missing", missingList(p.Missing))
	case store.ProblemChannelGone:
		return l10n.M("problem.channel_gone", "Channel", channelID)
	}
	return l10n.M("problem.refused", "Channel", channelID)
}

func (b *Bot) cmdConfig(ctx context.Context, r *Request) (*Response, error) {
	if r.GuildID == "" {
		return nil, userErr("config.not_server")
	}
	if !r.ServerInstalled() {
		return nil, userErr("config.not_installed")
	}
	if len(r.Options) == 0 {
		gs, err := b.guilds.Settings(ctx, r.GuildID)
		if err != nil {
			return nil, err
		}
		text := describeSettings(r.Lang, gs)
		if gs.ChannelID == "" {
			text += "\n" + r.T("config.set_channel")
		}
		return &Response{Ephemeral: true, Content: text}, nil
	}
	in := game.SettingsChange{Guild: r.GuildID, By: r.UserID(),
		CheckChannel: func(ctx context.Context, channelID string, threads bool) (l10n.Msg, error) {
			return b.checkChannel(ctx, r.GuildID, channelID, threads)
		}}
	// The daily post is read by the whole server: it is written in the
	// server's language, as Discord tells it with this interaction.
	if r.GuildLocale != nil {
		in.Locale = string(*r.GuildLocale)
	}
	if v, ok := r.Snowflake("channel"); ok {
		in.Channel = &v
	}
	for name, field := range map[string]**string{"time": &in.Time, "timezone": &in.Zone, "level": &in.Level} {
		if v, ok := r.String(name); ok {
			*field = &v
		}
	}
	for name, field := range map[string]**bool{"threads": &in.Threads, "enabled": &in.Enabled} {
		if v, ok := r.Bool(name); ok {
			*field = &v
		}
	}
	gs, err := b.guilds.Configure(ctx, in)
	if err != nil {
		return nil, err
	}
	if b.cfg.OnSettingsChanged != nil {
		b.cfg.OnSettingsChanged(r.GuildID)
	}
	return &Response{Ephemeral: true, Content: r.T("config.saved") + r.T("sep.sentence") + describeSettings(r.Lang, gs)}, nil
}

func (b *Bot) autocompleteZone(r *Request) *Response {
	typed := ""
	if r.Focused != nil {
		typed, _ = r.Focused.Value.(string)
	}
	names := zones.Match(typed, 25)
	ch := make([]*discordgo.ApplicationCommandOptionChoice, len(names))
	for i, n := range names {
		ch[i] = &discordgo.ApplicationCommandOptionChoice{Name: n, Value: n}
	}
	return &Response{Type: discordgo.InteractionApplicationCommandAutocompleteResult, Choices: ch}
}
