package engine

// Technique is one named solving technique. Find looks for the technique in
// a position and returns the first step it finds in a stable order.
type Technique interface {
	// Name is the technique's name as players know it, e.g. "X-Wing".
	Name() string
	// Score is the technique's base rating on the Sudoku Explainer scale;
	// a found step may rate higher (chains add a length bonus).
	Score() float64
	// Find returns a step that makes progress (at least one placement or
	// elimination), or false when the technique does not apply.
	Find(b *Board) (Step, bool)
}
