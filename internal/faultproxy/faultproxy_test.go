package faultproxy

import (
	"bufio"
	"errors"
	"net"
	"syscall"
	"testing"
	"time"
)

// echo serves lines back on a loopback port.
func echo(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				r := bufio.NewReader(c)
				for {
					line, err := r.ReadString('\n')
					if err != nil {
						return
					}
					if _, err := c.Write([]byte(line)); err != nil {
						return
					}
				}
			}()
		}
	}()
	return ln.Addr().String()
}

func roundTrip(c net.Conn, wait time.Duration) error {
	if _, err := c.Write([]byte("ping\n")); err != nil {
		return err
	}
	_ = c.SetReadDeadline(time.Now().Add(wait))
	line, err := bufio.NewReader(c).ReadString('\n')
	if err == nil && line != "ping\n" {
		return errors.New("echoed " + line)
	}
	return err
}

// TestModes: forwarding, a silence that holds bytes and then lets them
// through, a refusal that closes and refuses, and healing after it.
func TestModes(t *testing.T) {
	p := Start(t, echo(t))
	c, err := net.Dial("tcp", p.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := roundTrip(c, time.Second); err != nil {
		t.Fatalf("forwarding: %v", err)
	}

	p.Silence()
	var ne net.Error
	if err := roundTrip(c, 200*time.Millisecond); !errors.As(err, &ne) || !ne.Timeout() {
		t.Fatalf("silent: %v, want a timeout", err)
	}
	held, err := net.DialTimeout("tcp", p.Addr(), time.Second)
	if err != nil {
		t.Fatalf("silent: a new connection is not accepted: %v", err)
	}
	defer held.Close()
	if err := p.Heal(); err != nil {
		t.Fatal(err)
	}
	// The held "ping" and this one both come back.
	if err := roundTrip(c, time.Second); err != nil {
		t.Fatalf("healed: %v", err)
	}
	if err := roundTrip(held, time.Second); err != nil {
		t.Fatalf("healed, a connection made while silent: %v", err)
	}

	p.Refuse()
	if err := roundTrip(c, time.Second); err == nil {
		t.Fatal("refusing: an open connection still answers")
	}
	if _, err := net.DialTimeout("tcp", p.Addr(), time.Second); !errors.Is(err, syscall.ECONNREFUSED) {
		t.Fatalf("refusing: dial %v, want connection refused", err)
	}
	if err := p.Heal(); err != nil {
		t.Fatal(err)
	}
	c2, err := net.Dial("tcp", p.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	if err := roundTrip(c2, time.Second); err != nil {
		t.Fatalf("healed after refusing: %v", err)
	}
}
