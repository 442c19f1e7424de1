package engine

import "testing"

// TestDLXMatrix checks the shape of the exact-cover matrix: 324 columns of
// nine choices each, 729 choices of four constraints each, every link
// symmetric.
func TestDLXMatrix(t *testing.T) {
	m := dlxTemplate
	cols := 0
	for h := m.right[0]; h != 0; h = m.right[h] {
		cols++
		n := 0
		for i := m.down[h]; i != h; i = m.down[i] {
			n++
			if m.col[i] != h || m.up[m.down[i]] != i {
				t.Fatalf("column %d: broken link at node %d", h, i)
			}
		}
		if n != 9 || m.size[h] != 9 {
			t.Fatalf("column %d has %d nodes (size %d), want 9", h, n, m.size[h])
		}
	}
	if cols != dlxCols {
		t.Fatalf("%d columns, want %d", cols, dlxCols)
	}
	for ch := range dlxRows {
		first := m.first[ch]
		n := 1
		for j := m.right[first]; j != first; j = m.right[j] {
			n++
			if m.row[j] != int16(ch) || m.left[m.right[j]] != j {
				t.Fatalf("choice %d: broken link at node %d", ch, j)
			}
		}
		if n != 4 {
			t.Fatalf("choice %d has %d nodes, want 4", ch, n)
		}
	}
}

// TestDLXLeavesTemplate: a search works on a copy, so the template stays
// whole for the next one.
func TestDLXLeavesTemplate(t *testing.T) {
	before := *dlxTemplate
	if _, err := SolveDLX(MustParse(easyPuzzle)); err != nil {
		t.Fatal(err)
	}
	if *dlxTemplate != before {
		t.Fatal("SolveDLX changed the template")
	}
}
