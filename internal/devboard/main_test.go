package main

import (
	"bufio"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestDevBoardStarts: the dev board serves, prints a board link on its
// own address, and stops when its context ends, all within a bound.
func TestDevBoardStarts(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, "127.0.0.1:0", pw, slog.New(slog.DiscardHandler))
		pw.Close()
	}()
	sc := bufio.NewScanner(pr)
	var board string
	for sc.Scan() {
		if link, ok := strings.CutPrefix(sc.Text(), "board:"); ok {
			board = strings.TrimSpace(link)
			break
		}
	}
	go func() { _, _ = io.Copy(io.Discard, pr) }()
	if board == "" {
		err := <-done
		if errors.Is(err, errNoSpec) || errors.Is(err, errNoBoard) {
			t.Skip(err)
		}
		t.Fatalf("no board link printed; run: %v", err)
	}
	base, _, ok := strings.Cut(board, "/board/")
	if !ok || !strings.HasPrefix(base, "http://127.0.0.1:") {
		t.Fatalf("board link %q is not under http://127.0.0.1:PORT/board/", board)
	}
	resp, err := http.Get(base + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("/healthz answered %d", resp.StatusCode)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the dev board did not stop within 20 s of its context ending")
	}
}
