package codecheck

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// goList runs `go list -f format pkg` in the module and returns its lines.
func goList(t *testing.T, format, pkg string) []string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command on PATH to list packages: %v", err)
	}
	cmd := exec.Command(goTool, "list", "-f", format, module+"/"+pkg)
	cmd.Dir = "../.."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %s: %v", pkg, err)
	}
	return strings.Fields(string(out))
}

// TestDoorsStayDoors checks the dependency rules of the doors that no
// compiler checks: the web door reaches Discord over plain HTTP and links
// no Discord client, and the command line reaches the doors only through
// app's wiring, never by importing one.
func TestDoorsStayDoors(t *testing.T) {
	if deps := goList(t, `{{join .Deps " "}}`, "webapi"); slices.Contains(deps, "github.com/bwmarrin/discordgo") {
		t.Error("webapi depends on github.com/bwmarrin/discordgo: the web door calls Discord's REST API over net/http")
	}
	for _, door := range []string{"bot", "webapi"} {
		if imports := goList(t, `{{join .Imports " "}}`, "cli"); slices.Contains(imports, module+"/"+door) {
			t.Errorf("cli imports %s: the command line reaches a door only through app", door)
		}
	}
}
