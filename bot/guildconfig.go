package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/store"
)

// Defaults of a guild that never ran /sudoku-config.
const (
	defaultPostTime = "09:00"
	defaultZone     = "UTC"
)

var defaultLevel = engine.DefaultLevel.String()

// neededPermissions are what the daily publisher needs in its channel, in
// the order they are reported missing.
var neededPermissions = []struct {
	bit  int64
	name string
}{
	{discordgo.PermissionViewChannel, "View Channel"},
	{discordgo.PermissionSendMessages, "Send Messages"},
	{discordgo.PermissionAttachFiles, "Attach Files"},
}

var threadPermissions = []struct {
	bit  int64
	name string
}{
	{discordgo.PermissionCreatePublicThreads, "Create Public Threads"},
	{discordgo.PermissionSendMessagesInThreads, "Send Messages in Threads"},
}

// channelPermissions computes a member's permissions in a channel the way
// Discord does: @everyone and the member's roles, Administrator grants all,
// then the channel's @everyone, role and member overwrites in that order.
func channelPermissions(guildID string, ch *discordgo.Channel, roles []*discordgo.Role, m *discordgo.Member) int64 {
	byID := map[string]*discordgo.Role{}
	for _, r := range roles {
		byID[r.ID] = r
	}
	var perms int64
	if r := byID[guildID]; r != nil {
		perms = r.Permissions
	}
	for _, id := range m.Roles {
		if r := byID[id]; r != nil {
			perms |= r.Permissions
		}
	}
	if perms&discordgo.PermissionAdministrator != 0 {
		return discordgo.PermissionAll
	}
	userID := ""
	if m.User != nil {
		userID = m.User.ID
	}
	has := map[string]bool{}
	for _, id := range m.Roles {
		has[id] = true
	}
	var allow, deny int64
	for _, o := range ch.PermissionOverwrites {
		if o.ID == guildID {
			perms = perms&^o.Deny | o.Allow
		}
	}
	for _, o := range ch.PermissionOverwrites {
		if o.Type == discordgo.PermissionOverwriteTypeRole && has[o.ID] {
			allow |= o.Allow
			deny |= o.Deny
		}
	}
	perms = perms&^deny | allow
	for _, o := range ch.PermissionOverwrites {
		if o.Type == discordgo.PermissionOverwriteTypeMember && o.ID == userID {
			perms = perms&^o.Deny | o.Allow
		}
	}
	return perms
}

// checkChannel says which permission the bot lacks to post the daily in a
// channel, as a message for the admin; "" when it has them all.
func (b *Bot) checkChannel(ctx context.Context, guildID, channelID string, threads bool) (string, error) {
	opt := discordgo.WithContext(ctx)
	ch, err := b.api.Channel(channelID, opt)
	if err != nil {
		if errors.Is(classify(err), ErrForbidden) || errors.Is(classify(err), ErrNotFoundDiscord) {
			return fmt.Sprintf("I can't see <#%s> at all: give me **View Channel** there.", channelID), nil
		}
		return "", fmt.Errorf("channel %s: %w", channelID, classify(err))
	}
	if ch.GuildID != "" && ch.GuildID != guildID {
		return fmt.Sprintf("<#%s> is not in this server.", channelID), nil
	}
	if ch.Type != discordgo.ChannelTypeGuildText && ch.Type != discordgo.ChannelTypeGuildNews {
		return fmt.Sprintf("<#%s> is not a text channel: pick one where messages can be posted.", channelID), nil
	}
	roles, err := b.api.GuildRoles(guildID, opt)
	if err != nil {
		return "", fmt.Errorf("roles of guild %s: %w", guildID, classify(err))
	}
	me, err := b.api.GuildMember(guildID, b.cfg.AppID, opt)
	if err != nil {
		return "", fmt.Errorf("bot member in guild %s: %w", guildID, classify(err))
	}
	if me.User == nil {
		me.User = &discordgo.User{ID: b.cfg.AppID}
	}
	perms := channelPermissions(guildID, ch, roles, me)
	need := neededPermissions
	if threads {
		need = append(append(need[:0:0], need...), threadPermissions...)
	}
	var missing []string
	for _, p := range need {
		if perms&p.bit == 0 {
			missing = append(missing, "**"+p.name+"**")
		}
	}
	if len(missing) == 0 {
		return "", nil
	}
	return fmt.Sprintf("I can't post the daily in <#%s>: I'm missing %s there. Give my role that permission in the channel settings, then run this again.",
		channelID, joinAnd(missing)), nil
}

func joinAnd(items []string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// parseClock reads a 24-hour HH:MM (or H:MM) time.
func parseClock(s string) (string, error) {
	t, err := time.Parse("15:04", strings.TrimSpace(s))
	if err != nil {
		return "", userErrorf("%s is not a time: use HH:MM on the 24-hour clock, e.g. `09:00` or `18:30`", quote(s))
	}
	return t.Format("15:04"), nil
}

func describeSettings(gs store.GuildSettings) string {
	channel := "not set"
	if gs.ChannelID != "" {
		channel = "<#" + gs.ChannelID + ">"
	}
	onOff := map[bool]string{true: "on", false: "off"}
	s := fmt.Sprintf("**Daily puzzle settings**\nChannel: %s\nTime: %s %s\nLevel: %s\nThreads: %s\nEnabled: %s",
		channel, gs.PostTime, gs.TimeZone, gs.Level, onOff[gs.Threads], onOff[gs.Enabled])
	if gs.Error != "" {
		s += "\n⚠️ Last posting problem: " + gs.Error
	}
	return s
}

func (b *Bot) cmdConfig(ctx context.Context, r *Request) (*Response, error) {
	if r.GuildID == "" {
		return nil, userErrorf("The daily puzzle is set up per server: run this in the server.")
	}
	if !r.ServerInstalled() {
		return nil, userErrorf("The daily puzzle needs the bot added to this server (\"Add to Server\"), so that it can post here: ask someone who manages the server. `/sudoku` works anywhere without it.")
	}
	gs, err := b.cfg.Store.GuildSettings(ctx, r.GuildID)
	if errors.Is(err, store.ErrNotFound) {
		gs = store.GuildSettings{GuildID: r.GuildID, PostTime: defaultPostTime, TimeZone: defaultZone, Level: defaultLevel}
	} else if err != nil {
		return nil, err
	}
	if len(r.Options) == 0 {
		text := describeSettings(gs)
		if gs.ChannelID == "" {
			text += "\nSet a channel to start: `/sudoku-config channel:#daily enabled:True`."
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
		if _, gs.TimeZone, err = loadZone(z); err != nil {
			return nil, err
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
		return nil, userErrorf("Pick a channel first: `/sudoku-config channel:#daily`.")
	}
	if gs.Enabled {
		problem, err := b.checkChannel(ctx, r.GuildID, gs.ChannelID, gs.Threads)
		if err != nil {
			return nil, err
		}
		if problem != "" {
			return nil, &UserError{Msg: problem + " Nothing was changed."}
		}
	}
	gs.UpdatedBy = r.UserID()
	gs.UpdatedAt = b.now()
	gs, err = b.cfg.Store.SaveGuildSettings(ctx, gs)
	if err != nil {
		if errors.Is(err, store.ErrInvalid) {
			return nil, &UserError{Msg: "Those settings don't work: " + err.Error(), Err: err}
		}
		return nil, err
	}
	if b.cfg.OnSettingsChanged != nil {
		b.cfg.OnSettingsChanged(r.GuildID)
	}
	return &Response{Ephemeral: true, Content: "Saved. " + describeSettings(gs)}, nil
}
