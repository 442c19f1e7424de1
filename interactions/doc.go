// Package interactions receives Discord's interactions for the Discord
// door, by either way Discord delivers them, and makes each one handled
// once:
//
//   - the HTTP interactions endpoint (Receiver.ServeHTTP): Discord's
//     Ed25519 signature and its timestamp are checked before the body is
//     read, PING is answered, and the door's first response is sent back
//     as the HTTP answer (JSON, or multipart/form-data with files and
//     their alt texts);
//   - the gateway (Gateway): a discordgo session kept connected, resuming
//     or identifying again, until Close, whose INTERACTION_CREATE events
//     the Receiver takes, the door responding over REST.
//
// Either way an interaction's id is claimed first (Claims, in the store
// every process shares, else this process's memory): a repeat (a replayed
// request, an event sent again after a resume, the same interaction at
// another replica) has no second effect, and an HTTP replay gets the
// first answer.
//
// The package knows no command, button or rule: a Door (package bot)
// answers every interaction it lets in.
package interactions
