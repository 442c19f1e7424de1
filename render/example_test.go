package render_test

import (
	"fmt"
	"io"
	"log"
	"time"

	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/render"
)

func ExampleBoard() {
	puzzle := engine.MustParse("57..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3.2...4..19")
	hint := engine.Step{
		Technique:  "Hidden Single",
		Units:      []int{engine.FirstBox + 1},
		Cells:      []int{5},
		Proof:      []engine.Candidate{{Cell: 5, Digit: 8}},
		Placements: []engine.Candidate{{Cell: 5, Digit: 8}},
	}
	img, err := render.Board(render.Position{Puzzle: puzzle}, render.Options{
		Theme:     render.Light,
		Size:      600,
		Title:     "Daily · 22 Nov 2026 · Hard · #123",
		Hint:      &hint,
		HintLevel: 2, // the cells and the reasoning, not yet the digit
	})
	if err != nil {
		log.Fatal(err)
	}
	if err := render.WritePNG(io.Discard, img); err != nil {
		log.Fatal(err)
	}
	fmt.Println(img.Bounds().Dx(), "x", img.Bounds().Dy())
	// Output: 600 x 642
}

func ExampleResultCard() {
	img, err := render.ResultCard(render.Result{
		Date: time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC), Level: engine.LevelHard, Graded: true, Number: 123,
		Time: 12*time.Minute + 34*time.Second, Hints: 1, Streak: 5,
	}, render.Options{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(img.Bounds().Dx(), "x", img.Bounds().Dy())
	// Output: 800 x 400
}
