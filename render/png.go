package render

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"slices"
	"sync"
)

// WritePNG encodes img as PNG. The images of this package are paletted,
// which with the fastest zlib level encodes a board in a few milliseconds
// and to well under 150 KB; other images are encoded as they are.
func WritePNG(w io.Writer, img image.Image) error {
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: encoderBuffers{}}
	if err := enc.Encode(w, img); err != nil {
		return fmt.Errorf("render: encode png: %w", err)
	}
	return nil
}

// encoderBuffers lets PNG encodes reuse their zlib state, which is larger
// than a paletted board.
type encoderBuffers struct{}

var encoderPool sync.Pool

func (encoderBuffers) Get() *png.EncoderBuffer {
	b, _ := encoderPool.Get().(*png.EncoderBuffer)
	return b
}

func (encoderBuffers) Put(b *png.EncoderBuffer) { encoderPool.Put(b) }

// numBuckets is the number of colour buckets: 6 bits per channel.
const numBuckets = 1 << 18

// quantTables is quantize's scratch space, recycled through a pool.
type quantTables struct {
	runs  []pixelRun         // the image as runs of equal pixels
	count [numBuckets]uint32 // pixels per bucket
	first [numBuckets]uint32 // first colour seen in a bucket
	index [numBuckets]uint16 // palette index + 1 per bucket
}

// pixelRun is n pixels of colour k from pixel start on.
type pixelRun struct {
	k        uint32
	start, n int32
}

var tablePool = sync.Pool{New: func() any { return new(quantTables) }}

// bucket keeps the top 6 bits of each channel of a little-endian RGBA word.
func bucket(k uint32) uint32 {
	return k>>2&0x3f | k>>10&0x3f<<6 | k>>18&0x3f<<12
}

// eachRun calls fn for every run of equal pixels in an RGBA pixel buffer,
// in order. Most pixels repeat their left neighbour, so it compares two
// pixels at a time. Drawing is opaque, so the alpha byte is always 0xff
// and whole words can be compared.
func eachRun(pix []uint8, fn func(k uint32, start, n int)) {
	prev, start := binary.LittleEndian.Uint32(pix), 0
	pair := uint64(prev) | uint64(prev)<<32
	j := 0
	for i := 0; i+8 <= len(pix); i, j = i+8, j+2 {
		v := binary.LittleEndian.Uint64(pix[i:])
		if v == pair {
			continue
		}
		for h, k := range [2]uint32{uint32(v), uint32(v >> 32)} {
			if k != prev {
				fn(prev, start, j+h-start)
				prev, start = k, j+h
			}
		}
		pair = uint64(prev) | uint64(prev)<<32
	}
	n := len(pix) / 4
	if n%2 == 1 {
		if k := binary.LittleEndian.Uint32(pix[len(pix)-4:]); k != prev {
			fn(prev, start, n-1-start)
			prev, start = k, n-1
		}
	}
	fn(prev, start, n-start)
}

// quantize maps an opaque RGBA image onto a palette of at most 256
// colours without dithering. Colours fall in buckets of their top 6 bits
// per channel. The palette holds the theme's colours exactly, then the
// first colour of each of the fullest other buckets (when there are more
// buckets than entries, only of those not within a few levels of an entry
// already taken); a bucket left out maps to the nearest entry. A board's
// colours are the theme's and their antialiasing shades, so almost every
// pixel keeps its colour within a few levels (TestQuantizeBoards), and the
// result is deterministic.
func quantize(src *image.RGBA, fixed []color.NRGBA) *image.Paletted {
	dst := image.NewPaletted(src.Rect, nil)
	if len(src.Pix) == 0 {
		dst.Palette = color.Palette{}
		return dst
	}
	tb := tablePool.Get().(*quantTables)
	var used []uint32
	defer func() {
		for _, b := range used {
			tb.count[b], tb.first[b], tb.index[b] = 0, 0, 0
		}
		tablePool.Put(tb)
	}()
	note := func(k uint32, n int) {
		b := bucket(k)
		if tb.count[b] == 0 {
			used = append(used, b)
			tb.first[b] = k
		}
		tb.count[b] += uint32(n)
	}
	// One pass over the pixels: count the buckets and keep the runs, which
	// are far fewer than the pixels, for mapping.
	runs := tb.runs[:0]
	eachRun(src.Pix, func(k uint32, start, n int) {
		note(k, n)
		runs = append(runs, pixelRun{k, int32(start), int32(n)})
	})
	tb.runs = runs

	pal := make([]rgb, 0, 256)
	add := func(k uint32) {
		if b := bucket(k); tb.index[b] == 0 && len(pal) < 256 {
			pal = append(pal, rgb{uint8(k), uint8(k >> 8), uint8(k >> 16)})
			tb.index[b] = uint16(len(pal))
		}
	}
	for _, c := range fixed {
		k := uint32(c.R) | uint32(c.G)<<8 | uint32(c.B)<<16 | 0xff<<24
		if b := bucket(k); tb.count[b] == 0 && tb.index[b] == 0 {
			used = append(used, b) // to be cleared after
		}
		add(k)
	}
	slices.SortFunc(used, func(a, b uint32) int {
		if c := cmp.Compare(tb.count[b], tb.count[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	// With more colours than entries, a colour within a few levels of an
	// entry already taken is left to map onto it, so that the entries go
	// to distinct hues (the many-coloured arrows of a forcing chain)
	// rather than to shades of one.
	crowded := len(used) > 256
	for _, b := range used {
		if tb.count[b] == 0 || len(pal) == 256 {
			continue
		}
		k := tb.first[b]
		if crowded {
			c := rgb{uint8(k), uint8(k >> 8), uint8(k >> 16)}
			if i := nearest(pal, c); distance(pal[i], c) <= nearEnough {
				continue
			}
		}
		add(k)
	}
	for _, b := range used {
		if tb.index[b] == 0 && tb.count[b] > 0 {
			k := tb.first[b]
			tb.index[b] = uint16(nearest(pal, rgb{uint8(k), uint8(k >> 8), uint8(k >> 16)})) + 1
		}
	}

	out := dst.Pix
	for _, r := range runs {
		idx := uint8(tb.index[bucket(r.k)] - 1)
		seg := out[r.start : r.start+r.n]
		for i := range seg {
			seg[i] = idx
		}
	}
	dst.Palette = make(color.Palette, len(pal))
	for i, c := range pal {
		dst.Palette[i] = color.RGBA{R: c.r, G: c.g, B: c.b, A: 0xff}
	}
	return dst
}

type rgb struct{ r, g, b uint8 }

// nearEnough is the distance within which a crowded palette lets one
// colour stand for another: about four levels in every channel.
const nearEnough = 9 * 16

// distance weighs the channels roughly as the eye does.
func distance(p, c rgb) int {
	dr, dg, db := int(c.r)-int(p.r), int(c.g)-int(p.g), int(c.b)-int(p.b)
	return 2*dr*dr + 4*dg*dg + 3*db*db
}

// nearest finds the palette entry closest to c.
func nearest(pal []rgb, c rgb) uint8 {
	best, bestD := 0, int(^uint(0)>>1)
	for i, p := range pal {
		if d := distance(p, c); d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}

// BoardPNG draws a board and encodes it, for callers that send the bytes
// on (a Discord attachment) rather than compose the image further.
func BoardPNG(p Position, o Options) ([]byte, error) {
	img, err := Board(p, o)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := WritePNG(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
