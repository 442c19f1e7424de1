//go:build !race

package bot

// raceEnabled is true when tests run with -race, which slows the CPU-bound
// load test about tenfold.
const raceEnabled = false
