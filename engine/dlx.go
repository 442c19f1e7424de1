package engine

// This file is the classic exact-cover method, kept as a selectable
// alternative to the band solver (solve --method dlx) and as an
// independent check of it in tests: Knuth's Algorithm X with dancing
// links. Sudoku is an exact cover of 324 constraints (each cell filled,
// each digit once per row, column and box) by 729 choices (a digit in a
// cell), each choice covering exactly four constraints.

const (
	dlxCols  = 4 * NumCells            // 324 constraints
	dlxRows  = 9 * NumCells            // 729 choices
	dlxNodes = 1 + dlxCols + 4*dlxRows // root, headers, four nodes per choice
)

// dlxMatrix is the whole linked matrix in index arrays: node 0 is the
// root, nodes 1-324 the column headers, then four nodes per choice. Arrays
// rather than pointers make a fresh matrix one copy of a template.
type dlxMatrix struct {
	left, right, up, down [dlxNodes]int16
	col                   [dlxNodes]int16 // header of a node's column
	row                   [dlxNodes]int16 // choice of a node: cell*9 + digit-1
	size                  [1 + dlxCols]int16
	first                 [dlxRows]int16 // first node of each choice
}

// dlxTemplate is the full matrix with nothing covered.
var dlxTemplate = newDLXMatrix()

// dlxConstraints lists the four constraints a digit (0-8) in a cell covers.
func dlxConstraints(cell, d int) [4]int {
	r, c, b := RowOf(cell), ColOf(cell), BoxOf(cell)
	return [4]int{cell, NumCells + r*9 + d, 2*NumCells + c*9 + d, 3*NumCells + b*9 + d}
}

func newDLXMatrix() *dlxMatrix {
	m := new(dlxMatrix)
	for h := 0; h <= dlxCols; h++ {
		m.left[h] = int16((h + dlxCols) % (dlxCols + 1))
		m.right[h] = int16((h + 1) % (dlxCols + 1))
		m.up[h], m.down[h], m.col[h] = int16(h), int16(h), int16(h)
		m.row[h] = -1
	}
	n := dlxCols + 1
	for cell := range NumCells {
		for d := range 9 {
			ch := cell*9 + d
			m.first[ch] = int16(n)
			for k, c := range dlxConstraints(cell, d) {
				h := c + 1
				// Append node n at the bottom of column h.
				m.col[n], m.row[n] = int16(h), int16(ch)
				m.up[n], m.down[n] = m.up[h], int16(h)
				m.down[m.up[h]] = int16(n)
				m.up[h] = int16(n)
				m.size[h]++
				// Link it into its row, a ring of four.
				m.left[n] = int16(n - 1)
				m.right[n] = int16(n + 1)
				if k == 0 {
					m.left[n] = int16(n + 3)
				}
				if k == 3 {
					m.right[n] = int16(n - 3)
				}
				n++
			}
		}
	}
	return m
}

func (m *dlxMatrix) cover(h int16) {
	m.right[m.left[h]] = m.right[h]
	m.left[m.right[h]] = m.left[h]
	for i := m.down[h]; i != h; i = m.down[i] {
		for j := m.right[i]; j != i; j = m.right[j] {
			m.down[m.up[j]] = m.down[j]
			m.up[m.down[j]] = m.up[j]
			m.size[m.col[j]]--
		}
	}
}

func (m *dlxMatrix) uncover(h int16) {
	for i := m.up[h]; i != h; i = m.up[i] {
		for j := m.left[i]; j != i; j = m.left[j] {
			m.size[m.col[j]]++
			m.down[m.up[j]] = j
			m.up[m.down[j]] = j
		}
	}
	m.right[m.left[h]] = h
	m.left[m.right[h]] = h
}

// dlxSearch is Algorithm X over one matrix, counting covers up to limit.
type dlxSearch struct {
	m      *dlxMatrix
	limit  int
	count  int
	chosen [NumCells]int16 // choices on the current path
	depth  int
	first  Grid // the first complete cover, givens included
	givens Grid
}

func (x *dlxSearch) search() {
	if x.m.right[0] == 0 {
		if x.count == 0 {
			x.first = x.givens
			for _, ch := range x.chosen[:x.depth] {
				x.first[ch/9] = uint8(ch%9 + 1)
			}
		}
		x.count++
		return
	}
	// Knuth's S heuristic: branch on the constraint with fewest choices.
	m := x.m
	h, best := int16(0), int16(dlxRows+1)
	for c := m.right[0]; c != 0; c = m.right[c] {
		if m.size[c] < best {
			h, best = c, m.size[c]
			if best <= 1 {
				break
			}
		}
	}
	if best == 0 {
		return
	}
	m.cover(h)
	for r := m.down[h]; r != h; r = m.down[r] {
		x.chosen[x.depth] = m.row[r]
		x.depth++
		for j := m.right[r]; j != r; j = m.right[j] {
			m.cover(m.col[j])
		}
		x.search()
		for j := m.left[r]; j != r; j = m.left[j] {
			m.uncover(m.col[j])
		}
		x.depth--
		if x.count >= x.limit {
			break
		}
	}
	m.uncover(h)
}

// countDLX counts solutions of g (givens already validated) up to limit,
// leaving the first in first when it is not nil.
func countDLX(g Grid, limit int, first *Grid) int {
	m := *dlxTemplate
	x := dlxSearch{m: &m, limit: limit, givens: g}
	for cell, d := range g {
		if d == 0 {
			continue
		}
		n := m.first[cell*9+int(d)-1]
		// Take the given's choice: cover its four constraints.
		m.cover(m.col[n])
		for j := m.right[n]; j != n; j = m.right[j] {
			m.cover(m.col[j])
		}
	}
	x.search()
	if first != nil && x.count > 0 {
		*first = x.first
	}
	return x.count
}

// SolveDLX is Solve by dancing links: the same answers and errors, found
// by the textbook exact-cover method, far slower than Solve.
func SolveDLX(g Grid) (Grid, error) {
	if err := g.Validate(); err != nil {
		return Grid{}, err
	}
	var sol Grid
	return uniqueSolution(countDLX(g, 2, &sol), sol)
}

// CountSolutionsDLX is CountSolutions by dancing links.
func CountSolutionsDLX(g Grid, limit int) int {
	if limit < 1 || g.Validate() != nil {
		return 0
	}
	return countDLX(g, limit, nil)
}
