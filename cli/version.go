package cli

import "runtime/debug"

// buildVersion is the version a build reports: the one set with
// -ldflags "-X main.version=...", else, for a plain `go build` from a git
// checkout, "dev-" and the commit (with "-dirty" for uncommitted changes),
// else "dev".
func buildVersion(ldflags string) string {
	if ldflags != "" && ldflags != "dev" {
		return ldflags
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "dev"
	}
	return versionFromSettings(info.Settings)
}

// versionFromSettings is "dev-<commit>[-dirty]" from a build's VCS
// settings, or "dev" without them.
func versionFromSettings(settings []debug.BuildSetting) string {
	var rev string
	dirty := false
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "dev"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "-dirty"
	}
	return "dev-" + rev
}
