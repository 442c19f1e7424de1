package engine

import (
	"errors"
	"fmt"
	"hash/crc32"
	"math/big"
	"strings"
)

// ErrBadCode means a share code cannot be read: a character outside the
// alphabet, the wrong length, or a check that fails (a typo).
var ErrBadCode = errors.New("bad share code")

// codeAlphabet is Crockford's base 32: digits and capitals without I, L,
// O and U, so a code read aloud or typed by hand survives, and case does
// not matter.
const codeAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// ShareCode is a short code for the givens of g that any install reads
// back with ParseShareCode: no store, no id. It packs the 81-bit mask of
// the given cells and the givens' digits in base 9 into one number, with
// a 10-bit check against typos, written in Crockford base 32: about 32
// characters for a 24-given puzzle, 44 for an easy one with 40 givens.
func ShareCode(g Grid) string {
	n := new(big.Int)
	nine := big.NewInt(9)
	// Digits first (last cell first), so the mask sits in the low bits.
	for c := NumCells - 1; c >= 0; c-- {
		if d := g[c]; d >= 1 && d <= 9 {
			n.Mul(n, nine)
			n.Add(n, big.NewInt(int64(d-1)))
		}
	}
	for c := NumCells - 1; c >= 0; c-- {
		n.Lsh(n, 1)
		if d := g[c]; d >= 1 && d <= 9 {
			n.SetBit(n, 0, 1)
		}
	}
	n.Lsh(n, 10)
	n.Or(n, big.NewInt(int64(codeCheck(g))))
	var out []byte
	thirtyTwo := big.NewInt(32)
	rem := new(big.Int)
	for n.Sign() > 0 {
		n.QuoRem(n, thirtyTwo, rem)
		out = append(out, codeAlphabet[rem.Int64()])
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return string(out)
}

// codeCheck is the code's 10-bit check: a CRC of the givens.
func codeCheck(g Grid) uint32 {
	var b [NumCells]byte
	for i, d := range g {
		if d <= 9 {
			b[i] = d
		}
	}
	return crc32.ChecksumIEEE(b[:]) & 0x3ff
}

// maxCodeLen bounds what ParseShareCode reads: a full grid needs 81 mask
// bits, 257 digit bits and 10 check bits, 70 characters.
const maxCodeLen = 72

// ParseShareCode reads a ShareCode back into its grid. It ignores case,
// spaces and dashes, and reads O as 0 and I or L as 1, as Crockford
// base 32 does. It checks only the code, not the puzzle: whether the
// givens clash or have one solution is the caller's question.
func ParseShareCode(s string) (Grid, error) {
	var g Grid
	s = strings.ToUpper(strings.TrimSpace(s))
	n := new(big.Int)
	chars := 0
	for _, r := range s {
		switch r {
		case ' ', '-', '\t':
			continue
		case 'O':
			r = '0'
		case 'I', 'L':
			r = '1'
		}
		i := strings.IndexRune(codeAlphabet, r)
		if i < 0 || r > 0x7f {
			return g, fmt.Errorf("%w: %q is not a code character", ErrBadCode, r)
		}
		chars++
		if chars > maxCodeLen {
			return g, fmt.Errorf("%w: longer than %d characters", ErrBadCode, maxCodeLen)
		}
		n.Lsh(n, 5)
		n.Or(n, big.NewInt(int64(i)))
	}
	if chars == 0 {
		return g, fmt.Errorf("%w: empty", ErrBadCode)
	}
	check := uint32(n.Uint64() & 0x3ff)
	n.Rsh(n, 10)
	var cells []int
	for c := range NumCells {
		if n.Bit(0) == 1 {
			cells = append(cells, c)
		}
		n.Rsh(n, 1)
	}
	nine := big.NewInt(9)
	rem := new(big.Int)
	for _, c := range cells {
		n.QuoRem(n, nine, rem)
		g[c] = uint8(rem.Int64()) + 1
	}
	if n.Sign() != 0 || len(cells) == 0 || codeCheck(g) != check {
		return Grid{}, fmt.Errorf("%w: the check does not match (a typo?)", ErrBadCode)
	}
	return g, nil
}
