package render

import (
	"fmt"
	"image/color"
	"strings"
)

// Theme is the colour scheme of every image. Text colours (Given, Entry,
// Mark, Label, Error, Place) meet WCAG AA (contrast 4.5 or more) against
// every fill they can sit on (Background, UnitFill, CellFill, ErrorFill);
// the hues come from the Okabe-Ito palette, which colour-blind players can
// tell apart, and every state that colour shows is also shown by a shape.
type Theme struct {
	Name string

	Background color.NRGBA
	Title      color.NRGBA // title line and result-card headings
	Label      color.NRGBA // row and column labels 1-9, captions
	ThinLine   color.NRGBA // lines between cells
	BoxLine    color.NRGBA // lines between boxes and the frame

	Given color.NRGBA // digits of the puzzle
	Entry color.NRGBA // digits the player entered
	Mark  color.NRGBA // pencil marks

	Error     color.NRGBA // conflicting or wrong entries, eliminated candidates
	ErrorFill color.NRGBA // background of a conflicting cell

	UnitFill color.NRGBA // units a hint looks at
	CellFill color.NRGBA // cells of a hint's pattern
	Proof    color.NRGBA // rings round the candidates that prove a hint
	Place    color.NRGBA // a digit a hint places; the frame of a solved board
	Link     color.NRGBA // chain links (strong solid, weak dashed)

	Panel color.NRGBA // tiles of the result card
}

// Dark is the default theme, close to Discord's dark chat background so the
// image sits quietly in the conversation.
var Dark = Theme{
	Name:       "dark",
	Background: hex(0x1b1d22),
	Title:      hex(0xeceff4),
	Label:      hex(0x9ba3ae),
	ThinLine:   hex(0x3b414b),
	BoxLine:    hex(0xb4bac4),
	Given:      hex(0xeceff4),
	Entry:      hex(0x6cc4f5), // Okabe-Ito sky blue, lightened
	Mark:       hex(0xaab1bc),
	Error:      hex(0xff8a5c), // Okabe-Ito vermillion, lightened
	ErrorFill:  hex(0x3a2520),
	UnitFill:   hex(0x28313f),
	CellFill:   hex(0x3a3322), // Okabe-Ito orange, dimmed
	Proof:      hex(0xe69f00), // Okabe-Ito orange
	Place:      hex(0x3fd3a0), // Okabe-Ito bluish green, lightened
	Link:       hex(0xd98cbc), // Okabe-Ito reddish purple, lightened
	Panel:      hex(0x262a31),
}

// Light is the theme for light backgrounds and printing.
var Light = Theme{
	Name:       "light",
	Background: hex(0xffffff),
	Title:      hex(0x15171a),
	Label:      hex(0x5c636e),
	ThinLine:   hex(0xc9ced6),
	BoxLine:    hex(0x2b2f36),
	Given:      hex(0x15171a),
	Entry:      hex(0x0062a3), // Okabe-Ito blue, darkened
	Mark:       hex(0x555c66),
	Error:      hex(0xb03f00), // Okabe-Ito vermillion, darkened
	ErrorFill:  hex(0xfde6dc),
	UnitFill:   hex(0xdde9f7),
	CellFill:   hex(0xfdefc8), // Okabe-Ito orange, pale
	Proof:      hex(0xb07300), // Okabe-Ito orange, darkened
	Place:      hex(0x00765a), // Okabe-Ito bluish green, darkened
	Link:       hex(0xa8477f), // Okabe-Ito reddish purple, darkened
	Panel:      hex(0xf1f3f6),
}

// Themes lists the built-in themes by name.
var Themes = map[string]Theme{"dark": Dark, "light": Light}

// ThemeByName returns a built-in theme, "dark" or "light" (any case).
func ThemeByName(name string) (Theme, error) {
	t, ok := Themes[strings.ToLower(strings.TrimSpace(name))]
	if !ok {
		return Theme{}, fmt.Errorf("%w: %q (want dark or light)", ErrTheme, name)
	}
	return t, nil
}

// colors returns every colour of the theme; the PNG palette always holds
// them exactly.
func (t Theme) colors() []color.NRGBA {
	return []color.NRGBA{t.Background, t.Title, t.Label, t.ThinLine, t.BoxLine,
		t.Given, t.Entry, t.Mark, t.Error, t.ErrorFill, t.UnitFill, t.CellFill,
		t.Proof, t.Place, t.Link, t.Panel}
}

func hex(v uint32) color.NRGBA {
	return color.NRGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 0xff}
}
