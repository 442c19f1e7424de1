package engine

import "fmt"

// A unit is a row, a column or a box. Units are numbered 0-26: rows 0-8,
// columns 9-17 and boxes 18-26 (boxes left to right, top to bottom).
const (
	NumUnits  = 27
	FirstRow  = 0
	FirstCol  = 9
	FirstBox  = 18
	NumCells  = 81
	NumPeers  = 20
	unitCells = 9
)

// Tables shared by the solvers; they are computed once when the program
// starts and never change, so every search can index them without
// recomputing geometry.
var (
	// UnitCells lists the nine cells of each unit in order.
	UnitCells = unitCellTable()
	// CellUnits gives the row, column and box unit of each cell.
	CellUnits = cellUnitTable()
	// Peers lists the 20 other cells that share a unit with each cell.
	Peers = peerTable()
)

func unitCellTable() (u [NumUnits][9]int) {
	for i := 0; i < 9; i++ {
		for j := 0; j < 9; j++ {
			u[FirstRow+i][j] = i*9 + j
			u[FirstCol+i][j] = j*9 + i
			u[FirstBox+i][j] = (i/3*3+j/3)*9 + i%3*3 + j%3
		}
	}
	return u
}

func cellUnitTable() (cu [NumCells][3]int) {
	for c := 0; c < NumCells; c++ {
		cu[c] = [3]int{FirstRow + RowOf(c), FirstCol + ColOf(c), FirstBox + BoxOf(c)}
	}
	return cu
}

func peerTable() (p [NumCells][NumPeers]int) {
	for c := 0; c < NumCells; c++ {
		n := 0
		for o := 0; o < NumCells; o++ {
			if o != c && (RowOf(o) == RowOf(c) || ColOf(o) == ColOf(c) || BoxOf(o) == BoxOf(c)) {
				p[c][n] = o
				n++
			}
		}
	}
	return p
}

// RowOf returns the 0-based row of a cell.
func RowOf(cell int) int { return cell / 9 }

// ColOf returns the 0-based column of a cell.
func ColOf(cell int) int { return cell % 9 }

// BoxOf returns the 0-based box of a cell.
func BoxOf(cell int) int { return cell/27*3 + cell%9/3 }

// CellAt returns the cell index of a 0-based row and column.
func CellAt(row, col int) int { return row*9 + col }

// SeesCell reports whether two distinct cells share a unit.
func SeesCell(a, b int) bool {
	return a != b && (RowOf(a) == RowOf(b) || ColOf(a) == ColOf(b) || BoxOf(a) == BoxOf(b))
}

// CellName writes a cell in the r4c6 notation (1-based).
func CellName(cell int) string {
	return fmt.Sprintf("r%dc%d", RowOf(cell)+1, ColOf(cell)+1)
}

// UnitName writes a unit for people: "row 4", "column 6" or "box 5".
func UnitName(unit int) string {
	switch {
	case unit < FirstCol:
		return fmt.Sprintf("row %d", unit-FirstRow+1)
	case unit < FirstBox:
		return fmt.Sprintf("column %d", unit-FirstCol+1)
	default:
		return fmt.Sprintf("box %d", unit-FirstBox+1)
	}
}
