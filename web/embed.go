// Package web holds the built web board (web/dist, made by `npm --prefix
// web run build`) for the bot's HTTP server to serve. A fresh clone has
// only dist's placeholder: Files then reports the board as not built and
// the server answers /board/ with how to build it.
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Files is the built board: index.html and assets/. built is false when
// the binary was built without it (no index.html).
func Files() (files fs.FS, built bool) {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		return nil, false
	}
	st, err := fs.Stat(sub, "index.html")
	return sub, err == nil && !st.IsDir()
}
