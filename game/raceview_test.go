package game

import (
	"context"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/internal/fakeclock"
	"github.com/sudokubot/sudokubot/store"
)

// TestStandingsOf: solves in time are placed in order of finishing, a
// late solve, a player who left and one still on the board when the race
// ends are not; the first placed wins only with another racer; joining
// closes with the window or a full race.
func TestStandingsOf(t *testing.T) {
	t0 := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	race := store.Race{ID: 1, HostID: "a", JoinBy: t0.Add(RaceJoinWindow), EndsAt: t0.Add(RaceLength)}
	done := func(id int64, user string, after time.Duration) store.Game {
		return store.Game{ID: id, UserID: user, StartedAt: t0, FinishedAt: t0.Add(after), Solved: true}
	}
	games := []store.Game{
		{ID: 1, UserID: "a", StartedAt: t0},
		done(2, "b", 30*time.Minute),
		done(3, "c", 10*time.Minute),
		done(4, "d", RaceLength+time.Minute),
		{ID: 5, UserID: "e", StartedAt: t0, FinishedAt: t0.Add(time.Minute), GaveUp: true},
	}
	st := StandingsOf(race, 0, games, t0.Add(RaceLength+2*time.Minute))
	want := []struct {
		user          string
		joined, place int
		status        RacerStatus
	}{{"c", 3, 1, SolvedInTime}, {"b", 2, 2, SolvedInTime}, {"a", 1, 0, TimedOut}, {"d", 4, 0, SolvedLate}, {"e", 5, 0, LeftRace}}
	if len(st.Racers) != len(want) {
		t.Fatalf("%d racers, want %d", len(st.Racers), len(want))
	}
	for i, w := range want {
		r := st.Racers[i]
		if r.Game.UserID != w.user || r.Joined != w.joined || r.Place != w.place || r.Status != w.status {
			t.Errorf("racer %d: %s joined %d place %d status %d, want %+v", i, r.Game.UserID, r.Joined, r.Place, r.Status, w)
		}
	}
	if st.Phase != RaceWon || st.Winner == nil || st.Winner.Game.UserID != "c" || st.CanJoin {
		t.Errorf("phase %d, winner %v, can join %v; want c won, joining closed", st.Phase, st.Winner, st.CanJoin)
	}
	alone := StandingsOf(race, 0, games[2:3], t0.Add(20*time.Minute))
	if alone.Phase != RaceExpired || alone.Winner != nil {
		t.Errorf("a racer alone after the window: phase %d, winner %v; want expired, no winner", alone.Phase, alone.Winner)
	}
	full := make([]store.Game, MaxRacers)
	if StandingsOf(race, 0, full, t0).CanJoin || !StandingsOf(race, 0, full[1:], t0).CanJoin {
		t.Error("joining open to a full race, or closed to one with room")
	}
}

// raceMem is a RaceStore of one race in memory.
type raceMem struct {
	race  store.Race
	games []store.Game
	set   []string
}

func (m *raceMem) Race(_ context.Context, id int64) (store.Race, error) {
	if id != m.race.ID {
		return store.Race{}, store.ErrNotFound
	}
	return m.race, nil
}

func (m *raceMem) RaceGames(context.Context, int64) ([]store.Game, error) { return m.games, nil }

func (m *raceMem) Puzzle(_ context.Context, id int64) (store.Puzzle, error) {
	return store.Puzzle{ID: id, Level: engine.LevelHard}, nil
}

func (m *raceMem) SetRaceMessage(_ context.Context, _ int64, messageID string) error {
	m.set = append(m.set, messageID)
	m.race.MessageID = messageID
	return nil
}

// TestRaceStandingsCard: the message a race button was first pressed on
// is recorded as the race's card, once; a race not stored is refused.
func TestRaceStandingsCard(t *testing.T) {
	ctx := context.Background()
	t0 := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	m := &raceMem{race: store.Race{ID: 7, PuzzleID: 3, JoinBy: t0.Add(RaceJoinWindow), EndsAt: t0.Add(RaceLength)}}
	rs := Races{Store: m, Clock: fakeclock.New(t0)}
	st, err := rs.Standings(ctx, 7, "")
	if err != nil || st.Race.MessageID != "" || len(m.set) != 0 || st.Level != engine.LevelHard || st.Phase != RaceJoining {
		t.Fatalf("no card: %+v, set %v, %v", st, m.set, err)
	}
	for _, card := range []string{"m1", "m2"} {
		if st, err = rs.Standings(ctx, 7, card); err != nil || st.Race.MessageID != "m1" {
			t.Fatalf("card %s: message %q, %v; want m1", card, st.Race.MessageID, err)
		}
	}
	if len(m.set) != 1 {
		t.Errorf("the card was recorded %d times, want once", len(m.set))
	}
	if _, err := rs.Standings(ctx, 8, "m1"); !isRefusal(err, "race.gone") {
		t.Errorf("a race not stored: %v, want race.gone", err)
	}
}
