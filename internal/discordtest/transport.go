package discordtest

import (
	"net/http"
	"net/http/httptest"
)

// Transport serves the client's requests to the fake in memory, with no
// connection: for a test in a testing/synctest bubble, where a goroutine
// waiting on the network (a client's connection, a server's accept)
// keeps the bubble's clock from moving. Only the REST API and OAuth2
// go through it; the gateway needs the fake's URL.
func (f *Server) Transport() http.RoundTripper {
	return memTransport{http.HandlerFunc(f.serve)}
}

type memTransport struct{ h http.Handler }

func (m memTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	body := req.Body
	if body == nil {
		body = http.NoBody
	}
	defer body.Close()
	sr := httptest.NewRequestWithContext(req.Context(), req.Method, req.URL.String(), body)
	sr.Header = req.Header.Clone()
	if req.ContentLength > 0 {
		sr.ContentLength = req.ContentLength
	}
	w := httptest.NewRecorder()
	m.h.ServeHTTP(w, sr)
	resp := w.Result()
	resp.Request = req
	return resp, nil
}
