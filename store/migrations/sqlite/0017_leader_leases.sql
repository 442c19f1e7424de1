-- The publisher's leader lease (store/lease.go): one row per lease name,
-- held by one process until expires_at (Unix milliseconds), which the
-- holder renews. token is the fencing token: it grows at every change of
-- holder, and a post is claimed only under the current token, so a leader
-- that froze past its lease and thawed cannot post.
CREATE TABLE leader_leases (
    name TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    token BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
