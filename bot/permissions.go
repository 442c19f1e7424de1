package bot

import (
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
