package bot

import (
	"context"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/discordclient"
	"github.com/sudokubot/sudokubot/store"
)

// discordAPI is the part of *discordgo.Session the bot calls: REST only,
// so the same handlers serve the gateway and the HTTP endpoint.
type discordAPI interface {
	discordclient.API
	InteractionRespond(i *discordgo.Interaction, resp *discordgo.InteractionResponse, options ...discordgo.RequestOption) error
	InteractionResponseEdit(i *discordgo.Interaction, edit *discordgo.WebhookEdit, options ...discordgo.RequestOption) (*discordgo.Message, error)
	ChannelMessageSendComplex(channelID string, data *discordgo.MessageSend, options ...discordgo.RequestOption) (*discordgo.Message, error)
	RequestWithBucketID(method, urlStr string, data interface{}, bucketID string, options ...discordgo.RequestOption) ([]byte, error)
}

var _ discordAPI = (*discordgo.Session)(nil)

// Store is what the Discord door reads itself, as two small interfaces
// by subject; *store.Store implements it. The door writes nothing itself:
// it changes a game through the use cases (Config.Play), a guild's
// settings and a reminder through Config.Guilds, a race card's message
// through Config.Races, and reads leaderboards through Config.Boards,
// each with a store of its own, and gets puzzles through Config.Maker.
type Store interface {
	GameReader
	StatsReader
}

// GameReader reads games and puzzles: the player's open game, a game
// named by a button, who solved a puzzle, a co-op board's
// players.
type GameReader interface {
	Game(ctx context.Context, id int64) (store.Game, error)
	CurrentGame(ctx context.Context, userID, guildID string) (store.Game, error)
	OpenGames(ctx context.Context, userID, guildID string, limit int) ([]store.Game, error)
	Solves(ctx context.Context, puzzleID int64) (store.PuzzleSolves, error)
	CoopPlayers(ctx context.Context, gameID int64) ([]store.CoopPlayer, error)
}

// StatsReader reads a player's statistics and their history (the
// progress picture).
type StatsReader interface {
	PlayerStats(ctx context.Context, guildID, userID string) (store.PlayerStats, error)
	History(ctx context.Context, guildID, userID string, since time.Time, limit int) ([]store.Finished, error)
	LiveStreak(ctx context.Context, guildID, userID, today string) (int, error)
}

var _ Store = (*store.Store)(nil)
