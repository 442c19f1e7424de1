package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestLoggingClipsLongErrors: an error that quotes a huge input (a paste
// of 81 ones conflicts 810 times: 22 KB) is logged cut, saying how long
// it was, not as a 22 KB line.
func TestLoggingClipsLongErrors(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	log := slog.New(slog.NewTextHandler(&buf, nil))
	long := errors.New("invalid: " + strings.Repeat("r1c1 and r1c2 both hold 1, ", 810) + "é")
	h := Logging(log, nil)(func(ctx context.Context, r *Request) (*Response, error) { return nil, long })
	r := &Request{Interaction: &discordgo.Interaction{ID: "1", Type: discordgo.InteractionApplicationCommand}, Route: "sudoku new"}
	if _, err := h(context.Background(), r); err != long {
		t.Fatalf("the error returned is %v, want it unchanged", err)
	}
	line := buf.String()
	if len(line) > 1024 {
		t.Fatalf("log line of %d bytes", len(line))
	}
	if want := fmt.Sprintf("(%d bytes)", len(long.Error())); !strings.Contains(line, want) {
		t.Fatalf("log line %q does not say the error's length %s", line, want)
	}
	if got := clipErr(errors.New("short")); got != "short" {
		t.Fatalf("clipErr(short) = %q", got)
	}
}
