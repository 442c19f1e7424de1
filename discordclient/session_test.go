package discordclient

import (
	"errors"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/discordapi"
)

// TestDefaultAPIIsDiscordgos keeps the web door's Discord base URL, which
// it knows without importing discordgo, the one the Discord door speaks.
func TestDefaultAPIIsDiscordgos(t *testing.T) {
	t.Parallel()
	if discordapi.DefaultAPI != discordgo.EndpointAPI {
		t.Fatalf("discordapi.DefaultAPI = %q, discordgo.EndpointAPI = %q", discordapi.DefaultAPI, discordgo.EndpointAPI)
	}
}

// TestErrorsNameTheCalledURL: a request that discordgo built for
// discord.com and the session sent to another base URL (a REST proxy, the
// fake) fails with an error naming the address that failed, not
// discord.com.
func TestErrorsNameTheCalledURL(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String() + "/proxy/api/v9/"
	ln.Close() // nothing listens there now: the connection is refused
	s, err := NewSession(SessionOptions{Token: "x", API: base})
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Request(http.MethodGet, discordgo.EndpointUser("@me"), nil)
	msg := Classify(err).Error()
	if !strings.Contains(msg, base+"users/@me") || strings.Contains(msg, "discord.com") {
		t.Fatalf("error %q, want one naming %susers/@me and not discord.com", msg, base)
	}
	if !errors.Is(Classify(err), discordapi.ErrUnavailable) {
		t.Fatalf("error %v is not discordapi.ErrUnavailable", err)
	}
}
