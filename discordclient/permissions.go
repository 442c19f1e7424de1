package discordclient

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strconv"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/discordapi"
)

// permission is a Discord permission bit the bot uses, with its name in
// the catalogue ("perm.<name>").
type permission struct {
	bit  int64
	name discordapi.Permission
}

// channelPermissionsUsed are the permissions the bot uses in the daily's
// channel: to see it, post the daily with its pictures (and links that
// unfurl), and find its own post again when Discord's answer was lost.
var channelPermissionsUsed = []permission{
	{discordgo.PermissionViewChannel, discordapi.ViewChannel},
	{discordgo.PermissionSendMessages, discordapi.SendMessages},
	{discordgo.PermissionEmbedLinks, discordapi.EmbedLinks},
	{discordgo.PermissionAttachFiles, discordapi.AttachFiles},
	{discordgo.PermissionReadMessageHistory, discordapi.ReadHistory},
}

// threadPermissionsUsed are the permissions of the daily's discussion
// thread and of co-op boards, which live in threads.
var threadPermissionsUsed = []permission{
	{discordgo.PermissionCreatePublicThreads, discordapi.CreateThreads},
	{discordgo.PermissionSendMessagesInThreads, discordapi.SendInThreads},
}

// InstallPermissions is the permissions integer of the server install
// link: every permission the bot uses, so that a server that installs it
// with the link's defaults never finds the daily refused or posted twice.
var InstallPermissions = func() int64 {
	var p int64
	for _, q := range append(append([]permission(nil), channelPermissionsUsed...), threadPermissionsUsed...) {
		p |= q.bit
	}
	return p
}()

// InstallURL is the link that adds the bot to a server with the
// permissions it uses and its slash commands.
func InstallURL(appID string) string {
	q := url.Values{}
	q.Set("client_id", appID)
	q.Set("integration_type", "0")
	q.Set("scope", "bot applications.commands")
	q.Set("permissions", strconv.FormatInt(InstallPermissions, 10))
	return "https://discord.com/oauth2/authorize?" + q.Encode()
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

// Missing lists the permissions the bot (appID) lacks in a
// channel of a guild to post the daily there, and open its threads if
// asked.
func Missing(ctx context.Context, api API, appID, guildID string, ch *discordgo.Channel, threads bool) ([]discordapi.Permission, error) {
	opt := discordgo.WithContext(ctx)
	roles, err := api.GuildRoles(guildID, opt)
	if err != nil {
		return nil, fmt.Errorf("roles of guild %s: %w", guildID, Classify(err))
	}
	me, err := api.GuildMember(guildID, appID, opt)
	if err != nil {
		return nil, fmt.Errorf("bot member in guild %s: %w", guildID, Classify(err))
	}
	if me.User == nil {
		me.User = &discordgo.User{ID: appID}
	}
	perms := channelPermissions(guildID, ch, roles, me)
	need := channelPermissionsUsed
	if threads {
		need = append(append(need[:0:0], need...), threadPermissionsUsed...)
	}
	var missing []discordapi.Permission
	for _, p := range need {
		if perms&p.bit == 0 {
			missing = append(missing, p.name)
		}
	}
	return missing, nil
}

// Needed names the permissions the daily needs in its channel, in the
// order Missing reports them, with its thread's if threads.
func Needed(threads bool) []discordapi.Permission {
	var out []discordapi.Permission
	for _, p := range channelPermissionsUsed {
		out = append(out, p.name)
	}
	if threads {
		for _, p := range threadPermissionsUsed {
			out = append(out, p.name)
		}
	}
	return out
}

// ChannelProblemKind is why the daily cannot be posted in a channel.
type ChannelProblemKind int

// The kinds of ChannelProblem.
const (
	// ChannelFine: the bot can post the daily there.
	ChannelFine ChannelProblemKind = iota
	// ChannelHidden: the bot cannot see the channel (or it is gone).
	ChannelHidden
	// ChannelElsewhere: the channel is another server's.
	ChannelElsewhere
	// ChannelNotText: neither a text nor an announcement channel.
	ChannelNotText
	// ChannelMissing: the bot lacks the permissions in Missing.
	ChannelMissing
)

// ChannelProblem is what keeps the bot from posting the daily in a
// channel, as data for the door to word.
type ChannelProblem struct {
	Kind    ChannelProblemKind
	Missing []discordapi.Permission
}

// CheckChannel says whether the bot (appID) can post the daily, and open
// its threads if asked, in channelID of guildID: a text or announcement
// channel of that guild, which the bot sees, with every permission the
// daily needs (Missing). The error is a request that failed otherwise.
func CheckChannel(ctx context.Context, api API, appID, guildID, channelID string, threads bool) (ChannelProblem, error) {
	ch, err := api.Channel(channelID, discordgo.WithContext(ctx))
	if err != nil {
		if err := Classify(err); errors.Is(err, discordapi.ErrForbidden) || errors.Is(err, discordapi.ErrNotFound) {
			return ChannelProblem{Kind: ChannelHidden}, nil
		}
		return ChannelProblem{}, fmt.Errorf("channel %s: %w", channelID, Classify(err))
	}
	switch {
	case ch.GuildID != "" && ch.GuildID != guildID:
		return ChannelProblem{Kind: ChannelElsewhere}, nil
	case ch.Type != discordgo.ChannelTypeGuildText && ch.Type != discordgo.ChannelTypeGuildNews:
		return ChannelProblem{Kind: ChannelNotText}, nil
	}
	missing, err := Missing(ctx, api, appID, guildID, ch, threads)
	if err != nil || len(missing) == 0 {
		return ChannelProblem{}, err
	}
	return ChannelProblem{Kind: ChannelMissing, Missing: missing}, nil
}
