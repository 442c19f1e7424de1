// Package discordclient is sudokubot's Discord REST client, shared by the
// Discord door (bot) and the daily publisher (schedule, through app):
//
//   - NewSession makes the discordgo session, whose transport rewrites
//     Discord's URLs to SessionOptions.API, so a REST proxy or a fake
//     Discord in tests can stand in for discord.com; SetDiscordgoLogger
//     routes discordgo's own log lines through slog;
//   - Classify turns discordgo's errors into *discordapi.Error
//     (ErrForbidden, ErrNotFound, ErrRateLimited, ErrRejected,
//     ErrUnavailable), which tell the caller what to do next;
//   - the permissions the bot uses, computed for a channel the way
//     Discord does (Missing), and the install link that asks for them;
//   - Poster, the messages sent outside an interaction: the daily and its
//     thread, finding or checking a message, DMs, a race card's edits and
//     a co-op board's thread; a refused daily says which permissions the
//     bot lacks;
//   - File and MultipartWithAlts, the bodies that carry pictures with
//     their alt texts.
//
// It knows no command, button or rule of the game: the door builds the
// components a message carries.
package discordclient

import "github.com/bwmarrin/discordgo"

// API is the part of *discordgo.Session the client calls.
type API interface {
	ChannelMessage(channelID, messageID string, options ...discordgo.RequestOption) (*discordgo.Message, error)
	MessageThreadStartComplex(channelID, messageID string, data *discordgo.ThreadStart, options ...discordgo.RequestOption) (*discordgo.Channel, error)
	Channel(channelID string, options ...discordgo.RequestOption) (*discordgo.Channel, error)
	GuildMember(guildID, userID string, options ...discordgo.RequestOption) (*discordgo.Member, error)
	GuildRoles(guildID string, options ...discordgo.RequestOption) ([]*discordgo.Role, error)
	ChannelMessages(channelID string, limit int, beforeID, afterID, aroundID string, options ...discordgo.RequestOption) ([]*discordgo.Message, error)
	RequestRaw(method, urlStr, contentType string, b []byte, bucketID string, sequence int, options ...discordgo.RequestOption) ([]byte, error)
}

var _ API = (*discordgo.Session)(nil)
