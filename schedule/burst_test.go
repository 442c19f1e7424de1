package schedule_test

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/discordclient"
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/schedule"
	"github.com/sudokubot/sudokubot/store"
)

var (
	burstGuilds  = flag.Int("burst.guilds", 300, "guilds in BenchmarkDailyBurstRealSeconds")
	burstLatency = flag.Duration("burst.latency", 80*time.Millisecond, "the fake Discord's time per request in BenchmarkDailyBurstRealSeconds")
)

// BenchmarkDailyBurstRealSeconds posts -burst.guilds dailies (300) due at
// the same minute on the real clock, through the bot's Poster and a real
// discordgo session, to the fake Discord taking -burst.latency (80 ms)
// per request: half the guilds open a thread on their daily (a second
// request, sent after Discord answers the post), and every tenth guild's
// first answer is lost (the post goes again with its nonce). It reports
// the most requests of every kind the fake received in any real second
// (max-requests/s, which Discord's global limit caps at 50), the most the
// publisher sent in any real second (max-sent/s: the same, before the
// client, the loopback and a loaded machine's scheduling), the requests
// and messages, and the duplicates (which must be 0). Run it with
// -benchtime 1x.
func BenchmarkDailyBurstRealSeconds(b *testing.B) {
	n := *burstGuilds
	for range b.N {
		b.StopTimer()
		ctx, cancel := context.WithCancel(context.Background())
		fake := discordtest.New(b)
		st := openSQLite(b, dbPath(b))
		now := time.Now().UTC()
		hhmm := now.Format("15:04")
		if now.Second() > 50 { // keep the whole burst inside one day's minute
			time.Sleep(time.Duration(61-now.Second()) * time.Second)
			hhmm = time.Now().UTC().Format("15:04")
		}
		for i := range n {
			guild := strconv.Itoa(2000 + i)
			channel := strconv.Itoa(50000 + i)
			fake.AddChannel(&discordgo.Channel{ID: channel, GuildID: guild, Name: "daily", Type: discordgo.ChannelTypeGuildText})
			saveGuild(b, st, store.GuildSettings{GuildID: guild, ChannelID: channel, PostTime: hhmm, TimeZone: "UTC",
				Level: engine.LevelEasy, Enabled: true, Threads: i%2 == 0})
			if i%10 == 5 {
				fake.LoseReplies(channel, 1)
			}
		}
		dailies := daily.NewSource(st, testGenerator)
		if err := dailies.Pregenerate(ctx, time.Now(), []engine.Level{engine.LevelEasy}); err != nil {
			b.Fatal(err)
		}
		sess, err := discordgo.New("Bot " + fake.Token)
		if err != nil {
			b.Fatal(err)
		}
		sess.Client = &http.Client{Transport: toFake{base: fake.URL()}, Timeout: 10 * time.Second}
		sent := &sentLog{}
		s, err := schedule.New(schedule.Config{
			Store: st, Poster: realPoster{discordclient.NewPoster(sess, fake.AppID), sent}, Dailies: dailies, Renderer: fakeRenderer{},
			Logger: testLogger(b), MinBackoff: time.Second, Levels: []engine.Level{engine.LevelEasy},
		})
		if err != nil {
			b.Fatal(err)
		}
		fake.SetLatency(*burstLatency)
		before := fake.Requests()
		b.StartTimer()
		start := time.Now()
		done := make(chan error, 1)
		go func() { done <- s.Run(ctx) }()
		want := n + n/2 // posts and threads
		deadline := time.Now().Add(5 * time.Minute)
		for {
			posts, threads := burstCounts(b, fake, n)
			if posts >= n && threads >= n/2 {
				break
			}
			if time.Now().After(deadline) {
				b.Fatalf("after 5 minutes: %d of %d posted, %d of %d threads", posts, n, threads, n/2)
			}
			time.Sleep(50 * time.Millisecond)
		}
		took := time.Since(start)
		b.StopTimer()
		cancel()
		<-done
		posts, threads := burstCounts(b, fake, n)
		dupes := 0
		for i := range n {
			if k := len(fake.Messages(strconv.Itoa(50000 + i))); k > 1 {
				dupes += k - 1
			}
		}
		b.ReportMetric(float64(n), "guilds")
		b.ReportMetric(float64(posts), "posts")
		b.ReportMetric(float64(threads), "threads")
		b.ReportMetric(float64(fake.Requests()-before), "requests")
		b.ReportMetric(float64(want), "needed")
		b.ReportMetric(float64(fake.MaxPerSecond()), "max-requests/s")
		b.ReportMetric(float64(sent.max()), "max-sent/s")
		b.ReportMetric(took.Seconds(), "burst-s")
		b.ReportMetric(float64(dupes), "dupes")
		if path := os.Getenv("BURST_ARRIVALS"); path != "" {
			// Every request's arrival, for a look at the busiest second.
			at, what := fake.Arrivals()
			var buf []byte
			for i := range at {
				buf = fmt.Appendf(buf, "%s %s\n", at[i].Format("15:04:05.000000"), what[i])
			}
			if err := os.WriteFile(path, buf, 0o644); err != nil {
				b.Error(err)
			}
		}
		b.Logf("%d guilds: %d posts, %d threads, %d requests in %s; at most %d requests in a real second at the fake, %d sent by the publisher; %d duplicates",
			n, posts, threads, fake.Requests()-before, took.Round(time.Millisecond), fake.MaxPerSecond(), sent.max(), dupes)
		if m := fake.MaxPerSecond(); m > schedule.DefaultPostRate || dupes != 0 {
			b.Errorf("%d requests in one real second (limit %d), %d duplicates", m, schedule.DefaultPostRate, dupes)
		}
	}
}

// burstCounts is the guilds posted and the threads opened, from the
// fake's record of calls.
func burstCounts(b *testing.B, fake *discordtest.Server, n int) (posts, threads int) {
	for i := range n {
		if len(fake.Messages(strconv.Itoa(50000+i))) > 0 {
			posts++
		}
	}
	for _, c := range fake.Calls(http.MethodPost, "/threads") {
		if c.Status == http.StatusCreated || c.Status == http.StatusOK {
			threads++
		}
	}
	return posts, threads
}

// toFake sends discordgo's requests for discord.com to the fake.
type toFake struct{ base string }

func (r toFake) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.URL.Scheme, req.URL.Host = "http", r.base[len("http://"):]
	return http.DefaultTransport.RoundTrip(req)
}

// realPoster adapts the Discord client's Poster to the publisher's, as app does, and
// logs when the publisher sends each request (before the client and the
// network), to tell the publisher's pacing from the machine's delays.
type realPoster struct {
	p    *discordclient.Poster
	sent *sentLog
}

// sentLog is the wall-clock time of each request the publisher sent.
type sentLog struct {
	mu sync.Mutex
	at []time.Time
}

func (l *sentLog) add() {
	l.mu.Lock()
	l.at = append(l.at, time.Now())
	l.mu.Unlock()
}

func (l *sentLog) max() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return discordtest.MaxInWindow(append([]time.Time(nil), l.at...), time.Second)
}

func (a realPoster) PostDaily(ctx context.Context, channelID string, p schedule.Post) (string, error) {
	a.sent.add()
	files := make([]discordclient.File, len(p.Files))
	for i, f := range p.Files {
		files[i] = discordclient.File{Name: f.Name, ContentType: f.ContentType, Data: f.Data}
	}
	return a.p.PostDaily(ctx, channelID, discordclient.DailyMessage{Content: p.Content, Files: files, Nonce: p.Nonce})
}

func (a realPoster) FindDaily(ctx context.Context, channelID, marker string, since time.Time) (string, error) {
	a.sent.add()
	return a.p.FindDaily(ctx, channelID, marker, since)
}

func (a realPoster) StartThread(ctx context.Context, channelID, messageID, name string) (string, error) {
	a.sent.add()
	return a.p.StartThread(ctx, channelID, messageID, name)
}
