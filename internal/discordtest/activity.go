package discordtest

import (
	"encoding/json"
	"net/http"
	"slices"
)

// instance is an Activity instance the fake knows: where it runs and who
// is in it, as GET /applications/{application_id}/activity-instances/
// {instance_id} answers them.
type instance struct {
	guild, channel string
	users          []string
}

// JoinActivity puts user in the Activity instance id, which runs in the
// voice channel of guild (a private channel when guild is ""), making it
// on first use: what Discord knows once the player has started or joined
// the Activity there.
func (f *Server) JoinActivity(id, guild, channel, user string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.instances == nil {
		f.instances = map[string]*instance{}
	}
	in := f.instances[id]
	if in == nil {
		in = &instance{guild: guild, channel: channel}
		f.instances[id] = in
	}
	if !slices.Contains(in.users, user) {
		in.users = append(in.users, user)
	}
}

// LeaveActivity takes user out of the Activity instance id.
func (f *Server) LeaveActivity(id, user string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if in := f.instances[id]; in != nil {
		in.users = slices.DeleteFunc(in.users, func(u string) bool { return u == user })
	}
}

// activityInstance answers GET /applications/{application_id}/
// activity-instances/{instance_id} (a bot token's request): the
// instance's EmbeddedActivityInstance, checked against Discord's
// description before it is sent, or 404 for an instance it does not know.
func (f *Server) activityInstance(w http.ResponseWriter, app, id string) {
	f.mu.Lock()
	in := f.instances[id]
	var body map[string]any
	if in != nil && app == f.AppID {
		loc := map[string]any{"id": "gc-" + in.guild + "-" + in.channel, "kind": "gc", "channel_id": in.channel, "guild_id": in.guild}
		if in.guild == "" {
			loc = map[string]any{"id": "pc-" + in.channel, "kind": "pc", "channel_id": in.channel}
		}
		body = map[string]any{"application_id": f.AppID, "instance_id": id, "launch_id": "1-" + id,
			"location": loc, "users": slices.Clone(in.users)}
	}
	f.mu.Unlock()
	if body == nil {
		writeJSON(w, http.StatusNotFound, errBody("404: Not Found", 0))
		return
	}
	doc, _ := json.Marshal(body)
	if err := f.spec.Validate("EmbeddedActivityInstance", doc); err != nil {
		f.t.Errorf("fake discord: its activity instance does not match Discord's API description: %v\n%s", err, doc)
	}
	writeJSON(w, http.StatusOK, body)
}
