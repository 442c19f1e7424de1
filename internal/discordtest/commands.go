package discordtest

import (
	"encoding/json"
	"net/http"
	"strings"
)

// Application commands as Discord keeps them: the last bulk overwrite of
// each endpoint (global or a guild's), and Discord's rule for apps with
// Activities: a global bulk overwrite may not drop the primary entry
// point command (type 4) once it exists.

// entryPointType is PRIMARY_ENTRY_POINT.
const entryPointType = 4

// EnableActivities does what enabling Activities in the Developer Portal
// does: the application gets Discord's default entry point command,
// "launch", which later bulk overwrites must keep.
func (f *Server) EnableActivities() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.commands == nil {
		f.commands = map[string][]map[string]any{}
	}
	key := "applications/" + f.AppID + "/commands"
	f.commands[key] = append(f.commands[key], map[string]any{"id": f.newID(), "application_id": f.AppID,
		"name": "launch", "description": "", "type": entryPointType, "handler": 2, "version": "1"})
}

// Commands returns the commands the last bulk overwrite of path (e.g.
// "applications/1000/commands") left.
func (f *Server) Commands(path string) []map[string]any {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.commands[strings.Trim(path, "/")]
}

func hasEntryPoint(cmds []map[string]any) bool {
	for _, c := range cmds {
		if t, _ := c["type"].(float64); int(t) == entryPointType {
			return true
		}
		if t, _ := c["type"].(int); t == entryPointType {
			return true
		}
	}
	return false
}

// putCommands stores a bulk overwrite, refusing one that would remove the
// entry point as Discord does (400, code 50240).
func (f *Server) putCommands(w http.ResponseWriter, path string, payload []byte) {
	var cmds []map[string]any
	if err := json.Unmarshal(payload, &cmds); err != nil {
		writeJSON(w, http.StatusBadRequest, errBody("400: Bad Request", 50035))
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.commands == nil {
		f.commands = map[string][]map[string]any{}
	}
	if hasEntryPoint(f.commands[path]) && !hasEntryPoint(cmds) {
		writeJSON(w, http.StatusBadRequest, map[string]any{"code": 50240,
			"message": "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry Point command in your update request or delete it separately."})
		return
	}
	for _, c := range cmds {
		c["id"], c["application_id"], c["version"] = f.newID(), f.AppID, "1"
	}
	f.commands[path] = cmds
	writeJSON(w, http.StatusOK, cmds)
}

func (f *Server) getCommands(w http.ResponseWriter, path string) {
	f.mu.Lock()
	cmds := f.commands[path]
	if cmds == nil {
		cmds = []map[string]any{}
	}
	body, err := json.Marshal(cmds)
	f.mu.Unlock()
	if err != nil {
		writeJSON(w, http.StatusInternalServerError, errBody("500: Internal Server Error", 0))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(body)
}
