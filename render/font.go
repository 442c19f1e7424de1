package render

import (
	"image"
	"image/draw"
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// fontID names one of the embedded Go fonts.
type fontID int

const (
	regular fontID = iota
	medium
	bold
	numFonts
)

// glyph is one rasterized character: its coverage mask, placed relative to
// the pen position (the baseline origin), and how far the pen then moves.
// Glyphs are immutable once cached, so renders on many goroutines share
// them without locking while they draw.
type glyph struct {
	mask    *image.Alpha
	advance int
}

// ink returns the bounds of the glyph's painted pixels relative to the pen.
func (g *glyph) ink() image.Rectangle { return g.mask.Rect }

type faceKey struct {
	font fontID
	size int // in quarter pixels
}

type faceGlyphs struct {
	face   font.Face
	glyphs map[rune]*glyph
	ascent int
}

// glyphCache rasterizes each (font, size, rune) once. Faces are not safe for
// concurrent use, so making a glyph holds the mutex; drawing one does not.
var glyphCache struct {
	sync.Mutex
	fonts [numFonts]*opentype.Font
	faces map[faceKey]*faceGlyphs
}

// maxFaces bounds the cache: a bot draws at one or two sizes, and a caller
// asking for many sizes just rasterizes again.
const maxFaces = 48

func parseFonts() {
	for id, ttf := range [numFonts][]byte{regular: goregular.TTF, medium: gomedium.TTF, bold: gobold.TTF} {
		f, err := opentype.Parse(ttf)
		if err != nil {
			// The fonts are compiled in; failing to parse them is a broken build.
			panic("render: embedded Go font: " + err.Error())
		}
		glyphCache.fonts[id] = f
	}
	glyphCache.faces = make(map[faceKey]*faceGlyphs)
}

// faceFor returns the cached glyph set of a font at a pixel size; the caller
// holds glyphCache's mutex.
func faceFor(id fontID, px float64) *faceGlyphs {
	if glyphCache.faces == nil {
		parseFonts()
	}
	k := faceKey{id, int(math.Round(px * 4))}
	if fg, ok := glyphCache.faces[k]; ok {
		return fg
	}
	if len(glyphCache.faces) >= maxFaces {
		clear(glyphCache.faces)
	}
	face, err := opentype.NewFace(glyphCache.fonts[id], &opentype.FaceOptions{
		Size: float64(k.size) / 4, DPI: 72, Hinting: font.HintingFull,
	})
	if err != nil {
		panic("render: face of embedded Go font: " + err.Error())
	}
	fg := &faceGlyphs{face: face, glyphs: make(map[rune]*glyph), ascent: face.Metrics().Ascent.Round()}
	glyphCache.faces[k] = fg
	return fg
}

func (fg *faceGlyphs) glyph(r rune) *glyph {
	if g, ok := fg.glyphs[r]; ok {
		return g
	}
	dr, mask, maskp, adv, ok := fg.face.Glyph(fixed.Point26_6{}, r)
	if !ok {
		dr, mask, maskp, adv, _ = fg.face.Glyph(fixed.Point26_6{}, '?')
	}
	a := image.NewAlpha(dr)
	if mask != nil {
		draw.Draw(a, dr, mask, maskp, draw.Src)
	}
	g := &glyph{mask: a, advance: adv.Round()}
	fg.glyphs[r] = g
	return g
}

// text is a font at a size, ready to draw strings.
type text struct {
	id fontID
	px float64
}

// glyphs returns the glyphs of s, rasterizing any that are new.
func (t text) glyphs(s string) []*glyph {
	glyphCache.Lock()
	defer glyphCache.Unlock()
	fg := faceFor(t.id, t.px)
	out := make([]*glyph, 0, len(s))
	for _, r := range s {
		out = append(out, fg.glyph(r))
	}
	return out
}

// digits returns the glyphs of 0-9, indexed by digit.
func (t text) digits() [10]*glyph {
	var out [10]*glyph
	copy(out[:], t.glyphs("0123456789"))
	return out
}

// measure returns the advance width of s and the ink bounds relative to a
// pen starting at (0, 0) on the baseline.
func measure(gs []*glyph) (width int, ink image.Rectangle) {
	x := 0
	for _, g := range gs {
		r := g.ink().Add(image.Pt(x, 0))
		if !r.Empty() {
			ink = ink.Union(r)
		}
		x += g.advance
	}
	return x, ink
}

// drawGlyphs paints glyphs with the pen starting at (x, y) on the baseline.
func drawGlyphs(dst *image.RGBA, gs []*glyph, x, y int, src image.Image) {
	for _, g := range gs {
		r := g.mask.Rect.Add(image.Pt(x, y))
		draw.DrawMask(dst, r, src, image.Point{}, g.mask, g.mask.Rect.Min, draw.Over)
		x += g.advance
	}
}

// drawCentered paints glyphs with their ink centred on (cx, cy).
func drawCentered(dst *image.RGBA, gs []*glyph, cx, cy float64, src image.Image) {
	_, ink := measure(gs)
	x := int(math.Round(cx - float64(ink.Min.X+ink.Max.X)/2))
	y := int(math.Round(cy - float64(ink.Min.Y+ink.Max.Y)/2))
	drawGlyphs(dst, gs, x, y, src)
}
