package interactions

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/clock"
	"github.com/sudokubot/sudokubot/metrics"
	"github.com/sudokubot/sudokubot/store"
)

// Door answers the interactions a Receiver lets in; the Discord door
// (package bot) is one.
type Door interface {
	// Admit counts an interaction in, before its claim; false once the
	// door is shutting down, when it takes no more. Every admitted
	// interaction is let go with Done once answered.
	Admit() bool
	Done()
	// Answer answers an admitted interaction this process claimed: its
	// first response through initial (over REST for the gateway, as the
	// HTTP answer for the endpoint), at once or deferred. It returns when
	// the interaction is completely answered.
	Answer(i *discordgo.Interaction, initial func(*discordgo.InteractionResponse) error) error
	// Respond sends an interaction's first response over REST, the
	// gateway's way.
	Respond(i *discordgo.Interaction, resp *discordgo.InteractionResponse) error
	// Unavailable is the answer to an interaction whose claim the store
	// did not answer in time: the player is told, nothing is handled.
	Unavailable(i *discordgo.Interaction) *discordgo.InteractionResponse
}

// Config is what New needs. Door is required.
type Config struct {
	Door Door
	// PublicKey verifies the endpoint's requests; without a key of
	// ed25519.PublicKeySize ServeHTTP refuses every request.
	PublicKey ed25519.PublicKey
	// Claims is the store's record of the interactions handled, shared by
	// every process; nil is this process's memory only.
	Claims Claims
	// MaxBody limits a request's body; 0 means 256 KiB.
	MaxBody int64
	// Clock checks the signed requests' timestamps and the interactions'
	// ids; nil is the wall clock.
	Clock clock.Clock
	// Logger gets the refusals (throttled by Rejects) and failures; nil
	// discards.
	Logger *slog.Logger
	// Metrics counts refused requests and failures; nil makes its own.
	Metrics *metrics.Metrics
	// Rejects logs refused requests, shared with the web door; nil makes
	// one that logs at most every 10 s.
	Rejects *metrics.RejectLog
}

// Receiver takes interactions from the endpoint and the gateway, claims
// each one, and gives the door those it is to answer.
type Receiver struct {
	door    Door
	key     ed25519.PublicKey
	maxBody int64
	clock   clock.Clock
	log     *slog.Logger
	metrics *metrics.Metrics
	rejects *metrics.RejectLog
	claims  *claimer
}

// ErrDraining means the door is shutting down and takes no new
// interactions.
var ErrDraining = errors.New("interactions: shutting down")

// ErrRepeated means an interaction id was already handled: a repeat has
// no second effect and gets no answer.
var ErrRepeated = errors.New("interactions: interaction already handled")

// rejectLogEvery is the least time between two log lines about refused
// requests when Config.Rejects is nil.
const rejectLogEvery = 10 * time.Second

// New returns a Receiver for cfg.Door.
func New(cfg Config) (*Receiver, error) {
	if cfg.Door == nil {
		return nil, errors.New("interactions: New needs a Door")
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = 256 << 10
	}
	cfg.Clock = clock.Or(cfg.Clock)
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Metrics == nil {
		cfg.Metrics = metrics.New()
	}
	if cfg.Rejects == nil {
		cfg.Rejects = metrics.NewRejectLog(cfg.Logger, rejectLogEvery, cfg.Clock)
	}
	return &Receiver{door: cfg.Door, key: cfg.PublicKey, maxBody: cfg.MaxBody, clock: cfg.Clock, log: cfg.Logger,
		metrics: cfg.Metrics, rejects: cfg.Rejects, claims: newClaimer(cfg.Claims, cfg.Clock.Now, cfg.Logger)}, nil
}

// Receive answers an interaction the gateway delivered, through initial.
// A repeat (an event sent again after a resume, or the same interaction
// handled by another process) or an id too old is ErrRepeated; once the
// door is shutting down, ErrDraining.
func (r *Receiver) Receive(i *discordgo.Interaction, initial func(*discordgo.InteractionResponse) error) error {
	if !r.door.Admit() {
		return ErrDraining
	}
	defer r.door.Done()
	cl, err := r.claims.claim(context.Background(), i.ID)
	if errors.Is(err, errStoreDown) {
		return initial(r.unavailable(i, err))
	}
	if err != nil {
		r.metrics.Rejected("old_id")
		return fmt.Errorf("%w: %w", ErrRepeated, err)
	}
	if cl.State != store.ClaimNew {
		r.metrics.Rejected("replay")
		return fmt.Errorf("%w: interaction %s", ErrRepeated, i.ID)
	}
	// No completion is recorded: a gateway repeat is refused whatever
	// state its claim is in, and only an HTTP replay needs the answer.
	return r.door.Answer(i, initial)
}

// unavailable is the door's answer to an interaction that came while the
// database was not answering its claim.
func (r *Receiver) unavailable(i *discordgo.Interaction, err error) *discordgo.InteractionResponse {
	r.metrics.Error("store_down")
	// The claim's wait also ends on a row locked by another session (the
	// same interaction claimed elsewhere, a stopped process's
	// transaction): the log says both, the error which it was.
	r.log.Warn("interaction answered without handling: the database did not answer its claim in time (silent, or a row locked by another session)", "interaction", i.ID, "err", err)
	return r.door.Unavailable(i)
}
