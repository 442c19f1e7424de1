package engine

import (
	"math/bits"
)

// Advanced rules a dynamic chain may use (SE's "Dynamic Forcing Chains
// (+)"): locked candidates, naked and hidden pairs and X-Wings on the
// working grid. Only deductions that depend on something the chain turned
// off are used: the others hold on the board itself.
const (
	advPointing uint8 = iota
	advClaiming
	advNakedPair
	advHiddenPair
	advXWing
)

// chainAdv records one deduction of an advanced rule inside a chain: what
// it is (for the words, written only when a step is explained) and the
// literals it relied on.
type chainAdv struct {
	kind    uint8
	u1, u2  int // units: box and line, the pair's unit, the X-Wing's lines
	digits  Digits
	c1, c2  int // the pair's cells
	parents []int
}

// chainBoxLine describes where a box and a line cross: the line's unit,
// the crossing's places in the box and in the line.
type chainBoxLine struct {
	line         int
	inBox, inLin uint16
}

// chainBoxLines lists the six lines through each box.
var chainBoxLines = func() (t [9][6]chainBoxLine) {
	for b := 0; b < 9; b++ {
		br, bc := b/3, b%3
		for k := 0; k < 3; k++ {
			row, col := br*3+k, bc*3+k
			var rb, cb uint16
			for j := 0; j < 3; j++ {
				rb |= 1 << (k*3 + j) // box places of row k of the box
				cb |= 1 << (j*3 + k) // box places of column k of the box
			}
			t[b][k] = chainBoxLine{line: FirstRow + row, inBox: rb, inLin: 7 << (bc * 3)}
			t[b][3+k] = chainBoxLine{line: FirstCol + col, inBox: cb, inLin: 7 << (br * 3)}
		}
	}
	return t
}()

// advanced applies the rules; it reports whether it turned anything off.
func (p *chainProp) advanced() bool {
	if p.advLocked() || p.failed || p.hit {
		return true
	}
	if p.advPairs() || p.failed || p.hit {
		return true
	}
	return p.advXWing()
}

// offParents appends the literals "c is not d" the chain derived for the
// places of unit u in mask (cells that had d on the board).
func (p *chainProp) offParents(out []int, u int, d uint8, mask uint16) []int {
	for m := mask & p.origPos[u][d]; m != 0; m &= m - 1 {
		c := UnitCells[u][bits.TrailingZeros16(m)]
		if l := chainLit(chainCand(c, d), false); p.known(l) {
			out = append(out, l)
		}
	}
	return out
}

// advEliminate turns off the digits in the places of unit u in mask for an
// advanced rule; it reports whether it turned anything off.
func (p *chainProp) advEliminate(a chainAdv, u int, mask uint16, digits Digits) bool {
	var dep uint16
	for _, q := range a.parents {
		if p.depth[q] >= dep {
			dep = p.depth[q] + 1
		}
	}
	idx := -1
	for m := mask; m != 0; m &= m - 1 {
		c := UnitCells[u][bits.TrailingZeros16(m)]
		for x := p.work[c] & digits; x != 0; x &= x - 1 {
			if idx < 0 {
				p.adv = append(p.adv, a)
				idx = len(p.adv) - 1
			}
			if !p.set(chainLit(chainCand(c, x.First()), false), causeAdvanced, idx, dep) {
				return true
			}
		}
	}
	return idx >= 0
}

func (p *chainProp) advLocked() bool {
	found := false
	for b := 0; b < 9; b++ {
		box := FirstBox + b
		for d := uint8(1); d <= 9; d++ {
			m := p.pos[box][d]
			if m == 0 {
				continue
			}
			boxTouched := p.touched[box].Has(d)
			for _, bl := range chainBoxLines[b] {
				lm := p.pos[bl.line][d]
				// pointing: d in the box only on the line, and elsewhere on the line
				if boxTouched && m&^bl.inBox == 0 && lm&^bl.inLin != 0 {
					if par := p.offParents(nil, box, d, ^bl.inBox&0x1FF); len(par) > 0 {
						a := chainAdv{kind: advPointing, u1: box, u2: bl.line, digits: DigitSet(d), parents: par}
						if p.advEliminate(a, bl.line, lm&^bl.inLin, DigitSet(d)) {
							found = true
							if p.failed || p.hit {
								return true
							}
						}
					}
				}
				// claiming: d in the line only inside the box, and elsewhere in the box
				m = p.pos[box][d]
				if p.touched[bl.line].Has(d) && lm != 0 && lm&^bl.inLin == 0 && m&^bl.inBox != 0 {
					if par := p.offParents(nil, bl.line, d, ^bl.inLin&0x1FF); len(par) > 0 {
						a := chainAdv{kind: advClaiming, u1: box, u2: bl.line, digits: DigitSet(d), parents: par}
						if p.advEliminate(a, box, m&^bl.inBox, DigitSet(d)) {
							found = true
							if p.failed || p.hit {
								return true
							}
						}
					}
				}
				m = p.pos[box][d]
				if m == 0 {
					break
				}
			}
		}
	}
	return found
}

func (p *chainProp) advPairs() bool {
	found := false
	for u := 0; u < NumUnits; u++ {
		if p.touched[u] == 0 {
			continue
		}
		cells := &UnitCells[u]
		// naked pairs
		for i := 0; i < 9; i++ {
			a := cells[i]
			pair := p.work[a]
			if pair.Count() != 2 {
				continue
			}
			for j := i + 1; j < 9; j++ {
				bc := cells[j]
				if p.work[bc] != pair {
					continue
				}
				var victims uint16
				for x := pair; x != 0; x &= x - 1 {
					victims |= p.pos[u][x.First()]
				}
				victims &^= 1<<i | 1<<j
				if victims == 0 {
					continue
				}
				var par []int
				for _, c := range [2]int{a, bc} {
					for x := p.b.Cands[c] &^ pair; x != 0; x &= x - 1 {
						if l := chainLit(chainCand(c, x.First()), false); p.known(l) {
							par = append(par, l)
						}
					}
				}
				if len(par) == 0 {
					continue
				}
				adv := chainAdv{kind: advNakedPair, u1: u, digits: pair, c1: a, c2: bc, parents: par}
				if p.advEliminate(adv, u, victims, pair) {
					found = true
					if p.failed || p.hit {
						return true
					}
				}
			}
		}
		// hidden pairs
		for x := uint8(1); x <= 9; x++ {
			mx := p.pos[u][x]
			if bits.OnesCount16(mx) != 2 {
				continue
			}
			for y := x + 1; y <= 9; y++ {
				if p.pos[u][y] != mx || !p.touched[u].Has(x) && !p.touched[u].Has(y) {
					continue
				}
				pair := DigitSet(x, y)
				c1, c2 := cells[bits.TrailingZeros16(mx)], cells[15-bits.LeadingZeros16(mx)]
				if (p.work[c1]|p.work[c2])&^pair == 0 {
					continue
				}
				par := p.offParents(nil, u, x, ^mx&0x1FF)
				par = p.offParents(par, u, y, ^mx&0x1FF)
				if len(par) == 0 {
					continue
				}
				adv := chainAdv{kind: advHiddenPair, u1: u, digits: pair, c1: c1, c2: c2, parents: par}
				if p.advEliminate(adv, u, mx, AllDigits&^pair) {
					found = true
					if p.failed || p.hit {
						return true
					}
				}
			}
		}
	}
	return found
}

func (p *chainProp) advXWing() bool {
	found := false
	for _, base := range [2]int{FirstRow, FirstCol} {
		cover := FirstCol
		if base == FirstCol {
			cover = FirstRow
		}
		for d := uint8(1); d <= 9; d++ {
			for i := 0; i < 9; i++ {
				m := p.pos[base+i][d]
				if bits.OnesCount16(m) != 2 {
					continue
				}
				for j := i + 1; j < 9; j++ {
					if p.pos[base+j][d] != m || !p.touched[base+i].Has(d) && !p.touched[base+j].Has(d) {
						continue
					}
					k1, k2 := bits.TrailingZeros16(m), 15-bits.LeadingZeros16(m)
					v1 := p.pos[cover+k1][d] &^ (1<<i | 1<<j)
					v2 := p.pos[cover+k2][d] &^ (1<<i | 1<<j)
					if v1|v2 == 0 {
						continue
					}
					par := p.offParents(nil, base+i, d, ^m&0x1FF)
					par = p.offParents(par, base+j, d, ^m&0x1FF)
					if len(par) == 0 {
						continue
					}
					a := chainAdv{kind: advXWing, u1: base + i, u2: base + j, digits: DigitSet(d), parents: par}
					e1 := p.advEliminate(a, cover+k1, v1, DigitSet(d))
					if p.failed || p.hit {
						return true
					}
					e2 := p.advEliminate(a, cover+k2, v2, DigitSet(d))
					if e1 || e2 {
						found = true
						if p.failed || p.hit {
							return true
						}
					}
				}
			}
		}
	}
	return found
}
