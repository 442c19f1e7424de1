// Package render draws Sudoku boards, hint overlays and result cards as
// images for a Discord chat, where most players look on a phone in dark mode.
//
// It takes plain engine values (grids, candidate sets, a Step) and options,
// and returns an image or writes a PNG to an io.Writer; it never touches
// files, Discord or the store. Fonts are the Go fonts embedded in
// golang.org/x/image/font/gofont, so every machine draws the same pixels.
//
//	img, err := render.Board(render.Position{Puzzle: puzzle, Progress: progress},
//		render.Options{Theme: render.Dark, Title: "Daily · 22 Nov 2026 · Hard"})
//	if err != nil { ... }
//	err = render.WritePNG(w, img)
//
// The zero Options draw a 1000x1000 board in the dark theme. Images are
// drawn with gg and then mapped onto a palette (the theme's exact colours
// plus the antialiasing shades that occur), which encodes several times
// faster and smaller than a full-colour PNG.
//
// A hint is drawn from the step's structured data (engine.Step's Pattern,
// Houses, Links and Branches): each role of the pattern has a shape as
// well as a colour, so colour-blind players can tell them apart and the
// light theme reads as the dark one (see roles.go for the table). Level 1
// tints the area, level 2 draws the pattern and the reasoning but never
// the result, level 3 adds the result. Steps without a Pattern are drawn
// from Cells, Proof and Units.
package render
