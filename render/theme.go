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

	// The roles of a hint's pattern. Each role has a shape as well as a
	// colour, so no role is told by colour alone (see roles.go).
	On         color.NRGBA    // disc under a candidate that is true (digit in Background)
	Off        color.NRGBA    // ring round a candidate that is false
	Fin        color.NRGBA    // square round a fish's fin
	FinFill    color.NRGBA    // background of a fin's cell
	BaseLine   color.NRGBA    // solid border of a fish's base units
	CoverLine  color.NRGBA    // dashed border of a fish's cover units
	CoverHatch color.NRGBA    // hatching across the cover units
	ColourA    color.NRGBA    // disc of a colouring's first colour (digit in Background)
	ColourB    color.NRGBA    // square of a colouring's second colour (digit in Background)
	ALSFill    [3]color.NRGBA // backgrounds of the first, second and third ALS
	ALSLine    [3]color.NRGBA // their frames: solid, dashed and dotted
	// Branch are the colours of a forcing chain's branches, one each,
	// also told apart by the dash of their arrows. Discs in them carry
	// the digit in Background.
	Branch [6]color.NRGBA
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
	On:         hex(0xe69f00),
	Off:        hex(0x6cc4f5),
	Fin:        hex(0xe07cc0),
	FinFill:    hex(0x3d2636),
	BaseLine:   hex(0x6cc4f5),
	CoverLine:  hex(0xe69f00),
	CoverHatch: hex(0x4d4330),
	ColourA:    hex(0x6cc4f5),
	ColourB:    hex(0xe69f00),
	ALSFill:    [3]color.NRGBA{hex(0x1f3447), hex(0x3d2636), hex(0x1d3a30)},
	ALSLine:    [3]color.NRGBA{hex(0x6cc4f5), hex(0xe07cc0), hex(0x3fd3a0)},
	Branch:     [6]color.NRGBA{hex(0x6cc4f5), hex(0xe69f00), hex(0x3fd3a0), hex(0xe07cc0), hex(0xf0e442), hex(0xff8a5c)},
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
	On:         hex(0x8f5e00),
	Off:        hex(0x0062a3),
	Fin:        hex(0xa8477f),
	FinFill:    hex(0xf6dcea),
	BaseLine:   hex(0x0062a3),
	CoverLine:  hex(0x8f5e00),
	CoverHatch: hex(0xd9c690),
	ColourA:    hex(0x0062a3),
	ColourB:    hex(0x8f5e00),
	ALSFill:    [3]color.NRGBA{hex(0xdcecf9), hex(0xf6dcea), hex(0xd8f2e8)},
	ALSLine:    [3]color.NRGBA{hex(0x0062a3), hex(0xa8477f), hex(0x00765a)},
	Branch:     [6]color.NRGBA{hex(0x0062a3), hex(0x8f5e00), hex(0x00765a), hex(0xa8477f), hex(0x6f6400), hex(0xb03f00)},
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
	cs := []color.NRGBA{t.Background, t.Title, t.Label, t.ThinLine, t.BoxLine,
		t.Given, t.Entry, t.Mark, t.Error, t.ErrorFill, t.UnitFill, t.CellFill,
		t.Proof, t.Place, t.Link, t.Panel,
		t.On, t.Off, t.Fin, t.FinFill, t.BaseLine, t.CoverLine, t.CoverHatch, t.ColourA, t.ColourB}
	cs = append(cs, t.ALSFill[:]...)
	cs = append(cs, t.ALSLine[:]...)
	return append(cs, t.Branch[:]...)
}

func hex(v uint32) color.NRGBA {
	return color.NRGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 0xff}
}
