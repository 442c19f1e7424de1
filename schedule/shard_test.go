package schedule

import "testing"

func TestShardOf(t *testing.T) {
	tests := []struct {
		guild string
		count int
		want  int
	}{
		{"81384788765712384", 1, 0},
		{"81384788765712384", 2, 0}, // Discord's documented example guild: 81384788765712384 >> 22 = 19403650
		{"81384788765712384", 3, 19403650 % 3},
		{"81384788765712384", 16, 19403650 % 16},
		{"175928847299117063", 4, (175928847299117063 >> 22) % 4},
		{"not a snowflake", 4, 0},
	}
	for _, tt := range tests {
		if got := ShardOf(tt.guild, tt.count); got != tt.want {
			t.Errorf("ShardOf(%s, %d) = %d, want %d", tt.guild, tt.count, got, tt.want)
		}
	}
	owns := OwnShards(4, 1, 3)
	for _, g := range []string{"4194304", "8388608", "12582912", "16777216"} { // shards 1, 2, 3, 0
		want := ShardOf(g, 4)%2 == 1
		if owns(g) != want {
			t.Errorf("OwnShards(4, 1, 3)(%s) = %v (shard %d)", g, owns(g), ShardOf(g, 4))
		}
	}
}
