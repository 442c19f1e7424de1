package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/internal/discordtest"
)

var update = flag.Bool("update", false, "rewrite the golden files of the replay test")

// recorder captures the initial response of an interaction, like
// httptest.ResponseRecorder.
type recorder struct {
	responses []*discordgo.InteractionResponse
	files     [][]string
}

func (r *recorder) respond(resp *discordgo.InteractionResponse) error {
	r.responses = append(r.responses, resp)
	var names []string
	if resp.Data != nil {
		for _, f := range resp.Data.Files {
			var buf bytes.Buffer
			_, _ = buf.ReadFrom(f.Reader)
			if _, err := png.Decode(bytes.NewReader(buf.Bytes())); err != nil {
				names = append(names, f.Name+" (not a PNG: "+err.Error()+")")
				continue
			}
			names = append(names, f.Name+" (PNG)")
		}
	}
	r.files = append(r.files, names)
	return nil
}

// summary is the golden form of a response: everything but the image
// bytes, which the render package tests pixel by pixel.
type summary struct {
	Type        discordgo.InteractionResponseType `json:"type"`
	Ephemeral   bool                              `json:"ephemeral"`
	Content     string                            `json:"content,omitempty"`
	CustomIDs   []string                          `json:"custom_ids,omitempty"`
	Choices     []string                          `json:"choices,omitempty"`
	ModalID     string                            `json:"modal_custom_id,omitempty"`
	Files       []string                          `json:"files,omitempty"`
	ValidJSON   bool                              `json:"matches_discord_spec"`
	Interaction string                            `json:"interaction"`
}

func summarise(t *testing.T, h *harness, resp *discordgo.InteractionResponse, files []string, name string) summary {
	s := summary{Type: resp.Type, Files: files, Interaction: name}
	body, err := json.Marshal(resp)
	if err != nil {
		t.Fatal(err)
	}
	s.ValidJSON = h.fake.SchemaSpec().ValidateSchema(mustSchema(t, h), body) == nil
	if d := resp.Data; d != nil {
		s.Ephemeral = d.Flags&discordgo.MessageFlagsEphemeral != 0
		s.Content = d.Content
		for _, c := range d.Choices {
			s.Choices = append(s.Choices, c.Name)
		}
		if resp.Type == discordgo.InteractionResponseModal {
			s.ModalID = d.CustomID
		}
		raw, _ := json.Marshal(d.Components)
		var comps []map[string]any
		_ = json.Unmarshal(raw, &comps)
		s.CustomIDs = reply{Components: comps}.customIDs()
	}
	return s
}

// TestReplay replays real-shaped interaction JSON from testdata/replay,
// in order, through the router into a recorder, and compares each response
// with its golden file (go test -run TestReplay -update rewrites them).
func TestReplay(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	// Alice's game is game 1, on the second puzzle of testdata/expert.txt.
	if r := h.viaHTTP(t, h.cmd(alice, guildID, "sudoku", "new", nil)); !strings.Contains(r.Content, "game #1") {
		t.Fatalf("setup: %q", r.Content)
	}
	files, err := filepath.Glob(filepath.Join("testdata", "replay", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no replay files: %v", err)
	}
	sort.Strings(files)
	for _, f := range files {
		if strings.HasSuffix(f, ".golden.json") {
			continue
		}
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var i discordgo.Interaction
		if err := json.Unmarshal(raw, &i); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		// The recorded ids are old: the receiver refuses those (interactions.checkIDAge).
		i.ID = strconv.FormatUint(discordtest.Snowflake(time.Now())+uint64(h.ids.Add(1)&0xfffff), 10)
		rec := &recorder{}
		if err := h.recv.Receive(&i, rec.respond); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(rec.responses) != 1 {
			t.Fatalf("%s: %d responses, want 1", name, len(rec.responses))
		}
		got, err := json.MarshalIndent(summarise(t, h, rec.responses[0], rec.files[0], name), "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, '\n')
		golden := filepath.Join("testdata", "replay", name+".golden.json")
		if *update {
			if err := os.WriteFile(golden, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%s: %v (run with -update to create it)", name, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: response differs from %s\ngot:\n%s\nwant:\n%s", name, golden, got, want)
		}
	}
	g, err := h.store.Game(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if g.Hints != [3]int{1, 0, 0} || g.Entries[0] != 0 || g.Entries[10] != 4 {
		t.Fatalf("state after replay: hints %v r1c1 %d r2c2 %d", g.Hints, g.Entries[0], g.Entries[10])
	}
}
