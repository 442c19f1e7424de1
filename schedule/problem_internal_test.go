package schedule

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/sudokubot/sudokubot/discordapi"
	"github.com/sudokubot/sudokubot/store"
)

// TestProblemOf: what the guild is marked with for each refusal.
func TestProblemOf(t *testing.T) {
	send := []discordapi.Permission{discordapi.SendMessages}
	for _, tt := range []struct {
		name string
		err  error
		want store.PostProblem
	}{
		{"permissions looked up", &discordapi.Error{Status: 403, Code: discordapi.CodeMissingPermissions, Missing: send},
			store.PostProblem{Kind: store.ProblemMissingPermissions, Missing: send}},
		{"cannot see the channel", &discordapi.Error{Status: 403, Code: discordapi.CodeMissingPermissions,
			Missing: []discordapi.Permission{discordapi.ViewChannel, discordapi.SendMessages}}, store.PostProblem{Kind: store.ProblemNoAccess}},
		{"Missing Access", &discordapi.Error{Status: 403, Code: discordapi.CodeMissingAccess}, store.PostProblem{Kind: store.ProblemNoAccess}},
		{"Missing Permissions, not looked up", &discordapi.Error{Status: 403, Code: discordapi.CodeMissingPermissions},
			store.PostProblem{Kind: store.ProblemMissingPermissions}},
		{"channel gone", fmt.Errorf("posting: %w", &discordapi.Error{Status: 404, Code: discordapi.CodeUnknownChannel}),
			store.PostProblem{Kind: store.ProblemChannelGone}},
		{"another 403", &discordapi.Error{Status: 403, Code: 50007}, store.PostProblem{Kind: store.ProblemRefused}},
		{"a bare sentinel", fmt.Errorf("fake: %w", discordapi.ErrForbidden), store.PostProblem{Kind: store.ProblemRefused}},
		{"not a Discord error", errors.New("boom"), store.PostProblem{Kind: store.ProblemRefused}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := problemOf(tt.err); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("problemOf(%v) = %+v, want %+v", tt.err, got, tt.want)
			}
		})
	}
}
