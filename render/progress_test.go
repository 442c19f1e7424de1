package render

import (
	"bytes"
	"flag"
	"image"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/engine"
)

var dumpProgress = flag.String("dump-progress", "", "write a progress picture in both themes to this `DIR` for a look by eye")

// sampleProgress is thirteen weeks of a keen player: most dailies
// solved, a few missed, one given up, one played late, and a live streak
// of nine days.
func sampleProgress() Progress {
	today := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
	p := Progress{Today: today, Dailies: map[time.Time]DailyState{}, Streak: 9}
	for i := range ProgressDays {
		day := today.AddDate(0, 0, -i)
		switch {
		case i < 9:
			p.Dailies[day] = DailySolved
		case i == 9 || i%11 == 3:
			// missed
		case i == 20:
			p.Dailies[day] = DailyGaveUp
		case i == 30:
			p.Dailies[day] = DailyLate
		default:
			p.Dailies[day] = DailySolved
		}
		if st := p.Dailies[day]; st == DailySolved || st == DailyLate {
			level := engine.Levels[i%4]
			mins := []float64{3, 6, 14, 32}[i%4] * (1.3 - float64(90-i)/200)
			p.Solves = append(p.Solves, SolvePoint{Day: day, Level: level, Graded: true, Time: time.Duration(mins * float64(time.Minute))})
		}
		if i%17 == 5 {
			p.Solves = append(p.Solves, SolvePoint{Day: day, Level: engine.LevelExtreme, Graded: true, Time: 75 * time.Minute})
		}
	}
	p.Solves = append(p.Solves, SolvePoint{Day: today, Time: 8 * time.Minute}) // a paste not graded yet
	// Three quick solves on one day, under the chart's floor.
	for _, sec := range []int{20, 25, 28} {
		p.Solves = append(p.Solves, SolvePoint{Day: today.AddDate(0, 0, -2), Level: engine.LevelEasy, Graded: true, Time: time.Duration(sec) * time.Second})
	}
	return p
}

// TestMarkersNeverCover: solves on one day with the same time (below the
// chart's floor) each keep a marker of their own, none covering another,
// all within their week's reach.
func TestMarkersNeverCover(t *testing.T) {
	first := ProgressFirstDay(time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC))
	day := first.AddDate(0, 0, 40)
	var solves []SolvePoint
	for range 5 {
		solves = append(solves, SolvePoint{Day: day, Level: engine.LevelEasy, Graded: true, Time: 10 * time.Second})
	}
	const col, r = 40.0, 8.0
	ms := placeMarkers(solves, first, 100, 0, 300, col, r)
	if len(ms) != 5 {
		t.Fatalf("%d markers for 5 solves", len(ms))
	}
	for i, a := range ms {
		for _, b := range ms[i+1:] {
			if math.Abs(a.x-b.x) < 2*r && math.Abs(a.y-b.y) < 2*r {
				t.Errorf("markers at (%.0f,%.0f) and (%.0f,%.0f) cover each other", a.x, a.y, b.x, b.y)
			}
		}
		if week := 100 + float64(40/7)*col; a.x < week-3*col || a.x > week+4*col {
			t.Errorf("a marker at x=%.0f, far from its week at %.0f", a.x, week)
		}
	}
}

// TestProgressCard: the picture is drawn in both themes at the card's
// size, 1.2 as high as wide; a level out of range and a missing
// date are errors, not a wrong picture.
func TestProgressCard(t *testing.T) {
	for _, th := range []Theme{Dark, Light} {
		img, err := ProgressCard(sampleProgress(), Options{Theme: th})
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); b.Dx() != DefaultCardSize || b.Dy() != DefaultCardSize*6/5 {
			t.Fatalf("%s: size %v", th.Name, b)
		}
		// The streak's colour is on the picture: today's square is filled
		// with it.
		if !hasColour(img, th.Proof) || !hasColour(img, th.Place) || !hasColour(img, th.Error) {
			t.Errorf("%s: a state's colour is missing", th.Name)
		}
		if *dumpProgress != "" {
			var buf bytes.Buffer
			if err := WritePNG(&buf, img); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(*dumpProgress, "progress-"+th.Name+".png"), buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	bad := sampleProgress()
	bad.Solves = append(bad.Solves, SolvePoint{Day: bad.Today, Level: engine.Level(42), Graded: true, Time: time.Minute})
	if _, err := ProgressCard(bad, Options{}); err == nil {
		t.Error("an unknown level drew a picture")
	}
	if _, err := ProgressCard(Progress{}, Options{}); err == nil {
		t.Error("a progress without a date drew a picture")
	}
	// A newcomer's empty picture draws too, a month beginning in its
	// last week included.
	img, err := ProgressCard(Progress{Today: time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)}, Options{})
	if err != nil {
		t.Errorf("empty progress: %v", err)
	} else if *dumpProgress != "" {
		var buf bytes.Buffer
		if err := WritePNG(&buf, img); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*dumpProgress, "progress-empty.png"), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func hasColour(img image.Image, c interface{ RGBA() (r, g, b, a uint32) }) bool {
	cr, cg, cb, _ := c.RGBA()
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bb, _ := img.At(x, y).RGBA()
			if r == cr && g == cg && bb == cb {
				return true
			}
		}
	}
	return false
}
