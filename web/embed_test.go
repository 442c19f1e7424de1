package web

import (
	"io/fs"
	"testing"
)

// TestFiles: the embedded board is readable, and "built" says whether
// it has its page (a fresh clone has only the placeholder).
func TestFiles(t *testing.T) {
	files, built := Files()
	if files == nil {
		t.Fatal("no files")
	}
	_, err := fs.Stat(files, "index.html")
	if built != (err == nil) {
		t.Fatalf("built %v, index.html: %v", built, err)
	}
	if _, err := fs.Stat(files, ".keep"); err != nil && !built {
		t.Fatalf("neither the board nor its placeholder is embedded: %v", err)
	}
}
