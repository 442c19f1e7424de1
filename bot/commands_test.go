package bot

import (
	"encoding/json"
	"testing"

	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// loadSpec reads Discord's OpenAPI description from the shared data folder
// (once, shared with the fake Discord), skipping the test when it is absent.
func loadSpec(t testing.TB) *discordtest.Spec {
	t.Helper()
	return discordtest.OpenAPI(t)
}

func TestCommandsValidateAgainstSpec(t *testing.T) {
	s := loadSpec(t)
	b, err := CommandsJSON()
	if err != nil {
		t.Fatal(err)
	}
	var cmds []json.RawMessage
	if err := json.Unmarshal(b, &cmds); err != nil {
		t.Fatal(err)
	}
	if len(cmds) != 2 {
		t.Fatalf("got %d commands, want 2", len(cmds))
	}
	for _, c := range cmds {
		if err := s.Validate("ApplicationCommandCreateRequest", c); err != nil {
			t.Errorf("command %s:\n%v", c[:40], err)
		}
	}
	body, err := s.RequestSchema("/applications/{application_id}/commands", "put")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.ValidateSchema(body, b); err != nil {
		t.Errorf("bulk overwrite body: %v", err)
	}
}

func TestSchemaValidatorCatchesMistakes(t *testing.T) {
	s := loadSpec(t)
	for name, doc := range map[string]string{
		"name too long":       `{"name":"abcdefghijklmnopqrstuvwxyzabcdefghijkl"}`,
		"missing name":        `{"description":"x"}`,
		"bad option type":     `{"name":"a","description":"x","options":[{"type":99,"name":"b","description":"c"}]}`,
		"permissions string":  `{"name":"a","default_member_permissions":"32"}`,
		"too many options":    `{"name":"a","options":[` + repeat(`{"type":5,"name":"b","description":"c"}`, 26) + `]}`,
		"wrong type of field": `{"name":"a","dm_permission":"yes"}`,
	} {
		if err := s.Validate("ApplicationCommandCreateRequest", []byte(doc)); err == nil {
			t.Errorf("%s: %s validated, want an error", name, doc)
		}
	}
}

func repeat(item string, n int) string {
	out := item
	for i := 1; i < n; i++ {
		out += "," + item
	}
	return out
}
