package orchestrator

import (
	"testing"
	"time"

	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
)

// TestAKeyPacesByItsAllowance: a provider whose service documents a keyed
// allowance is paced by it when its key is set, and by its keyless pace
// otherwise (NCBI: 3 requests/s without a key, 10/s with one); a slower
// manifest interval still wins.
func TestAKeyPacesByItsAllowance(t *testing.T) {
	m := newManifest(t, recordedManifest)
	keyed := func(string) string { return "a-key" }
	blank := func(string) string { return " " }
	cases := []struct {
		name   string
		s      service.Spec
		getenv func(string) string
		want   time.Duration
	}{
		{"pubmed, no key", providers.PubMed(), nil, 350 * time.Millisecond},
		{"pubmed, blank key", providers.PubMed(), blank, 350 * time.Millisecond},
		{"pubmed, key", providers.PubMed(), keyed, 110 * time.Millisecond},
		{"semanticscholar, key", providers.SemanticScholar(), keyed, time.Second},
		{"semanticscholar, no key", providers.SemanticScholar(), nil, time.Second},
		{"crossref takes no key", providers.Crossref(), keyed, time.Second},
	}
	for _, c := range cases {
		rn := &run{runChoice: runChoice{m: m, opts: Options{Getenv: c.getenv}}}
		if got := rn.interval(c.s); got != c.want {
			t.Errorf("%s: interval %v, want %v", c.name, got, c.want)
		}
		bases := baseURLs([]service.Spec{c.s}, nil)
		o := transportOptions(rn.opts, []service.Spec{c.s}, bases, rn.interval, nil)
		if got := o.Hosts[hostOf(bases[c.s.Name])].MinInterval; got != c.want {
			t.Errorf("%s: the transport paces the host at %v, want %v", c.name, got, c.want)
		}
	}
	m.Intervals = map[string]time.Duration{"pubmed": time.Second}
	rn := &run{runChoice: runChoice{m: m, opts: Options{Getenv: keyed}}}
	if got := rn.interval(providers.PubMed()); got != time.Second {
		t.Errorf("a slower manifest interval must win over the key's: %v", got)
	}
}
