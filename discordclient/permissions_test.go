package discordclient

import (
	"os"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/l10n"
)

// TestInstallPermissions: the install link asks for every permission the
// bot uses, named by discordgo's constants, and the operations guide
// carries that very link.
func TestInstallPermissions(t *testing.T) {
	t.Parallel()
	want := int64(discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionEmbedLinks |
		discordgo.PermissionAttachFiles | discordgo.PermissionReadMessageHistory |
		discordgo.PermissionCreatePublicThreads | discordgo.PermissionSendMessagesInThreads)
	if InstallPermissions != want {
		t.Errorf("InstallPermissions = %d, want %d", InstallPermissions, want)
	}
	if InstallPermissions != 309237763072 {
		t.Errorf("InstallPermissions = %d, want 309237763072 (the number in the docs)", InstallPermissions)
	}
	link := InstallURL("APP_ID")
	if !strings.Contains(link, "permissions=309237763072") || !strings.Contains(link, "scope=bot+applications.commands") {
		t.Errorf("install link %s", link)
	}
	for _, doc := range []string{"../docs/operations.md", "../README.md"} {
		raw, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		text := string(raw)
		if doc == "../docs/operations.md" && !strings.Contains(text, link) {
			t.Errorf("%s does not give the install link %s", doc, link)
		}
		for _, line := range strings.Split(text, "\n") {
			if strings.Contains(line, "integration_type=0") && !strings.Contains(line, link) {
				t.Errorf("%s: a server install link that is not InstallURL's %s:\n%s", doc, link, line)
			}
		}
	}
}

// TestPermissionNames: every permission the bot uses has its name, as
// Discord's settings show it, in every language.
func TestPermissionNames(t *testing.T) {
	t.Parallel()
	en := l10n.English()
	for _, p := range append(append([]permission(nil), channelPermissionsUsed...), threadPermissionsUsed...) {
		id := "perm." + string(p.name)
		if got := en.T(id); got == id || got == "" {
			t.Errorf("%s has no English name", id)
		}
		for _, tag := range l10n.Tags() {
			l := l10n.For(tag)
			if got := l.T(id); got == id || (!strings.HasPrefix(tag, "en") && got == en.T(id)) {
				t.Errorf("%s in %s: %q, want its own name", id, tag, got)
			}
		}
	}
}
