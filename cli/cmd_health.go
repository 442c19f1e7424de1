package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/app"
)

// healthTimeout bounds `sudokubot health`: Docker's HEALTHCHECK kills a
// check that hangs, and a health check that hangs is a failed one.
const healthTimeout = 5 * time.Second

// runHealth is `sudokubot health`: GET /healthz of the bot that the same
// settings run (http.addr from --config or $SUDOKUBOT_CONFIG, or
// SUDOKUBOT_HTTP_ADDR), or of --addr; exit 0 when it answers 200 "ok", 1
// otherwise. It reads only the address, so it needs no token: the
// distroless image has no curl, and this is its HEALTHCHECK, which runs
// with the container's environment but not its command's flags.
func runHealth(ctx context.Context, env *cliEnv, args []string) int {
	fs := flag.NewFlagSet("health", flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	configPath := fs.String("config", env.getenv(configEnv), "YAML config `FILE` the bot runs with (default $"+configEnv+"); its http.addr is asked")
	addr := fs.String("addr", "", "ask this `HOST:PORT` instead of the configured http.addr")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: sudokubot health [--config FILE] [--addr HOST:PORT]")
		fs.PrintDefaults()
	}
	if code, ok := parseFlagsOnly(env, fs, args); !ok {
		return code
	}
	if *addr == "" {
		configured, err := app.HTTPAddr(*configPath, env.getenv)
		if err != nil {
			fmt.Fprintf(env.stderr, "unhealthy: %v\n", err)
			return exitError
		}
		if configured == "" {
			fmt.Fprintln(env.stderr, "unhealthy: no http.addr (SUDOKUBOT_HTTP_ADDR) is set, so the bot serves no /healthz")
			return exitError
		}
		*addr = configured
	}
	url := "http://" + dialable(*addr) + "/healthz"
	ctx, cancel := context.WithTimeout(ctx, healthTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		fmt.Fprintf(env.stderr, "unhealthy: %v\n", err)
		return exitError
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Fprintf(env.stderr, "unhealthy: %v\n", err)
		return exitError
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1024))
	answer := strings.TrimSpace(string(body))
	if resp.StatusCode != http.StatusOK {
		fmt.Fprintf(env.stderr, "unhealthy: %s answered %d %q\n", url, resp.StatusCode, answer)
		return exitError
	}
	fmt.Fprintln(env.stdout, answer)
	return exitOK
}

// dialable turns a listening address into one to connect to: no host or
// an unspecified one (":8080", "0.0.0.0:8080", "[::]:8080") is this
// machine's loopback.
func dialable(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	switch {
	case host == "" || host == "0.0.0.0":
		host = "127.0.0.1"
	case host == "::":
		host = "::1"
	}
	return net.JoinHostPort(host, port)
}
