package engine

// Canonical returns the minlex form of g: of every grid equivalent to g
// under the 2·6⁸ row, column, band, stack and transposition
// arrangements, each with its digits relabelled in order of first
// appearance (1 for the first digit read, 2 for the next new one, ...),
// the one that is smallest read as 81 digits with blanks as 0. Two
// puzzles are the same puzzle in disguise exactly when their canonical
// forms are equal, so the form is the key that keeps dailies and
// players' puzzles from repeating.
//
// The search builds the form row by row and keeps only the arrangements
// whose rows so far are the smallest possible (a beam of ties): a prefix
// that is not minimal can never become the minimal form, so pruning it is
// exact. The first row tries every source row under all 1,296 column
// orders; later rows only the rows the band structure allows.
func Canonical(g Grid) Grid {
	var src [2]Grid
	src[0] = g
	for r := range 9 {
		for c := range 9 {
			src[1][c*9+r] = g[r*9+c]
		}
	}
	for i := range src {
		for c, d := range src[i] {
			if d > 9 {
				src[i][c] = 0 // a value no board holds reads as blank
			}
		}
	}
	var out Grid
	beam := canonFirstRow(&src, &out)
	for k := 1; k < 9; k++ {
		beam = canonNextRow(&src, beam, k, &out)
	}
	return out
}

// CanonicalKey is Canonical's 81 digits as a string: the key stored with
// each puzzle.
func CanonicalKey(g Grid) string { return Canonical(g).Digits() }

// canonState is one arrangement still tied for the minimal form: which
// copy (transposed or not), which column order, which source rows were
// placed, and the digit relabelling so far.
type canonState struct {
	t    uint8
	col  uint16
	used uint16 // source rows placed, as bits
	band int8   // source band of the output row just placed
	m    [10]uint8
	next uint8
}

// canonKey dedups states whose futures are identical.
type canonKey struct {
	t    uint8
	col  uint16
	used uint16
	m    [10]uint8
}

// colPerms lists the 1,296 column orders: new column j is old column
// colPerms[i][j].
var colPerms = func() [][9]uint8 {
	perms3 := [6][3]uint8{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	out := make([][9]uint8, 0, 1296)
	for _, s := range perms3 {
		for _, a := range perms3 {
			for _, b := range perms3 {
				for _, c := range perms3 {
					var p [9]uint8
					in := [3][3]uint8{a, b, c}
					for j := range 9 {
						p[j] = s[j/3]*3 + in[j/3][j%3]
					}
					out = append(out, p)
				}
			}
		}
	}
	return out
}()

// canonRow writes source row r of src under column order col and the
// relabelling of st into row, extending st's relabelling. It stops early,
// reporting false, as soon as the row is greater than best.
func canonRow(src *Grid, r int, col *[9]uint8, st *canonState, best *[9]uint8, haveBest bool) (row [9]uint8, cmp int) {
	cmp = 0
	if !haveBest {
		cmp = -1
	}
	for j := range 9 {
		d := src[r*9+int(col[j])]
		if d != 0 {
			if st.m[d] == 0 {
				st.next++
				st.m[d] = st.next
			}
			d = st.m[d]
		}
		row[j] = d
		if cmp == 0 {
			switch {
			case d < best[j]:
				cmp = -1
			case d > best[j]:
				return row, 1
			}
		}
	}
	return row, cmp
}

func canonFirstRow(src *[2]Grid, out *Grid) []canonState {
	var best [9]uint8
	have := false
	var beam []canonState
	for t := range 2 {
		for r := range 9 {
			for ci := range colPerms {
				st := canonState{t: uint8(t), col: uint16(ci), used: 1 << r, band: int8(r / 3)}
				row, cmp := canonRow(&src[t], r, &colPerms[ci], &st, &best, have)
				switch {
				case cmp < 0:
					best, have = row, true
					beam = append(beam[:0], st)
				case cmp == 0:
					beam = append(beam, st)
				}
			}
		}
	}
	copy(out[:9], best[:])
	return beam
}

func canonNextRow(src *[2]Grid, beam []canonState, k int, out *Grid) []canonState {
	var best [9]uint8
	have := false
	var next []canonState
	seen := map[canonKey]bool{}
	for _, st := range beam {
		for r := range 9 {
			if st.used&(1<<r) != 0 {
				continue
			}
			if k%3 != 0 {
				if int8(r/3) != st.band {
					continue
				}
			} else if st.used&(7<<(3*(r/3))) != 0 {
				continue // a band already started
			}
			ns := st
			ns.used |= 1 << r
			ns.band = int8(r / 3)
			row, cmp := canonRow(&src[st.t], r, &colPerms[st.col], &ns, &best, have)
			if cmp > 0 {
				continue
			}
			if cmp < 0 {
				best, have = row, true
				next = next[:0]
				clear(seen)
			}
			key := canonKey{ns.t, ns.col, ns.used, ns.m}
			if seen[key] {
				continue
			}
			seen[key] = true
			next = append(next, ns)
		}
	}
	copy(out[k*9:k*9+9], best[:])
	return next
}
