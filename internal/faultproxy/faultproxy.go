// Package faultproxy is test support: a TCP proxy on loopback in front of
// a server (PostgreSQL in the fault tests) that can fail the way networks
// fail. Silence accepts connections and holds them, forwarding nothing in
// either direction, like a partition that drops packets; Refuse closes
// every connection and stops listening, so new ones are refused, like a
// server that is down; Heal restores
// forwarding, and bytes held during a silence then flow on, as TCP
// retransmits them after a partition heals.
//
//	p := faultproxy.Start(t, "127.0.0.1:5432")
//	dsn := "postgres://u@" + p.Addr() + "/db"
//	p.Silence()
//	time.Sleep(20 * time.Second)
//	if err := p.Heal(); err != nil { ... }
package faultproxy

import (
	"net"
	"sync"
	"testing"
)

// Mode is what the proxy does with traffic.
type Mode int

// The proxy's modes.
const (
	// Forward passes bytes both ways.
	Forward Mode = iota
	// Silent accepts connections and holds every byte.
	Silent
	// Refuse closes open connections and refuses new ones.
	Refuse
)

// Proxy forwards TCP connections from its loopback address to a target.
type Proxy struct {
	addr   string
	target string

	mu    sync.Mutex
	ln    net.Listener // nil while refusing
	mode  Mode
	wake  chan struct{} // closed when the mode changes
	conns map[net.Conn]struct{}
	wg    sync.WaitGroup
}

// Start listens on a free loopback port and forwards to target until the
// test ends.
func Start(t testing.TB, target string) *Proxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("faultproxy: %v", err)
	}
	p := &Proxy{addr: ln.Addr().String(), ln: ln, target: target, wake: make(chan struct{}), conns: map[net.Conn]struct{}{}}
	p.wg.Add(1)
	go p.accept(ln)
	t.Cleanup(p.Close)
	return p
}

// Addr is the proxy's host:port.
func (p *Proxy) Addr() string { return p.addr }

// Silence holds every connection, open and new, forwarding nothing.
func (p *Proxy) Silence() { p.set(Silent) }

// Refuse closes every open connection and stops listening: a new
// connection is refused.
func (p *Proxy) Refuse() {
	p.set(Refuse)
	p.mu.Lock()
	if p.ln != nil {
		p.ln.Close()
		p.ln = nil
	}
	for c := range p.conns {
		c.Close()
	}
	p.mu.Unlock()
}

// Heal forwards again (listening again on the same address after
// Refuse); held bytes flow on.
func (p *Proxy) Heal() error {
	p.mu.Lock()
	if p.ln == nil {
		ln, err := net.Listen("tcp", p.addr)
		if err != nil {
			p.mu.Unlock()
			return err
		}
		p.ln = ln
		p.wg.Add(1)
		go p.accept(ln)
	}
	p.mu.Unlock()
	p.set(Forward)
	return nil
}

func (p *Proxy) set(m Mode) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.mode = m
	close(p.wake)
	p.wake = make(chan struct{})
}

// await blocks while the proxy is silent and reports whether the
// connection may go on (false: refusing).
func (p *Proxy) await() bool {
	for {
		p.mu.Lock()
		m, wake := p.mode, p.wake
		p.mu.Unlock()
		switch m {
		case Forward:
			return true
		case Refuse:
			return false
		}
		<-wake
	}
}

// Close stops listening and closes every connection.
func (p *Proxy) Close() {
	p.mu.Lock()
	if p.ln != nil {
		p.ln.Close()
		p.ln = nil
	}
	p.mode = Refuse
	close(p.wake)
	p.wake = make(chan struct{})
	for c := range p.conns {
		c.Close()
	}
	p.mu.Unlock()
	p.wg.Wait()
}

func (p *Proxy) track(c net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.mode == Refuse {
		c.Close()
		return false
	}
	p.conns[c] = struct{}{}
	return true
}

func (p *Proxy) untrack(c net.Conn) {
	p.mu.Lock()
	delete(p.conns, c)
	p.mu.Unlock()
	c.Close()
}

func (p *Proxy) accept(ln net.Listener) {
	defer p.wg.Done()
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		if !p.track(c) {
			continue
		}
		p.wg.Add(1)
		go p.serve(c)
	}
}

// serve connects a client to the target once the proxy forwards (a new
// connection during a silence is accepted and held, unanswered).
func (p *Proxy) serve(client net.Conn) {
	defer p.wg.Done()
	defer p.untrack(client)
	if !p.await() {
		return
	}
	server, err := net.Dial("tcp", p.target)
	if err != nil {
		return
	}
	if !p.track(server) {
		return
	}
	defer p.untrack(server)
	done := make(chan struct{}, 2)
	go func() { p.pipe(server, client); done <- struct{}{} }()
	go func() { p.pipe(client, server); done <- struct{}{} }()
	<-done
	client.Close()
	server.Close()
	<-done
}

// pipe copies src to dst, holding each chunk while the proxy is silent.
func (p *Proxy) pipe(dst, src net.Conn) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			if !p.await() {
				return
			}
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil { // io.EOF or a closed connection: either way, done
			return
		}
	}
}
