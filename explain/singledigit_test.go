package explain

import (
	"flag"
	"testing"
)

var updateSingleDigit = flag.Bool("update-singledigit", false, "rewrite the golden files of testdata/singledigit")

func TestSingleDigitGoldens(t *testing.T) {
	runWingsGoldens(t, "singledigit", *updateSingleDigit, []string{
		"Skyscraper", "2-String Kite", "Turbot Fish", "Empty Rectangle", "Simple Colouring", "Multi-Colouring",
	})
}
