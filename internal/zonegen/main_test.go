package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"
	_ "time/tzdata" // the database the binary embeds
)

// TestGeneratedIsCurrent fails when zones/zones_gen.go is not what the
// generator makes from this Go's database: run go generate ./zones.
func TestGeneratedIsCurrent(t *testing.T) {
	root, err := goroot()
	if err != nil {
		t.Fatal(err)
	}
	want, err := generate(root)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join("..", "..", "zones", "zones_gen.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("zones/zones_gen.go is stale: run go generate ./zones")
	}
}

func TestEveryZoneLoads(t *testing.T) {
	root, err := goroot()
	if err != nil {
		t.Fatal(err)
	}
	src, err := generate(root)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range bytes.Split(src, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if !bytes.HasPrefix(line, []byte(`"`)) {
			continue
		}
		name := string(bytes.Trim(line, `",`))
		if _, err := time.LoadLocation(name); err != nil {
			t.Errorf("zone %q does not load: %v", name, err)
		}
		n++
	}
	if n < 400 {
		t.Fatalf("only %d zones", n)
	}
}
