package providers_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/aboutscholar/about/internal/fakenet/recorded"
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
)

// Every provider's parser is fuzzed through its real Fetch: a fake Doer
// answers every request with the fuzzed body and one of a few statuses.
// Whatever the body, Fetch must not panic, must give one Result per
// identity (or an error for all), must close every body it was given,
// and what it returns must be something the snapshot writer can use:
// Found has a Record, Failed has an error, everything marshals, the same
// answer gives the same bytes, and ORCID expansion only yields identities
// in their normalised form. Seeds are the recorded answers in testdata.

var fuzzStatuses = []int{200, 200, 200, 404, 400, 410, 422, 500}

// samples are identities of each kind, in the normalised form the
// orchestrator hands to providers.
var samples = map[manifest.Kind][]string{
	manifest.KindDOI:     {"10.1145/3448016.3452841", "10.5281/zenodo.48440", "10.1093/nutrit/nuae105"},
	manifest.KindArXiv:   {"0710.2073", "hep-ex/0307015"},
	manifest.KindPMID:    {"29106400", "11748933"},
	manifest.KindPMCID:   {"PMC12120539"},
	manifest.KindORCID:   {"0000-0002-9341-7985"},
	manifest.KindDBLP:    {"95/7448-1"},
	manifest.KindINSPIRE: {"E.Witten.1"},
}

// idsFor is a batch the provider accepts: one identity, or up to four of
// mixed kinds for providers that batch.
func idsFor(spec service.Spec) []manifest.Identity {
	var ids []manifest.Identity
	for _, k := range spec.Accepts {
		for _, v := range samples[k] {
			ids = append(ids, manifest.Identity{Kind: k, Value: v})
		}
	}
	return ids[:min(len(ids), max(spec.BatchSize, 1), 4)]
}

// fakeDoer answers every request with status and body, and counts the
// bodies it handed out that were never closed.
type fakeDoer struct {
	status int
	body   []byte
	mu     sync.Mutex
	open   int
	sent   int // requests; a Fetch that keeps asking the same answer again is in a loop
}

// maxRequests bounds the requests of one Fetch of at most four identities.
const maxRequests = 50

type trackedBody struct {
	io.Reader
	d    *fakeDoer
	once sync.Once
}

func (b *trackedBody) Close() error {
	b.once.Do(func() {
		b.d.mu.Lock()
		b.d.open--
		b.d.mu.Unlock()
	})
	return nil
}

func (d *fakeDoer) Do(req *http.Request) (*http.Response, error) {
	if req.Body != nil {
		_, _ = io.Copy(io.Discard, req.Body)
		req.Body.Close()
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.sent++; d.sent > maxRequests {
		return nil, errTooManyRequests
	}
	d.open++
	return &http.Response{
		StatusCode: d.status,
		Status:     http.StatusText(d.status),
		Header:     http.Header{},
		Body:       &trackedBody{Reader: bytes.NewReader(d.body), d: d},
		Request:    req,
	}, nil
}

// recordedBodies are spec's recorded answers (the ones its conformance
// fake answers from), plus a few bodies of no service's shape.
func recordedBodies(f *testing.F, spec service.Spec) [][]byte {
	f.Helper()
	var out [][]byte
	for _, a := range recorded.Answers(f, testdata, spec) {
		out = append(out, a.Body)
	}
	return append(out, []byte("{}"), []byte("[]"), []byte("<?xml version=\"1.0\"?><x/>"))
}

var errTooManyRequests = errors.New("fake service: too many requests for one Fetch")

// fetchResults runs spec.Fetch on one fuzzed answer and checks the
// invariants; it returns the results as JSON for the determinism check.
// A Fetch still busy after hangAfter is reported as a hang (a loop on
// the answer), so the fuzzer keeps the input instead of stalling on it.
func fetchResults(t *testing.T, spec service.Spec, body []byte, which uint8) []byte {
	t.Helper()
	type outcome struct {
		out []byte
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		out, err := checkFetch(spec, body, which)
		done <- outcome{out, err}
	}()
	select {
	case o := <-done:
		if o.err != nil {
			t.Fatal(o.err)
		}
		return o.out
	case <-time.After(hangAfter): // a watchdog, not synchronisation
		t.Fatalf("%s: Fetch still running after %v on this answer", spec.Name, hangAfter)
		return nil
	}
}

const hangAfter = 10 * time.Second

// checkDiscovered: every work a listing gives is an identity the manifest
// reads back: normalised, or a record key ParseID reads as written.
func checkDiscovered(spec service.Spec, discovered []service.Discovered) error {
	for _, w := range discovered {
		switch w.ID.Kind {
		case manifest.KindORCIDWork:
			continue
		case manifest.KindDBLPWork, manifest.KindINSPIREWork: // a record key: read back as [[exclude]] would read it
			if back, err := manifest.ParseID(w.ID.Key()); err != nil || back != w.ID {
				return fmt.Errorf("%s discovered %v, not a dblp-work ParseID reads back (%v, %v)", spec.Name, w.ID, back, err)
			}
			continue
		}
		if norm, err := manifest.Normalize(w.ID.Kind, w.ID.Value); err != nil || norm != w.ID {
			return fmt.Errorf("%s discovered %v, not a normalised identity (%v, %v)", spec.Name, w.ID, norm, err)
		}
	}
	return nil
}

func checkFetch(spec service.Spec, body []byte, which uint8) ([]byte, error) {
	d := &fakeDoer{status: fuzzStatuses[int(which)%len(fuzzStatuses)], body: body}
	env := service.Env{Do: d.Do, Base: "http://" + spec.Name + ".test", Mailto: "ada@example.org"}
	ids := idsFor(spec)
	results, err := spec.Fetch(context.Background(), env, ids)
	if d.open != 0 {
		return nil, fmt.Errorf("%s left %d response bodies open (the host's gate would never be released)", spec.Name, d.open)
	}
	if d.sent > maxRequests {
		return nil, fmt.Errorf("%s asked more than %d times for %d identities", spec.Name, maxRequests, len(ids))
	}
	if err != nil {
		return []byte(err.Error()), nil
	}
	if len(results) != len(ids) {
		return nil, fmt.Errorf("%s gave %d results for %d identities", spec.Name, len(results), len(ids))
	}
	for i, r := range results {
		switch r.Status {
		case record.Found:
			if r.Record == nil {
				return nil, fmt.Errorf("%s: %s found with no record", spec.Name, ids[i])
			}
		case record.NotFound:
		case record.Failed:
			if r.Err == nil {
				return nil, fmt.Errorf("%s: %s failed with no error", spec.Name, ids[i])
			}
		default:
			return nil, fmt.Errorf("%s: %s has status %q", spec.Name, ids[i], r.Status)
		}
		if err := checkDiscovered(spec, r.Discovered); err != nil {
			return nil, err
		}
	}
	out, err := json.Marshal(struct {
		R []service.Result
		E []string
	}{results, errorTexts(results)})
	if err != nil {
		return nil, fmt.Errorf("%s: results do not marshal: %v", spec.Name, err)
	}
	return out, nil
}

func errorTexts(rs []service.Result) []string {
	var out []string
	for _, r := range rs {
		if r.Err != nil {
			out = append(out, r.Err.Error())
		}
	}
	return out
}

// FuzzProviders fuzzes every provider of the registry, so a new one is
// fuzzed with no line here: the first byte picks the provider, seeded
// with each provider's own recorded answers (testdata/<name>/).
// FUZZ_PROVIDER=<name> keeps the fuzzer on one provider.
func FuzzProviders(f *testing.F) {
	specs := providers.All()
	if only := os.Getenv("FUZZ_PROVIDER"); only != "" {
		specs = slices.DeleteFunc(specs, func(s service.Spec) bool { return s.Name != only })
		if len(specs) == 0 {
			f.Fatalf("FUZZ_PROVIDER=%s: no such provider", only)
		}
	}
	for i, spec := range specs {
		for _, body := range recordedBodies(f, spec) {
			f.Add(uint8(i), body, uint8(0))
		}
	}
	f.Fuzz(func(t *testing.T, provider uint8, body []byte, which uint8) {
		spec := specs[int(provider)%len(specs)]
		first := fetchResults(t, spec, body, which)
		if again := fetchResults(t, spec, body, which); !bytes.Equal(first, again) {
			t.Fatalf("%s: the same answer parsed twice differs:\n%s\n%s", spec.Name, first, again)
		}
	})
}

// FuzzRegistrationAgencies fuzzes doi.org's "Which RA?" answer: one
// agency (or "") per DOI asked, or an error.
func FuzzRegistrationAgencies(f *testing.F) {
	for _, body := range recordedBodies(f, providers.DOIOrg()) {
		f.Add(body, uint8(0))
	}
	f.Fuzz(func(t *testing.T, body []byte, which uint8) {
		d := &fakeDoer{status: fuzzStatuses[int(which)%len(fuzzStatuses)], body: body}
		dois := []string{"10.1145/3448016.3452841", "10.5281/zenodo.48440", "10.7554/elife.01567"}
		got, err := providers.RegistrationAgencies(context.Background(), service.Env{Do: d.Do, Base: "http://doi.test"}, dois)
		if d.open != 0 {
			t.Fatalf("%d response bodies left open", d.open)
		}
		if err == nil && len(got) != len(dois) {
			t.Fatalf("%d answers for %d DOIs", len(got), len(dois))
		}
	})
}

// TestEveryAcceptedKindHasASample: the conformance test and the fuzz
// seeds ask each provider about samples of the kinds it accepts; a new
// kind without one made TestConformance fail with "the stub registered
// at recorded.go:… was never called", naming a helper, not the cause
// (the review of #31 adding DBLP).
func TestEveryAcceptedKindHasASample(t *testing.T) {
	for _, spec := range providers.All() {
		for _, k := range spec.Accepts {
			if len(samples[k]) == 0 {
				row, _ := manifest.LookupKind(k)
				t.Errorf("%s accepts %s, and providers/fuzz_test.go's samples has none: add identities of that kind (manifest/kinds.go's example for it is %q)", spec.Name, k, row.Example)
			}
		}
	}
}
