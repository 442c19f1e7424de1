package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sudokubot/sudokubot/discordclient"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/boardtoken"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/heavy"
	"github.com/sudokubot/sudokubot/l10n"
	"github.com/sudokubot/sudokubot/metrics"
	"github.com/sudokubot/sudokubot/puzzles"
	"github.com/sudokubot/sudokubot/render"
)

// Config is what New needs. The door makes none of the core's services:
// app makes them once, from their own packages, for both doors. Store,
// Play, Maker, Heavy, Guilds, Races and Boards are required.
type Config struct {
	// AppID is the application id (also the bot user's id).
	AppID string
	// DevGuild registers the commands to that guild only, for development.
	DevGuild string
	// Logger gets one line per interaction; nil discards.
	Logger *slog.Logger
	// Metrics counts interactions; nil makes a new one (see Bot.Metrics).
	Metrics *metrics.Metrics

	// Store is what the door reads itself (Store's interfaces).
	Store Store
	// Play is the process's use cases, shared with the web door.
	Play *game.Service
	// Maker makes the puzzles players ask for, shared with the web door.
	Maker *puzzles.Maker
	// Heavy is the process's heavy-work pool, shared with the web door:
	// the job queue's idle (HeavyIdle) asks it.
	Heavy *heavy.Pool
	// Guilds are the use cases of a guild's settings and a player's
	// reminders.
	Guilds game.Guilds
	// Races read a race's standings for its card.
	Races game.Races
	// Boards are the guild's leaderboards.
	Boards game.Leaderboards
	// Render draws a board to PNG; nil uses the render package.
	Render func(render.Position, render.Options) ([]byte, error)
	// Theme is the board theme, "dark" (default) or "light".
	Theme string

	// OnSettingsChanged is called after /sudoku-config saves a guild's
	// settings, so the daily scheduler can rebuild that guild's job.
	OnSettingsChanged func(guildID string)
	// DeferAfter is how long a handler may run before the interaction is
	// deferred; 0 means 2 s, inside Discord's 3-second limit.
	DeferAfter time.Duration
	// HandlerTimeout bounds a handler; 0 means 60 s.
	HandlerTimeout time.Duration
	// MaxConcurrent bounds the handlers running at once (they are CPU
	// bound: drawing boards, solving); more wait their turn, and the
	// deferral timer runs while they wait. 0 means 2 x GOMAXPROCS.
	MaxConcurrent int
	// PublicURL is the public base URL of the HTTP server
	// (https://host[:port][/prefix]); when set, every board reply gets an
	// "Open board" link button to PublicURL/board/.
	PublicURL string
	// BoardKeys mint the "Open board" links' tokens (the web door checks
	// them with the same ring); nil: replies get no link.
	BoardKeys *boardtoken.Ring
	// Activity turns on the Discord Activity: the entry point command and
	// the "Play in Discord" button (the portal must enable Activities).
	Activity bool
}

// Bot answers interactions arriving through the gateway or the HTTP
// endpoint with the same router and handlers.
type Bot struct {
	cfg     Config
	api     discordAPI
	log     *slog.Logger
	metrics *metrics.Metrics
	router  *Router
	theme   render.Theme

	mu       sync.Mutex // guards draining against inflight.Add
	inflight sync.WaitGroup
	draining atomic.Bool
	// slots admits MaxConcurrent handlers at a time.
	slots chan struct{}
	// play runs the game's use cases: the rules of every door.
	play *game.Service
	// guilds are the use cases of settings and reminders.
	guilds game.Guilds
	// races are the standings of races, for their cards.
	races game.Races
	// boards are the guild's leaderboards.
	boards game.Leaderboards
	// heavyPool runs expensive engine work apart from cheap requests.
	heavyPool *heavy.Pool
	// maker makes the puzzles players ask for, in heavyPool.
	maker *puzzles.Maker
	// keys sign board links; nil when the store keeps none.
	keys   *boardtoken.Ring
	base   context.Context
	cancel context.CancelFunc
	// stopping is closed when Shutdown stops waiting for handlers: those
	// still running are answered with a restart apology at once.
	stopping     chan struct{}
	stoppingOnce sync.Once
	// final carries the answers of interactions (first responses and the
	// edits after deferrals). It outlives base and the requests' own
	// contexts, so an interaction cut short at shutdown is still answered;
	// Shutdown cancels it only when its grace period is over.
	final       context.Context
	finalCancel context.CancelFunc
}

// New builds a bot that talks to Discord through api (a *discordgo.Session
// in production).
func New(api discordAPI, cfg Config) (*Bot, error) {
	if api == nil || cfg.Store == nil || cfg.Play == nil || cfg.Maker == nil || cfg.Heavy == nil ||
		cfg.Guilds.Store == nil || cfg.Races.Store == nil || cfg.Boards.Store == nil {
		return nil, errors.New("bot: New needs a Discord API, a Store, Play, Maker, Heavy, Guilds, Races and Boards")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Metrics == nil {
		cfg.Metrics = metrics.New()
	}
	if cfg.Render == nil {
		cfg.Render = render.BoardPNG
	}
	if cfg.Theme == "" {
		cfg.Theme = "dark"
	}
	theme, err := render.ThemeByName(cfg.Theme)
	if err != nil {
		return nil, fmt.Errorf("bot: %w", err)
	}
	if cfg.DeferAfter == 0 {
		cfg.DeferAfter = 2 * time.Second
	}
	if cfg.HandlerTimeout == 0 {
		cfg.HandlerTimeout = 60 * time.Second
	}
	if cfg.MaxConcurrent <= 0 {
		cfg.MaxConcurrent = 2 * runtime.GOMAXPROCS(0)
	}
	b := &Bot{cfg: cfg, slots: make(chan struct{}, cfg.MaxConcurrent), api: api, log: cfg.Logger, metrics: cfg.Metrics, router: &Router{}, theme: theme,
		play: cfg.Play, maker: cfg.Maker, heavyPool: cfg.Heavy, guilds: cfg.Guilds, races: cfg.Races, boards: cfg.Boards}
	// A race card shows its racers' progress, whichever door they play
	// through.
	b.play.Notify(game.ChangesFunc(b.afterChange))
	b.keys = cfg.BoardKeys
	b.cfg.PublicURL = strings.TrimRight(cfg.PublicURL, "/")
	b.base, b.cancel = context.WithCancel(context.Background())
	b.final, b.finalCancel = context.WithCancel(context.Background())
	b.stopping = make(chan struct{})
	b.router.Use(Logging(b.log, b.metrics), Recover(b.log, b.metrics), Errors)
	b.routes()
	return b, nil
}

// Router returns the bot's router, to add routes (tests add failing ones).
func (b *Bot) Router() *Router { return b.router }

// Metrics returns the bot's metrics, for the daily publisher to count its
// posts in.
func (b *Bot) Metrics() *metrics.Metrics { return b.metrics }

// Admit counts an interaction in unless the bot is shutting down; Done
// lets it go once answered (interactions.Door).
func (b *Bot) Admit() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.draining.Load() {
		return false
	}
	b.inflight.Add(1)
	return true
}

// Done lets go of an interaction Admit counted in.
func (b *Bot) Done() { b.inflight.Done() }

// Unavailable is the answer to an interaction that came while the
// database was not answering its claim: the same words as a use case's
// store.ErrUnavailable, and for an autocomplete no choices.
func (b *Bot) Unavailable(i *discordgo.Interaction) *discordgo.InteractionResponse {
	req := &Request{Interaction: i}
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		return b.toInteractionResponse(req, &Response{Type: discordgo.InteractionApplicationCommandAutocompleteResult})
	}
	return b.toInteractionResponse(req, &Response{Ephemeral: true, apology: true, Content: req.T("error.unavailable", "Ref", i.ID)})
}

// initialFunc sends an interaction's initial response: over REST for the
// gateway, as the HTTP answer for the endpoint.
type initialFunc = func(resp *discordgo.InteractionResponse) error

// Answer answers one interaction that Admit let in and this process
// claimed (interactions.Door): it runs the handler and sends the initial
// response through initial, at once when the handler is fast; when it
// takes longer than DeferAfter it sends a deferral and then edits the
// original response with the result. It returns when the interaction is
// completely answered.
func (b *Bot) Answer(i *discordgo.Interaction, initial initialFunc) error {
	h, req, err := b.router.Route(i)
	if err != nil {
		b.log.Warn("unrouted interaction", "interaction", i.ID, "guild", i.GuildID, "user", userOf(i), "err", err)
		b.metrics.ObserveInteraction("unknown", metrics.OutcomeUserError, 0)
		resp := &Response{Ephemeral: true, Content: l10n.For(string(i.Locale)).T("error.unknown_route")}
		if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
			resp = &Response{Type: discordgo.InteractionApplicationCommandAutocompleteResult}
		}
		return initial(b.toInteractionResponse(&Request{Interaction: i}, resp))
	}
	ctx, cancel := context.WithTimeout(b.base, b.cfg.HandlerTimeout)
	defer cancel()
	type result struct {
		resp *Response
	}
	done := make(chan result, 1)
	// orRestarting is the answer once shutdown has begun: the handler's
	// own reply if it has one by now (a select picks at random when both
	// are ready, and a handler that has stored a move must report it),
	// else the restarting apology.
	orRestarting := func() *Response {
		select {
		case r := <-done:
			return r.resp
		default:
			return restarting(req)
		}
	}
	go func() {
		select {
		case b.slots <- struct{}{}:
		case <-ctx.Done():
			done <- result{apology(req)}
			return
		}
		// The handler gives its slot up while it waits for heavy work.
		slot := heavy.HeldSlot(b.slots)
		defer func() {
			if slot.Held() {
				<-b.slots
			}
		}()
		resp, err := h(heavy.WithSlot(ctx, slot), req)
		if resp == nil {
			b.log.Error("handler returned no response", "interaction", req.ID, "route", req.Route, "err", err)
			resp = apology(req)
		}
		b.addWebButtons(ctx, req, resp)
		done <- result{resp}
	}()
	timer := time.NewTimer(b.cfg.DeferAfter)
	defer timer.Stop()
	select {
	case r := <-done:
		return b.sendInitial(req, initial, b.toInteractionResponse(req, r.resp))
	case <-b.stopping:
		return b.sendInitial(req, initial, b.toInteractionResponse(req, orRestarting()))
	case <-timer.C:
	}
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		// Autocomplete cannot be deferred; Discord drops it if late.
		select {
		case r := <-done:
			return b.sendInitial(req, initial, b.toInteractionResponse(req, r.resp))
		case <-b.stopping:
			return b.sendInitial(req, initial, b.toInteractionResponse(req, &Response{Type: discordgo.InteractionApplicationCommandAutocompleteResult}))
		}
	}
	deferral := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
	switch req.kind {
	case Update:
		deferral.Type = discordgo.InteractionResponseDeferredMessageUpdate
	case Private:
		deferral.Data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
	}
	if err := b.sendInitial(req, initial, deferral); err != nil {
		return err
	}
	var final *Response
	select {
	case r := <-done:
		final = r.resp
	case <-b.stopping:
		final = orRestarting()
	}
	edit := b.toWebhookEdit(final, req.lang())
	if err := b.editOriginal(i, edit); err != nil {
		b.metrics.Error("respond")
		b.log.Error("editing the deferred response failed", "interaction", i.ID, "err", discordclient.Classify(err))
		return fmt.Errorf("edit original response: %w", discordclient.Classify(err))
	}
	return nil
}

func (b *Bot) sendInitial(req *Request, initial initialFunc, resp *discordgo.InteractionResponse) error {
	if err := initial(resp); err != nil {
		b.metrics.Error("respond")
		b.log.Error("responding failed", "interaction", req.ID, "route", req.Route, "err", discordclient.Classify(err))
		return fmt.Errorf("respond: %w", discordclient.Classify(err))
	}
	return nil
}

func userOf(i *discordgo.Interaction) string {
	if i.Member != nil && i.Member.User != nil {
		return i.Member.User.ID
	}
	if i.User != nil {
		return i.User.ID
	}
	return ""
}

// attachments lists new files so an update replaces the old attachments
// instead of adding to them.
func attachments(fs []File) *[]*discordgo.MessageAttachment {
	out := make([]*discordgo.MessageAttachment, len(fs))
	for i, f := range fs {
		out[i] = &discordgo.MessageAttachment{ID: fmt.Sprint(i), Filename: f.Name}
	}
	return &out
}

// toInteractionResponse turns a handler's response into Discord's
// interaction callback.
// It is one of the two places that build the bodies of replies, and fits
// them to Discord's limits.
func (b *Bot) toInteractionResponse(req *Request, r *Response) *discordgo.InteractionResponse {
	r = fit(r, req.lang())
	typ := r.Type
	if typ == 0 {
		typ = discordgo.InteractionResponseChannelMessageWithSource
		if req.kind == Update && (req.Type == discordgo.InteractionMessageComponent || req.Type == discordgo.InteractionModalSubmit) && !r.apology {
			typ = discordgo.InteractionResponseUpdateMessage
		}
	}
	switch typ {
	case discordgo.InteractionApplicationCommandAutocompleteResult:
		ch := r.Choices
		if ch == nil {
			ch = []*discordgo.ApplicationCommandOptionChoice{}
		}
		return &discordgo.InteractionResponse{Type: typ, Data: &discordgo.InteractionResponseData{Choices: ch}}
	case responseLaunchActivity:
		return &discordgo.InteractionResponse{Type: typ}
	case discordgo.InteractionResponseModal:
		return &discordgo.InteractionResponse{Type: typ, Data: &discordgo.InteractionResponseData{
			CustomID: r.CustomID, Title: r.Title, Components: r.Components}}
	}
	data := &discordgo.InteractionResponseData{Content: r.Content, Components: r.Components, Files: discordclient.Files(r.Files),
		AllowedMentions: noPings()}
	if typ == discordgo.InteractionResponseUpdateMessage {
		if data.Components == nil {
			data.Components = []discordgo.MessageComponent{}
		}
		data.Attachments = attachments(r.Files)
	} else if r.Ephemeral || req.kind == Private {
		data.Flags = discordgo.MessageFlagsEphemeral
	}
	return &discordgo.InteractionResponse{Type: typ, Data: data}
}

// toWebhookEdit turns a handler's response into the edit of a deferred
// reply, fitted to Discord's limits like toInteractionResponse.
func (b *Bot) toWebhookEdit(r *Response, l *l10n.Lang) *discordgo.WebhookEdit {
	r = fit(r, l)
	content := r.Content
	comps := r.Components
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	return &discordgo.WebhookEdit{Content: &content, Components: &comps, Files: discordclient.Files(r.Files), Attachments: attachments(r.Files),
		AllowedMentions: noPings()}
}

// restarting answers an interaction cut short by shutdown.
func restarting(r *Request) *Response {
	return &Response{Ephemeral: true, apology: true, Content: r.T("error.restarting", "Ref", r.ID)}
}

// answerReserve is the part of Shutdown's grace period kept for answering
// the interactions whose handlers did not finish in the rest of it.
func answerReserve(grace time.Duration) time.Duration {
	return min(2*time.Second, grace/4)
}

// Shutdown stops taking interactions and waits for those in flight to
// finish. Shortly before ctx's deadline (see answerReserve) it stops
// waiting: handlers still running are cancelled (their store changes fail
// with them) and their interactions answered with a restart apology,
// through a context that outlives the requests', so every accepted
// interaction gets an answer within the grace period. The caller then
// closes the gateway and the store.
func (b *Bot) Shutdown(ctx context.Context) error {
	b.mu.Lock()
	b.draining.Store(true)
	b.mu.Unlock()
	done := make(chan struct{})
	go func() {
		b.inflight.Wait()
		close(done)
	}()
	giveUp := ctx.Done()
	if deadline, ok := ctx.Deadline(); ok {
		wait := time.Until(deadline)
		t := time.NewTimer(wait - answerReserve(wait))
		defer t.Stop()
		stop := make(chan struct{})
		go func() {
			select {
			case <-t.C:
			case <-ctx.Done():
			case <-done:
			}
			close(stop)
		}()
		giveUp = stop
	}
	select {
	case <-done:
		b.cancel()
		b.finalCancel()
		return nil
	case <-giveUp:
	}
	b.stoppingOnce.Do(func() { close(b.stopping) })
	b.cancel()
	select {
	case <-done:
		err := errors.New("bot: some interactions were cut short at shutdown and answered with an apology")
		b.finalCancel()
		return err
	case <-ctx.Done():
		b.finalCancel()
		<-done
		return fmt.Errorf("bot: answers still unsent at the end of the shutdown grace period: %w", ctx.Err())
	}
}

// Draining reports whether Shutdown has begun; /healthz reports it.
func (b *Bot) Draining() bool { return b.draining.Load() }

// noPings keeps mentions in the bot's messages (leaderboards, "this board
// belongs to @x") from notifying anyone.
func noPings() *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
}
