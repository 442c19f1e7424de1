package bot

import (
	"context"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/store"
)

// discordAPI is the part of *discordgo.Session the bot calls: REST only,
// so the same handlers serve the gateway and the HTTP endpoint.
type discordAPI interface {
	InteractionRespond(i *discordgo.Interaction, resp *discordgo.InteractionResponse, options ...discordgo.RequestOption) error
	InteractionResponseEdit(i *discordgo.Interaction, edit *discordgo.WebhookEdit, options ...discordgo.RequestOption) (*discordgo.Message, error)
	ChannelMessageSendComplex(channelID string, data *discordgo.MessageSend, options ...discordgo.RequestOption) (*discordgo.Message, error)
	ChannelMessage(channelID, messageID string, options ...discordgo.RequestOption) (*discordgo.Message, error)
	MessageThreadStartComplex(channelID, messageID string, data *discordgo.ThreadStart, options ...discordgo.RequestOption) (*discordgo.Channel, error)
	Channel(channelID string, options ...discordgo.RequestOption) (*discordgo.Channel, error)
	GuildMember(guildID, userID string, options ...discordgo.RequestOption) (*discordgo.Member, error)
	GuildRoles(guildID string, options ...discordgo.RequestOption) ([]*discordgo.Role, error)
	ChannelMessages(channelID string, limit int, beforeID, afterID, aroundID string, options ...discordgo.RequestOption) ([]*discordgo.Message, error)
	RequestWithBucketID(method, urlStr string, data interface{}, bucketID string, options ...discordgo.RequestOption) ([]byte, error)
	RequestRaw(method, urlStr, contentType string, b []byte, bucketID string, sequence int, options ...discordgo.RequestOption) ([]byte, error)
}

var _ discordAPI = (*discordgo.Session)(nil)

// Store is the part of the store the bot uses; *store.Store implements it.
type Store interface {
	SavePuzzle(ctx context.Context, p store.Puzzle) (store.Puzzle, error)
	PuzzleByGrid(ctx context.Context, g engine.Grid) (store.Puzzle, error)
	DailyOfPuzzle(ctx context.Context, puzzleID int64) (store.Day, engine.Level, error)
	StartGame(ctx context.Context, ng store.NewGame) (store.Game, bool, error)
	Game(ctx context.Context, id int64) (store.Game, error)
	CurrentGame(ctx context.Context, userID, guildID string) (store.Game, error)
	OpenGames(ctx context.Context, userID, guildID string, limit int) ([]store.Game, error)
	// The game's use cases (package game) run their transactions here.
	game.Store
	GuildSettings(ctx context.Context, guildID string) (store.GuildSettings, error)
	SaveGuildSettings(ctx context.Context, gs store.GuildSettings) (store.GuildSettings, error)
	PlayerStats(ctx context.Context, guildID, userID string) (store.PlayerStats, error)
	History(ctx context.Context, guildID, userID string, since time.Time, limit int) ([]store.Finished, error)
	LiveStreak(ctx context.Context, guildID, userID, today string) (int, error)
	Puzzle(ctx context.Context, id int64) (store.Puzzle, error)
	StartCoop(ctx context.Context, hostID, guildID, channelID string, puzzleID int64, at time.Time) (store.Game, error)
	CoopPlayers(ctx context.Context, gameID int64) ([]store.CoopPlayer, error)
	CreateRace(ctx context.Context, r store.Race) (store.Race, store.Game, error)
	Race(ctx context.Context, id int64) (store.Race, error)
	SetRaceMessage(ctx context.Context, id int64, messageID string) error
	RaceGames(ctx context.Context, id int64) ([]store.Game, error)
	SetReminder(ctx context.Context, userID, guildID string, on bool, hoursBefore int, locale string, at time.Time) error
	RecordShare(ctx context.Context, gameID int64, userID, channelID string, at time.Time) (bool, error)
	DailyLeaderboard(ctx context.Context, guildID, day string, limit int) ([]store.LeaderboardEntry, error)
	StreakLeaderboardAsOf(ctx context.Context, guildID, today string, limit int) ([]store.LeaderboardEntry, error)
	DailiesLeaderboard(ctx context.Context, guildID, from, to string, limit int) ([]store.LeaderboardEntry, error)
	SolvesSince(ctx context.Context, guildID string, since time.Time, limit int) ([]store.LeaderboardEntry, error)
	// The puzzle bank and fresh puzzles (issue 30).
	BankClaim(ctx context.Context, level engine.Level, user string) (store.Puzzle, error)
	PlayedCanon(ctx context.Context, user, canon string) (bool, error)
	Solves(ctx context.Context, puzzleID int64) (store.PuzzleSolves, error)
}

var _ Store = (*store.Store)(nil)

// PuzzleRequest asks for a new puzzle.
type PuzzleRequest struct {
	Level    engine.Level
	Symmetry string // one of Symmetries, "" for any
	Seed     uint64
	// Fresh asks for a newly dug puzzle, never a disguised pool one:
	// the last resort of a player who played the pool's.
	Fresh bool
}

// Puzzles makes fresh puzzles for /sudoku new. Implementations grade what
// they return (Level, Score).
type Puzzles interface {
	New(ctx context.Context, req PuzzleRequest) (store.Puzzle, error)
}

// Dailies serves the stored daily of a date and level, making it on first
// use; *daily.Source implements it. The bot and the publisher share one,
// so /sudoku daily and the posted daily are one puzzle.
type Dailies interface {
	Get(ctx context.Context, day store.Day, level engine.Level) (store.Puzzle, error)
	// Stored returns the daily only if it was already made.
	Stored(ctx context.Context, day store.Day, level engine.Level) (store.Puzzle, error)
}
