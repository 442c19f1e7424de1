package schedule

import (
	"container/heap"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/robfig/cron/v3"
	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/store"
)

// Store is what the scheduler needs of the store; *store.Store has it.
type Store interface {
	daily.PuzzleStore
	EnabledGuilds(ctx context.Context) ([]store.GuildSettings, error)
	GuildSettings(ctx context.Context, guildID string) (store.GuildSettings, error)
	SetPostProblem(ctx context.Context, guildID string, p store.PostProblem) error
	ClaimDailyPost(ctx context.Context, guildID string, day store.Day, at time.Time) error
	ReleaseDailyPost(ctx context.Context, guildID string, day store.Day, claimedAt time.Time, errText string) error
	RecordDailyPost(ctx context.Context, guildID string, day store.Day, p store.DailyPost) error
	DailyPost(ctx context.Context, guildID string, day store.Day) (store.DailyPost, error)
	UnresolvedClaims(ctx context.Context, guildID string) ([]store.DailyPost, error)
	DailyStats(ctx context.Context, guildID, day string) (store.DailyStats, error)
	DailiesLeaderboard(ctx context.Context, guildID, from, to string, limit int) ([]store.LeaderboardEntry, error)
}

// Renderer draws the images of a post. The default draws with package
// render through daily.PNG and daily.SolutionPNG.
type Renderer interface {
	Puzzle(p store.Puzzle, day store.Day, level engine.Level) ([]byte, error)
	Solution(p store.Puzzle, day store.Day, level engine.Level) ([]byte, error)
}

// PNGRenderer is the Renderer of the real posts.
type PNGRenderer struct{}

// Puzzle draws the daily as posted.
func (PNGRenderer) Puzzle(p store.Puzzle, day store.Day, level engine.Level) ([]byte, error) {
	return daily.PNG(p, day, level)
}

// Solution draws the daily's solution.
func (PNGRenderer) Solution(p store.Puzzle, day store.Day, level engine.Level) ([]byte, error) {
	return daily.SolutionPNG(p, day, level)
}

// Config is everything a Scheduler needs. Store, Poster and Dailies are
// required; New documents each default.
type Config struct {
	Store    Store
	Poster   Poster
	Dailies  *daily.Source
	Renderer Renderer
	Clock    Clock
	Logger   *slog.Logger
	// Owns says whether this process posts for a guild (see OwnShards).
	Owns func(guildID string) bool
	// Elector, when set, lets this process post only while it leads.
	Elector Elector
	// Grace is how late a post may still go out: a guild whose time today
	// passed less than Grace ago (the process was down) gets its post at
	// start-up; retries stop Grace after the posting time.
	Grace time.Duration
	// ClaimTimeout is how long a claim without a recorded message is
	// presumed in progress (another process posting); after it, its outcome
	// is unknown and is settled by sending the same post again with its
	// nonce while NonceWindow lasts (safe even if the first is still on its
	// way: Discord keeps one), else by looking for the message in the
	// channel. It must leave room within NonceWindow for the resend.
	ClaimTimeout time.Duration
	// MinBackoff and MaxBackoff bound the exponential backoff of retries.
	// A 429 waits its retry_after instead.
	MinBackoff, MaxBackoff time.Duration
	// NonceWindow is how long after a post of unknown outcome the same
	// post may be sent again with the same nonce: Discord (enforce_nonce)
	// answers a second message with the nonce of one the bot sent within
	// "the past few minutes" with that message rather than a new one. It
	// must not exceed Discord's window, taken as 60 s, less a margin for
	// the request and the clocks; later, the channel is searched, and
	// where the bot may not read its history the post is given up for
	// the day rather than sent blindly again.
	NonceWindow time.Duration
	// Refresh is how often the settings saved since the last look are
	// reloaded, to pick up changes made through another process (all
	// settings when the Store cannot list changes: see SettingsLister).
	Refresh time.Duration
	// FullRefresh is how often the settings of every guild are reloaded,
	// a safety net for changes stamped by a clock far behind.
	FullRefresh time.Duration
	// ElectEvery is how often the Elector is asked.
	ElectEvery time.Duration
	// Pregenerate is a cron spec (cron's standard parser) for the job that
	// makes the coming days' dailies ahead of time.
	Pregenerate string
	// Levels are always pregenerated, besides the levels guilds use.
	Levels []engine.Level
	// Workers is how many posts may be in flight at once. At Discord's
	// 50 requests a second and a few hundred milliseconds a request, 32
	// keeps the rate limit, not the workers, the bottleneck.
	Workers int
	// PostRate is the bot's global request limit (requests in any second,
	// all processes together) that the default Limiter enforces.
	PostRate int
	// Limiter spaces the requests. The default shares PostRate with every
	// process using the same database (SharedRate); LocalRate(PostRate /
	// processes) is the alternative without one.
	Limiter RateLimiter
	// SlotBatch is how many request slots are reserved from the Limiter
	// at a time.
	SlotBatch int
}

// SettingsLister is the optional Store method that lists the settings
// saved since a time; *store.Store has it. Without it the periodic reload
// reads every enabled guild.
type SettingsLister interface {
	GuildSettingsSince(ctx context.Context, since time.Time) ([]store.GuildSettings, error)
}

// PostedLister is the optional Store method that lists the guilds whose
// daily of a day was posted; *store.Store has it. Start-up uses it to skip
// the catch-up of guilds already posted without a request slot each.
type PostedLister interface {
	PostedGuilds(ctx context.Context, day store.Day) ([]string, error)
}

// Scheduler posts each enabled guild's daily at the guild's local time,
// exactly once, across restarts and processes sharing a store. Its clock
// is a parameter: Run sleeps on Config.Clock, and RunDue does whatever is
// due at the clock's present time, so tests drive days of posts with a
// fake clock (internal/fakeclock).
//
// At scale: guilds wait in a heap by their next wake-up, so a round costs
// the guilds due rather than all guilds; due posts go to a queue in due
// order, drained at the rate limit (Config.Limiter) by up to
// Config.Workers posts in flight, without holding up the next minute.
type Scheduler struct {
	cfg    Config
	log    *slog.Logger
	clock  Clock
	pregen cron.Schedule
	chain  cron.Chain

	runMu  sync.Mutex // one RunDue at a time
	slotMu sync.Mutex // guards slots
	slots  slots

	mu         sync.Mutex
	guilds     map[string]*entry
	wakes      wakeHeap    // idle entries with something to do, by wake-up
	ready      readyHeap   // posts waiting for a request slot, in due order
	settle     []settleJob // crash-left claims to settle, one request each
	inflight   int
	changed    map[string]bool
	locs       map[string]*time.Location // zone name -> parsed, shared by guilds
	started    bool
	leader     bool
	nextElect  time.Time
	nextSync   time.Time
	nextFull   time.Time
	syncMark   time.Time // the latest UpdatedAt seen in the store
	nextPregen time.Time
	kick       chan struct{}
	bg         sync.WaitGroup
	pregenBusy bool

	imgMu  sync.Mutex
	images map[imageKey][]byte // PNGs of puzzles and solutions
}

// entry is one guild's job: its schedule and the work pending for it.
type entry struct {
	settings store.GuildSettings
	sched    DailySchedule
	fire     time.Time // next regular firing
	task     *task     // a post to make or finish, nil when none
	wakeAt   time.Time // wake() when it was put in the wake heap
	index    int       // position in the heap holding it, -1 for none
	state    uint8
}

// imageKey names a picture of a post: a daily's puzzle or solution.
type imageKey struct {
	day   store.Day
	level engine.Level
	kind  string
}

// task is a post for one day: a first attempt, a retry after backoff, a
// wait for another process's claim, or a message to record.
type task struct {
	day     store.Day
	at      time.Time // when to run
	firedAt time.Time // the posting time it belongs to; Grace counts from it
	attempt int       // failed attempts so far
	// messageID is set when Discord took the message but the store did
	// not record it yet: only the record is retried.
	messageID string
	// verify is set after an outcome-unknown failure of our own request:
	// look for the message before posting again.
	verify bool
	// recheck is set on a task that is likely settled already (another
	// process held its claim, or settings changed after today's post): it
	// runs without a request slot and only reads the store; if it finds a
	// request is needed after all, it goes back to the queue for a slot.
	recheck bool
	// threadFor is the recorded message whose discussion thread is still
	// to open: the thread is a request of its own, with its own slot.
	threadFor string
	// claimed is the time of this task's own claim when its slot went
	// stale between the claim and the request: the next run sends under
	// that claim without claiming again.
	claimed time.Time
}

func (e *entry) wake() time.Time {
	if e.task != nil && (e.fire.IsZero() || e.task.at.Before(e.fire)) {
		return e.task.at
	}
	return e.fire
}

// DefaultPostRate is Discord's global rate limit: requests a second per
// bot, across all its processes.
const DefaultPostRate = 50

// New returns a Scheduler. Defaults: Clock SystemClock(), Logger
// slog.Default(), Owns every guild, no Elector (always active), Grace 6 h,
// ClaimTimeout 15 s, backoff 30 s doubling to 15 min, NonceWindow 45 s, Refresh 5 min,
// FullRefresh 24 h, ElectEvery 15 s, Pregenerate "CRON_TZ=UTC 7 * * * *"
// (hourly), Levels every level, Renderer PNGRenderer, Workers 32,
// PostRate 50, SlotBatch 10, and Limiter SharedRate over the Store when it
// is a RateStore (*store.Store is), else LocalRate(PostRate).
func New(cfg Config) (*Scheduler, error) {
	if cfg.Store == nil || cfg.Poster == nil || cfg.Dailies == nil {
		return nil, errors.New("schedule: Store, Poster and Dailies are required")
	}
	if cfg.Clock == nil {
		cfg.Clock = SystemClock()
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Owns == nil {
		cfg.Owns = func(string) bool { return true }
	}
	if cfg.Renderer == nil {
		cfg.Renderer = PNGRenderer{}
	}
	setDefault(&cfg.Grace, 6*time.Hour)
	setDefault(&cfg.ClaimTimeout, 15*time.Second)
	setDefault(&cfg.MinBackoff, 30*time.Second)
	setDefault(&cfg.MaxBackoff, 15*time.Minute)
	setDefault(&cfg.NonceWindow, 45*time.Second)
	setDefault(&cfg.Refresh, 5*time.Minute)
	setDefault(&cfg.FullRefresh, 24*time.Hour)
	setDefault(&cfg.ElectEvery, 15*time.Second)
	if cfg.Pregenerate == "" {
		cfg.Pregenerate = "CRON_TZ=UTC 7 * * * *"
	}
	if len(cfg.Levels) == 0 {
		cfg.Levels = slices.Clone(engine.Levels)
	}
	if cfg.Workers <= 0 {
		cfg.Workers = 32
	}
	if cfg.PostRate <= 0 {
		cfg.PostRate = DefaultPostRate
	}
	if cfg.SlotBatch <= 0 {
		cfg.SlotBatch = 10
	}
	if cfg.Limiter == nil {
		if ss, ok := cfg.Store.(RateStore); ok {
			cfg.Limiter = SharedRate(ss, DefaultRateName, cfg.PostRate)
		} else {
			cfg.Limiter = LocalRate(cfg.PostRate)
		}
	}
	pregen, err := cron.ParseStandard(cfg.Pregenerate)
	if err != nil {
		return nil, fmt.Errorf("schedule: pregenerate spec %q: %w", cfg.Pregenerate, err)
	}
	s := &Scheduler{
		cfg:     cfg,
		log:     cfg.Logger,
		clock:   cfg.Clock,
		pregen:  pregen,
		guilds:  map[string]*entry{},
		changed: map[string]bool{},
		locs:    map[string]*time.Location{},
		kick:    make(chan struct{}, 1),
		images:  map[imageKey][]byte{},
	}
	s.chain = cron.NewChain(cron.Recover(cronLogger{s.log}))
	return s, nil
}

func setDefault(d *time.Duration, v time.Duration) {
	if *d <= 0 {
		*d = v
	}
}

// SettingsChanged tells the scheduler that a guild's settings were saved
// (the bot calls it when /sudoku-config saves): its job is rebuilt from the
// store at once, without a restart, and a guild stopped by a posting
// problem is tried again.
func (s *Scheduler) SettingsChanged(guildID string) {
	s.mu.Lock()
	s.changed[guildID] = true
	s.mu.Unlock()
	s.wakeUp()
}

func (s *Scheduler) wakeUp() {
	select {
	case s.kick <- struct{}{}:
	default:
	}
}

// Run does the scheduler's work until ctx ends, sleeping on the Clock in
// between, and returns ctx's error after the posts in progress finish.
func (s *Scheduler) Run(ctx context.Context) error {
	defer s.bg.Wait()
	for {
		next := s.RunDue(ctx)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		t := s.clock.NewTimer(next.Sub(s.clock.Now()))
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C():
		case <-s.kick:
			t.Stop()
		}
	}
}

// Wait blocks until the work RunDue started in the background (posts and
// pregeneration) finishes.
func (s *Scheduler) Wait() { s.bg.Wait() }

// Backlog returns the number of posts waiting for a request slot and the
// number in flight.
func (s *Scheduler) Backlog() (queued, inflight int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.ready) + len(s.settle), s.inflight
}

// RunDue does everything due at the clock's present time: it queues the
// posts that fell due and starts as many queued posts as the rate limit
// and Config.Workers allow, in the background (Wait waits for them). It
// returns when it next has something to do; a post finishing wakes Run
// early.
func (s *Scheduler) RunDue(ctx context.Context) time.Time {
	s.runMu.Lock()
	defer s.runMu.Unlock()
	now := s.clock.Now()
	if !s.checkLeader(ctx, now) {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.nextElect
	}
	if f, ok := s.cfg.Elector.(Fencer); ok {
		// Everything this round starts claims under this term.
		ctx = f.Fenced(ctx)
	}
	s.mu.Lock()
	started := s.started
	s.mu.Unlock()
	if !started {
		if err := s.startup(ctx, now); err != nil {
			s.log.Error("daily scheduler start-up failed; retrying", "err", err)
			return now.Add(s.cfg.MinBackoff)
		}
	}
	s.applyChanges(ctx, now)
	s.maybeSync(ctx, now)
	s.maybePregenerate(ctx, now)
	s.collectDue(now)
	slotAt := s.dispatch(ctx)
	return s.nextWake(now, slotAt)
}

// dispatch starts queued posts (and settlements of crash-left claims)
// while request slots and workers allow, and returns when the next slot
// comes (zero if it need not wait for one). Each run makes at most one
// request to Discord, on the slot taken here just before it starts; a
// follow-up request (a thread, a post after a search) is queued again for
// a slot of its own.
func (s *Scheduler) dispatch(ctx context.Context) time.Time {
	for {
		s.mu.Lock()
		if (len(s.ready) == 0 && len(s.settle) == 0) || s.inflight >= s.cfg.Workers {
			s.mu.Unlock()
			return time.Time{}
		}
		settling := len(s.settle) > 0
		var e *entry
		need := 1
		if !settling {
			e = s.ready[0]
			need = requestsOf(e)
		}
		want := len(s.ready) + len(s.settle)
		s.mu.Unlock()
		var slot time.Time
		if need > 0 {
			// The clock moves while a round works (start-up, reloads,
			// earlier dispatches): slots are judged against the time the
			// request goes, not the time the round began.
			ok, at := s.take(ctx, s.clock.Now(), need, want)
			if !ok {
				return at
			}
			slot = at
		}
		s.mu.Lock()
		if settling {
			if len(s.settle) == 0 {
				s.mu.Unlock()
				continue
			}
			job := s.settle[0]
			s.settle = s.settle[1:]
			s.inflight++
			s.bg.Add(1)
			s.mu.Unlock()
			go s.runSettle(ctx, job, slot)
			continue
		}
		if len(s.ready) == 0 || s.ready[0] != e {
			// Changed while the limiter was asked; the slots go unused.
			s.mu.Unlock()
			continue
		}
		heap.Pop(&s.ready)
		e.state = stateRunning
		s.inflight++
		t := *e.task
		gs := e.settings
		s.bg.Add(1)
		s.mu.Unlock()
		go s.run(ctx, gs, t, slot)
	}
}

// requestsOf is the number of request slots the next attempt of e's task
// takes: one (a post, a search, a thread), or none when only the record
// is retried or the task is likely settled already and only reads the
// store (a recheck: if it needs a request after all, it takes a slot
// free at that moment, or goes back to the queue).
func requestsOf(e *entry) int {
	t := e.task
	if t.threadFor == "" && (t.messageID != "" || t.recheck) {
		return 0
	}
	return 1
}

// run makes one attempt at a post, in its own goroutine.
func (s *Scheduler) run(ctx context.Context, gs store.GuildSettings, t task, slot time.Time) {
	defer s.bg.Done()
	var next *task
	ok := false
	s.chain.Then(cron.FuncJob(func() {
		next = s.attempt(ctx, gs, t, slot)
		ok = true
	})).Run()
	if !ok { // recovered from a panic (logged by cron.Recover)
		next = s.retry(t, s.clock.Now(), errors.New("panic in daily post"), s.log.With("guild", gs.GuildID))
	}
	s.finish(gs.GuildID, &t, next)
	s.wakeUp() // a worker is free
}

// lostLead is what a claim refused for a term that is over
// (store.ErrFenced) does: this process no longer leads; it asks again at
// once, and if it leads again later starts afresh.
func (s *Scheduler) lostLead(log *slog.Logger, err error) {
	log.Warn("daily post not claimed: another process leads now", "err", err)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.leader = false
	s.nextElect = time.Time{}
}

// checkLeader asks the Elector when due and reports whether this process
// may post now.
func (s *Scheduler) checkLeader(ctx context.Context, now time.Time) bool {
	if s.cfg.Elector == nil {
		return true
	}
	s.mu.Lock()
	ask := !now.Before(s.nextElect)
	leader := s.leader
	s.mu.Unlock()
	if !ask {
		return leader
	}
	ok, err := s.cfg.Elector.Leader(ctx)
	if err != nil {
		s.log.Warn("leader election failed", "err", err)
		ok = false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if ok != s.leader {
		s.log.Info("daily publisher leadership changed", "leader", ok)
		if ok {
			s.started = false // load everything afresh, as at start-up
		}
	}
	s.leader = ok
	s.nextElect = now.Add(s.cfg.ElectEvery)
	return ok
}

// collectDue turns due firings into tasks and queues the tasks due.
func (s *Scheduler) collectDue(now time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(s.wakes) > 0 && !s.wakes[0].wakeAt.After(now) {
		e := heap.Pop(&s.wakes).(*entry)
		if !e.fire.IsZero() && !e.fire.After(now) {
			fired := e.fire
			e.fire = e.sched.Next(now)
			day := store.DayOf(fired, e.sched.Location)
			switch {
			case now.Sub(fired) > s.cfg.Grace:
				s.log.Warn("daily post missed: later than the grace window", "guild", e.settings.GuildID, "day", day,
					"due", fired, "grace", s.cfg.Grace)
			case e.task != nil && e.task.day == day:
				// Already on it (a catch-up or a retry).
			default:
				if e.task != nil {
					s.log.Warn("daily post abandoned for the next day's", "guild", e.settings.GuildID, "day", e.task.day)
				}
				e.task = &task{day: day, at: now, firedAt: fired}
			}
		}
		if e.task != nil && !e.task.at.After(now) {
			e.state = stateQueued
			heap.Push(&s.ready, e)
			continue
		}
		s.reschedule(e)
	}
}

// finish stores the outcome of a task run.
func (s *Scheduler) finish(guildID string, ran, next *task) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.inflight--
	e, ok := s.guilds[guildID]
	if !ok {
		return
	}
	if e.state == stateRunning || e.state == stateBlocked {
		e.state = stateIdle
	}
	// The entry may have been rebuilt (settings changed) or moved to a new
	// day while the task ran; only the task that ran is replaced.
	if e.task != nil && e.task.day == ran.day && e.task.at.Equal(ran.at) {
		e.task = next
	}
	s.reschedule(e)
}

// nextWake is the earliest of the next guild wake-up, the next request
// slot for the queue (slotAt), and the periodic jobs.
func (s *Scheduler) nextWake(now, slotAt time.Time) time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	next := s.nextSync
	if s.nextPregen.Before(next) {
		next = s.nextPregen
	}
	if s.cfg.Elector != nil && s.nextElect.Before(next) {
		next = s.nextElect
	}
	if len(s.wakes) > 0 && s.wakes[0].wakeAt.Before(next) {
		next = s.wakes[0].wakeAt
	}
	soon := now.Add(rateWindow / time.Duration(s.cfg.PostRate))
	if len(s.ready) > 0 || len(s.settle) > 0 {
		w := slotAt
		if s.inflight >= s.cfg.Workers || w.IsZero() {
			w = soon // every worker is busy
		}
		if w.Before(next) {
			next = w
		}
	}
	if s.inflight > 0 && soon.Before(next) {
		// A post in flight may end in a retry whose time is not known
		// yet. Run is woken by each post that finishes; a caller that
		// waits for the posts (Wait) and then calls RunDue sees it at
		// this time at the latest.
		next = soon
	}
	return next
}

// syncOverlap is how far before the latest change seen the periodic
// reload looks again: a save stamped by a slightly slow clock, or
// committed a little after a later one, is still seen.
const syncOverlap = 10 * time.Minute

// startup loads every owned guild, resolves claims left by a process that
// died mid-post, and queues today's posts whose time passed within Grace
// and are not posted yet.
func (s *Scheduler) startup(ctx context.Context, now time.Time) error {
	list, err := s.cfg.Store.EnabledGuilds(ctx)
	if err != nil {
		return err
	}
	var mark time.Time
	guilds := make(map[string]*entry, len(list))
	for _, gs := range list {
		if gs.UpdatedAt.After(mark) {
			mark = gs.UpdatedAt
		}
		if s.cfg.Owns(gs.GuildID) {
			if e := s.newEntry(gs, now, true); e != nil {
				guilds[gs.GuildID] = e
			}
		}
	}
	skipped := s.skipPosted(ctx, guilds)
	wakes := make(wakeHeap, 0, len(guilds))
	for _, e := range guilds {
		if w := e.wake(); !w.IsZero() {
			e.wakeAt = w
			e.index = len(wakes)
			wakes = append(wakes, e)
		}
	}
	heap.Init(&wakes)
	s.mu.Lock()
	for _, e := range s.guilds { // a restart under a new leadership
		if e.state == stateRunning || e.state == stateBlocked {
			if n, ok := guilds[e.settings.GuildID]; ok {
				n.state = stateBlocked
				if n.index >= 0 {
					heap.Remove(&wakes, n.index)
				}
			}
		}
	}
	s.guilds = guilds
	s.wakes = wakes
	s.ready = nil
	s.settle = nil
	s.started = true
	s.syncMark = mark
	s.nextSync = now.Add(s.cfg.Refresh)
	s.nextFull = now.Add(s.cfg.FullRefresh)
	s.nextPregen = now // pregenerate at once
	s.mu.Unlock()
	s.log.Info("daily scheduler started", "guilds", len(guilds), "catch_up_already_posted", skipped)
	s.resolveOldClaims(ctx, now, guilds)
	return nil
}

// skipPosted drops the catch-up tasks of guilds whose daily of that day is
// already posted, with one query per day, and returns how many it dropped.
func (s *Scheduler) skipPosted(ctx context.Context, guilds map[string]*entry) int {
	pl, ok := s.cfg.Store.(PostedLister)
	if !ok {
		return 0
	}
	days := map[store.Day]bool{}
	for _, e := range guilds {
		if e.task != nil {
			days[e.task.day] = true
		}
	}
	n := 0
	for day := range days {
		ids, err := pl.PostedGuilds(ctx, day)
		if err != nil {
			s.log.Warn("listing posted guilds; each catch-up checks its own", "day", day, "err", err)
			continue
		}
		for _, id := range ids {
			if e, ok := guilds[id]; ok && e.task != nil && e.task.day == day {
				e.task = nil
				n++
			}
		}
	}
	return n
}

// schedule returns the parsed schedule of a post time and zone. Each zone
// is parsed once: guilds share one *time.Location per zone, which keeps
// the memory and start-up time of 100,000 guilds small.
func (s *Scheduler) schedule(hhmm, zone string) (DailySchedule, error) {
	s.mu.Lock()
	loc, ok := s.locs[zone]
	s.mu.Unlock()
	if ok {
		h, m, err := parseHHMM(hhmm)
		if err != nil {
			return DailySchedule{}, err
		}
		return DailySchedule{Hour: h, Minute: m, Location: loc}, nil
	}
	d, err := ParseDaily(hhmm, zone)
	if err != nil {
		return d, err
	}
	s.mu.Lock()
	s.locs[zone] = d.Location
	s.mu.Unlock()
	return d, nil
}

// newEntry builds a guild's job from its settings; with catchUp, today's
// post is queued if its time passed less than Grace ago. It returns nil for
// a guild that cannot be scheduled (and says why in its settings' error).
func (s *Scheduler) newEntry(gs store.GuildSettings, now time.Time, catchUp bool) *entry {
	if !gs.Enabled || gs.ChannelID == "" {
		return nil
	}
	sched, err := s.schedule(gs.PostTime, gs.TimeZone)
	if err != nil {
		s.log.Warn("guild's daily cannot be scheduled", "guild", gs.GuildID, "err", err)
		return nil
	}
	e := &entry{settings: gs, sched: sched, fire: sched.Next(now), index: -1}
	if !gs.Problem.IsZero() {
		// Stopped by a problem (a 403) until an admin saves the settings.
		e.fire = time.Time{}
		return e
	}
	if catchUp {
		lt := now.In(sched.Location)
		today := store.DayOf(now, sched.Location)
		f := sched.At(lt.Year(), lt.Month(), lt.Day())
		if !f.After(now) && now.Sub(f) <= s.cfg.Grace && store.DayOf(f, sched.Location) == today {
			e.task = &task{day: today, at: now, firedAt: f}
		}
	}
	return e
}

// applyChanges rebuilds the jobs of guilds whose settings changed.
func (s *Scheduler) applyChanges(ctx context.Context, now time.Time) {
	s.mu.Lock()
	if len(s.changed) == 0 {
		s.mu.Unlock()
		return
	}
	ids := make([]string, 0, len(s.changed))
	for id := range s.changed {
		ids = append(ids, id)
	}
	s.changed = map[string]bool{}
	s.mu.Unlock()
	sort.Strings(ids)
	for _, id := range ids {
		gs, err := s.cfg.Store.GuildSettings(ctx, id)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			s.log.Warn("reload guild settings", "guild", id, "err", err)
			s.SettingsChanged(id) // try again on the next round
			continue
		}
		s.replace(id, gs, now, err == nil)
	}
}

// replace installs a guild's new settings; its pending work is dropped
// and today's post, if due and not done, is queued again.
func (s *Scheduler) replace(id string, gs store.GuildSettings, now time.Time, found bool) {
	var e *entry
	if found && s.cfg.Owns(id) {
		e = s.newEntry(gs, now, true)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if found && gs.UpdatedAt.After(s.syncMark) {
		s.syncMark = gs.UpdatedAt
	}
	old := s.guilds[id]
	busy := false
	if old != nil {
		busy = old.state == stateRunning || old.state == stateBlocked
		s.unlink(old)
	}
	if e == nil {
		delete(s.guilds, id)
		return
	}
	if busy {
		e.state = stateBlocked // finish will clear it; its outcome is dropped
	}
	if e.task != nil {
		e.task.recheck = true // today's post may well be out already
	}
	s.guilds[id] = e
	s.reschedule(e)
	s.log.Info("daily job rebuilt", "guild", id, "time", gs.PostTime, "zone", gs.TimeZone, "next", e.fire)
}

// maybeSync reloads, when Refresh has passed, the settings saved since the
// last look (every guild's when FullRefresh has passed, or the Store cannot
// list changes), to pick up changes saved by other processes.
func (s *Scheduler) maybeSync(ctx context.Context, now time.Time) {
	s.mu.Lock()
	due := !now.Before(s.nextSync)
	full := !now.Before(s.nextFull)
	since := s.syncMark.Add(-syncOverlap)
	if due {
		s.nextSync = now.Add(s.cfg.Refresh)
	}
	if full {
		s.nextFull = now.Add(s.cfg.FullRefresh)
	}
	s.mu.Unlock()
	if !due && !full {
		return
	}
	lister, ok := s.cfg.Store.(SettingsLister)
	if full || !ok {
		s.fullSync(ctx, now)
		return
	}
	list, err := lister.GuildSettingsSince(ctx, since)
	if err != nil {
		s.log.Warn("reload changed guild settings", "err", err)
		return
	}
	s.mu.Lock()
	for _, gs := range list {
		if gs.UpdatedAt.After(s.syncMark) {
			s.syncMark = gs.UpdatedAt
		}
		e, ok := s.guilds[gs.GuildID]
		switch {
		case !ok && (!gs.Enabled || !s.cfg.Owns(gs.GuildID)):
		case !ok || !sameSettings(e.settings, gs):
			s.changed[gs.GuildID] = true
		}
	}
	s.mu.Unlock()
	s.applyChanges(ctx, now)
}

// fullSync compares every enabled guild's settings with the jobs.
func (s *Scheduler) fullSync(ctx context.Context, now time.Time) {
	list, err := s.cfg.Store.EnabledGuilds(ctx)
	if err != nil {
		s.log.Warn("reload guild settings", "err", err)
		return
	}
	seen := make(map[string]bool, len(list))
	var stale []string
	s.mu.Lock()
	for _, gs := range list {
		seen[gs.GuildID] = true
		if gs.UpdatedAt.After(s.syncMark) {
			s.syncMark = gs.UpdatedAt
		}
		e, ok := s.guilds[gs.GuildID]
		if !s.cfg.Owns(gs.GuildID) {
			continue
		}
		if !ok || !sameSettings(e.settings, gs) {
			s.changed[gs.GuildID] = true
		}
	}
	for id := range s.guilds {
		if !seen[id] {
			stale = append(stale, id)
		}
	}
	s.mu.Unlock()
	for _, id := range stale {
		s.replace(id, store.GuildSettings{}, now, false)
	}
	s.applyChanges(ctx, now)
}

// sameSettings compares what a job depends on. The problem is left out on
// purpose except for its being cleared: marking a guild with a problem
// must not count as a change that lifts the stop.
func sameSettings(a, b store.GuildSettings) bool {
	return a.ChannelID == b.ChannelID && a.PostTime == b.PostTime && a.TimeZone == b.TimeZone &&
		a.Level == b.Level && a.Enabled == b.Enabled && a.Threads == b.Threads &&
		a.UpdatedAt.Equal(b.UpdatedAt) && a.Problem.IsZero() == b.Problem.IsZero()
}

// maybePregenerate starts the pregeneration job in the background when
// its cron schedule says so.
func (s *Scheduler) maybePregenerate(ctx context.Context, now time.Time) {
	s.mu.Lock()
	if now.Before(s.nextPregen) || s.pregenBusy {
		s.mu.Unlock()
		return
	}
	s.nextPregen = s.pregen.Next(now)
	s.pregenBusy = true
	levels := map[engine.Level]bool{}
	for _, l := range s.cfg.Levels {
		levels[l] = true
	}
	for _, e := range s.guilds {
		levels[e.settings.Level] = true
	}
	s.mu.Unlock()
	list := make([]engine.Level, 0, len(levels))
	for l := range levels {
		list = append(list, l)
	}
	slices.Sort(list)
	s.bg.Add(1)
	go func() {
		defer s.bg.Done()
		defer func() {
			s.mu.Lock()
			s.pregenBusy = false
			s.mu.Unlock()
		}()
		s.chain.Then(cron.FuncJob(func() {
			if err := s.cfg.Dailies.Pregenerate(ctx, now, list); err != nil {
				s.log.Warn("pregenerating dailies", "err", err)
			}
		})).Run()
	}()
}

// cronLogger lets cron's job wrappers (Recover) log through slog.
type cronLogger struct{ l *slog.Logger }

func (c cronLogger) Info(msg string, kv ...any) { c.l.Info(msg, kv...) }
func (c cronLogger) Error(err error, msg string, kv ...any) {
	c.l.Error(msg, append([]any{"err", err}, kv...)...)
}
