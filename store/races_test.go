package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
)

// TestRaces: a race starts with the host's board; racers' games are
// listed in the order they joined; the card's message is set once.
func TestRaces(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		s := openStore(t, be.newDSN(t))
		p := savePuzzle(t, s, loadFixtures(t)[0], engine.LevelEasy)
		_, _, err := s.CreateRace(ctx, Race{HostID: "u1", PuzzleID: p.ID, CreatedAt: t0, JoinBy: t0, EndsAt: t0.Add(time.Hour)})
		mustIs(t, err, ErrInvalid, "a race whose joining closes at once")
		r, g, err := s.CreateRace(ctx, Race{GuildID: "g1", ChannelID: "c1", HostID: "u1", OpponentID: "u2", PuzzleID: p.ID,
			CreatedAt: t0, JoinBy: t0.Add(10 * time.Minute), EndsAt: t0.Add(time.Hour)})
		must(t, err, "CreateRace")
		if r.ID == 0 || g.UserID != "u1" || g.Context != RaceContext(r.ID) || g.PuzzleID != p.ID {
			t.Fatalf("race %+v, host game %+v", r, g)
		}
		_, _, err = s.StartGame(ctx, NewGame{UserID: "u2", GuildID: "g1", PuzzleID: p.ID, Context: RaceContext(r.ID), StartedAt: t0.Add(time.Minute)})
		must(t, err, "join")
		must(t, s.SetRaceMessage(ctx, r.ID, "m1"), "card")
		must(t, s.SetRaceMessage(ctx, r.ID, "m2"), "card again")
		got, err := s.Race(ctx, r.ID)
		must(t, err, "Race")
		if got.MessageID != "m1" || got.OpponentID != "u2" || !got.EndsAt.Equal(t0.Add(time.Hour)) {
			t.Fatalf("stored race %+v", got)
		}
		games, err := s.RaceGames(ctx, r.ID)
		must(t, err, "RaceGames")
		if len(games) != 2 || games[0].UserID != "u1" || games[1].UserID != "u2" {
			t.Fatalf("racers %+v", games)
		}
		_, err = s.Race(ctx, r.ID+100)
		mustIs(t, err, ErrNotFound, "a race that does not exist")
	})
}

// TestJoinRaceAtOnce: twelve players press Join at the same moment on a
// race that takes four: exactly four get a board, the rules see the
// racers one after the other, and a second press gives back the board.
func TestJoinRaceAtOnce(t *testing.T) {
	forEachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		s := openStore(t, be.newDSN(t))
		p := savePuzzle(t, s, loadFixtures(t)[0], engine.LevelEasy)
		r, _, err := s.CreateRace(ctx, Race{GuildID: "g1", ChannelID: "c1", HostID: "host", PuzzleID: p.ID,
			CreatedAt: t0, JoinBy: t0.Add(10 * time.Minute), EndsAt: t0.Add(time.Hour)})
		must(t, err, "CreateRace")
		full := errors.New("full")
		rules := func(_ Race, games []Game) error {
			if len(games) >= 4 {
				return full
			}
			return nil
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		joined, refused := 0, 0
		for i := range 12 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, g, ok, err := s.JoinRace(ctx, r.ID, fmt.Sprintf("p%d", i), t0.Add(time.Minute), rules)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case errors.Is(err, full):
					refused++
				case err != nil:
					t.Errorf("join %d: %v", i, err)
				case !ok || g.Context != RaceContext(r.ID):
					t.Errorf("join %d: joined %v, game %+v", i, ok, g)
				default:
					joined++
				}
			}()
		}
		wg.Wait()
		games, err := s.RaceGames(ctx, r.ID)
		must(t, err, "RaceGames")
		if joined != 3 || refused != 9 || len(games) != 4 {
			t.Fatalf("%d joined, %d refused, %d racers; want 3, 9 and 4 (the host and three)", joined, refused, len(games))
		}
		_, g, ok, err := s.JoinRace(ctx, r.ID, "host", t0.Add(time.Minute), rules)
		if err != nil || ok || g.UserID != "host" {
			t.Fatalf("the host pressing Join: joined %v, game %+v, %v; want the host's board back", ok, g, err)
		}
	})
}
