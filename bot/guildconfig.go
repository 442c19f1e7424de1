package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/discordclient"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/discordapi"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/zones"
)

// Defaults of a guild that never ran /sudoku-config.
const (
	defaultPostTime = "09:00"
	defaultZone     = "UTC"
)

var defaultLevel = engine.DefaultLevel

// checkChannel says which permission the bot lacks to post the daily in a
// channel, as a message for the admin; "" when it has them all.
func (b *Bot) checkChannel(ctx context.Context, guildID, channelID string, threads bool) (l10n.Msg, error) {
	ch, err := b.api.Channel(channelID, discordgo.WithContext(ctx))
	if err != nil {
		if err := discordclient.Classify(err); errors.Is(err, discordapi.ErrForbidden) || errors.Is(err, discordapi.ErrNotFound) {
			return l10n.M("config.cant_see", "Channel", channelID, "Permission", l10n.M("perm.view_channel")), nil
		}
		return l10n.Msg{}, fmt.Errorf("channel %s: %w", channelID, discordclient.Classify(err))
	}
	if ch.GuildID != "" && ch.GuildID != guildID {
		return l10n.M("config.other_server", "Channel", channelID), nil
	}
	if ch.Type != discordgo.ChannelTypeGuildText && ch.Type != discordgo.ChannelTypeGuildNews {
		return l10n.M("config.not_text", "Channel", channelID), nil
	}
	missing, err := discordclient.Missing(ctx, b.api, b.cfg.AppID, guildID, ch, threads)
	if err != nil || len(missing) == 0 {
		return l10n.Msg{}, err
	}
	return l10n.M("config.missing", "Channel", channelID, "Missing", missingList(missing)), nil
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

// parseClock reads a 24-hour HH:MM (or H:MM) time.
func parseClock(s string) (string, error) {
	t, err := time.Parse("15:04", strings.TrimSpace(s))
	if err != nil {
		return "", userErr("config.bad_time", "Value", quote(s))
	}
	return t.Format("15:04"), nil
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
	gs, err := b.cfg.Store.GuildSettings(ctx, r.GuildID)
	if errors.Is(err, store.ErrNotFound) {
		gs = store.GuildSettings{GuildID: r.GuildID, PostTime: defaultPostTime, TimeZone: defaultZone, Level: defaultLevel}
	} else if err != nil {
		return nil, err
	}
	if len(r.Options) == 0 {
		text := describeSettings(r.Lang, gs)
		if gs.ChannelID == "" {
			text += "\n" + r.T("config.set_channel")
		}
		return &Response{Ephemeral: true, Content: text}, nil
	}
	enabledBefore := gs.Enabled
	if ch, ok := r.Snowflake("channel"); ok {
		gs.ChannelID = ch
		if _, set := r.Bool("enabled"); !set && gs.ChannelID != "" && !enabledBefore {
			gs.Enabled = true // choosing a channel means "post there"
		}
	}
	if t, ok := r.String("time"); ok {
		if gs.PostTime, err = parseClock(t); err != nil {
			return nil, err
		}
	}
	if z, ok := r.String("timezone"); ok {
		if _, gs.TimeZone, err = zones.Load(z); err != nil {
			return nil, userErr("config.bad_zone", "Value", quote(z))
		}
	}
	if l, ok := r.String("level"); ok {
		if gs.Level, err = checkLevel(l); err != nil {
			return nil, err
		}
	}
	if v, ok := r.Bool("threads"); ok {
		gs.Threads = v
	}
	if v, ok := r.Bool("enabled"); ok {
		gs.Enabled = v
	}
	if gs.Enabled && gs.ChannelID == "" {
		return nil, userErr("config.pick_channel")
	}
	if gs.Enabled {
		problem, err := b.checkChannel(ctx, r.GuildID, gs.ChannelID, gs.Threads)
		if err != nil {
			return nil, err
		}
		if problem.ID != "" {
			return nil, &UserError{Msg: l10n.M("config.unchanged", "Problem", problem)}
		}
	}
	// The daily post is read by the whole server: it is written in the
	// server's language, as Discord tells it with this interaction.
	if r.GuildLocale != nil && *r.GuildLocale != "" {
		gs.Locale = string(*r.GuildLocale)
	}
	gs.UpdatedBy = r.UserID()
	gs.UpdatedAt = b.now()
	gs, err = b.cfg.Store.SaveGuildSettings(ctx, gs)
	if err != nil {
		var se *store.SettingsError
		if errors.As(err, &se) {
			return nil, &UserError{Msg: l10n.M("config.invalid", "Problem", settingsProblem(se)), Err: err}
		}
		return nil, err
	}
	if b.cfg.OnSettingsChanged != nil {
		b.cfg.OnSettingsChanged(r.GuildID)
	}
	return &Response{Ephemeral: true, Content: r.T("config.saved") + r.T("sep.sentence") + describeSettings(r.Lang, gs)}, nil
}

// settingsProblem words why the store refused a guild's settings, from
// the error's field: the store's own text is English, for the log.
func settingsProblem(se *store.SettingsError) l10n.Msg {
	switch se.Field {
	case store.FieldChannel:
		return l10n.M("config.problem.channel")
	case store.FieldPostTime:
		return l10n.M("config.problem.post_time")
	case store.FieldTimeZone:
		return l10n.M("config.problem.time_zone")
	case store.FieldLocale:
		return l10n.M("config.problem.locale")
	}
	return l10n.M("config.problem.other")
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
