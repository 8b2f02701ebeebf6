package providers_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/aboutscholar/about/internal/fakenet"
	"github.com/aboutscholar/about/internal/fakenet/recorded"
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
)

// TestConformance holds what every provider in the registry does, in the
// manner of rclone's fstests: each runs its real Fetch against a fake of
// its own host built from its declaration (internal/fakenet/recorded: the
// host is Spec.Host, the answers its recordings in testdata/<provider
// name>/), so a new provider is held by it with no line here. What it
// holds: one Result per identity, in the order asked; a 404 is not_found;
// an unreadable answer fails the job and never panics; no request leaves
// the provider's host (the fake network fails the test on any other); a
// provider that declares a batch size asks a full batch in fewer requests
// than identities. (The API key goes only to Host by the transport, which
// owns credentials: transport's tests hold that.)
func TestConformance(t *testing.T) {
	for _, spec := range providers.All() {
		t.Run(spec.Name, func(t *testing.T) {
			t.Run("recorded", func(t *testing.T) { conformRecorded(t, spec) })
			t.Run("not found", func(t *testing.T) { conformNotFound(t, spec) })
			t.Run("malformed", func(t *testing.T) { conformMalformed(t, spec) })
			t.Run("batch", func(t *testing.T) { conformBatch(t, spec) })
		})
	}
}

// testdata is the repository's folder of recorded answers.
const testdata = "../testdata"

// conformRecorded asks the sample identities the provider applies to,
// as one batch and then each alone (the single form, where there is
// one). Each request is answered by the recording whose name holds the
// most identities it asks for (words of its path break ties: a "works"
// request gets a "works" recording), with the status its name says
// (recorded.Pick). Whether that finds a work is the provider's own tests'
// business (a recording is named for what was asked, not for what it
// holds).
func conformRecorded(t *testing.T, spec service.Spec) {
	ids := appliesTo(spec)
	_, env := recorded.Service(t, spec, testdata, ids)
	results := conformFetch(t, spec, env, ids)
	for i, r := range results {
		if r.Status == record.Found && r.Record != nil && carriesOther(r.Record.IDs, ids, i) {
			t.Errorf("result %d (%s) is the record of another identity asked: %+v", i, ids[i], r.Record.IDs)
		}
	}
	for _, id := range ids {
		conformFetch(t, spec, env, []manifest.Identity{id})
	}
}

// carriesOther reports whether a record found for ids[i] names, in the
// field of that identity's kind, another of the identities asked: the
// sign of results out of order.
func carriesOther(got record.IDs, ids []manifest.Identity, i int) bool {
	field := map[manifest.Kind]string{manifest.KindDOI: got.DOI, manifest.KindArXiv: got.ArXiv, manifest.KindPMID: got.PMID, manifest.KindPMCID: got.PMCID}
	v, ok := field[ids[i].Kind]
	if !ok || v == "" || strings.HasPrefix(strings.ToLower(v), strings.ToLower(ids[i].Value)) {
		return false
	}
	for j, other := range ids {
		if j != i && other.Kind == ids[i].Kind && strings.HasPrefix(strings.ToLower(v), strings.ToLower(other.Value)) {
			return true
		}
	}
	return false
}

// conformNotFound: a 404 to a lookup of one identity says the service
// has no such work. A service whose one-identity form is a search (Europe
// PMC) answers 200 with no hits for that, so to it a 404 means the form
// moved: a failed job, which must then say it was a 404. (Likewise a 404
// to a batch's list form, so identities are asked one at a time here.)
func conformNotFound(t *testing.T, spec service.Spec) {
	_, env := recorded.Host(t, spec, fakenet.String(http.StatusNotFound, `{"message":"not found"}`))
	for _, id := range appliesTo(spec) {
		r := conformFetch(t, spec, env, []manifest.Identity{id})[0]
		var status *service.StatusError
		switch {
		case r.Status == record.NotFound:
		case r.Status == record.Failed && errors.As(r.Err, &status) && status.Code == http.StatusNotFound:
		default:
			t.Errorf("%s on a 404: %s (%v), want %s", id, r.Status, r.Err, record.NotFound)
		}
	}
}

// appliesTo is the sample identities the provider is asked about (those
// the orchestrator would route to it), up to a batch of them.
func appliesTo(spec service.Spec) []manifest.Identity {
	var ids []manifest.Identity
	for _, k := range spec.Accepts {
		for _, v := range samples[k] {
			if id := (manifest.Identity{Kind: k, Value: v}); spec.AppliesTo(id) {
				ids = append(ids, id)
			}
		}
	}
	return ids[:min(len(ids), max(spec.BatchSize, 1))]
}

// conformMalformed: an answer that is neither the service's JSON nor its
// XML fails every identity (or the whole call) and finds nothing.
func conformMalformed(t *testing.T, spec service.Spec) {
	_, env := recorded.Host(t, spec, fakenet.String(http.StatusOK, "\x00{<not an answer"))
	ids := appliesTo(spec)
	results, err := spec.Fetch(context.Background(), env, ids)
	if err != nil {
		return // the whole job failed: what is wanted
	}
	if len(results) != len(ids) {
		t.Fatalf("%d results for %d identities", len(results), len(ids))
	}
	for i, r := range results {
		if r.Status == record.Found {
			t.Errorf("%s found in an unreadable answer: %+v", ids[i], r.Record)
		}
	}
}

// conformBatch asks a full batch of made-up identities: one Result each,
// and, when the provider declares a batch form, fewer requests than
// identities.
func conformBatch(t *testing.T, spec service.Spec) {
	net, env := recorded.Host(t, spec, fakenet.Status(http.StatusNotFound))
	ids := madeUpBatch(spec)
	conformFetch(t, spec, env, ids)
	if n := net.Total(); spec.BatchSize > 1 && n >= len(ids) {
		t.Errorf("a batch of %d identities took %d requests: the batch form is not used", len(ids), n)
	}
}

// madeUpBatch is BatchSize identities (at most 200) of the first kind the
// provider accepts, in the normalised form.
func madeUpBatch(spec service.Spec) []manifest.Identity {
	forms := map[manifest.Kind]string{manifest.KindDOI: "10.5555/conformance.%d", manifest.KindArXiv: "2401.%05d",
		manifest.KindPMID: "%d", manifest.KindPMCID: "PMC%d", manifest.KindORCID: "0000-0002-1825-009%d",
		manifest.KindDBLP: "00/%d", manifest.KindINSPIRE: "A.Conformance.%d"}
	var ids []manifest.Identity
	for i := range min(max(spec.BatchSize, 1), 200) {
		for _, k := range spec.Accepts {
			id := manifest.Identity{Kind: k, Value: fmt.Sprintf(forms[k], i+1)}
			if spec.AppliesTo(id) {
				ids = append(ids, id)
				break
			}
		}
	}
	return ids
}

// conformFetch runs Fetch and holds the shape of any answer: one Result per
// identity, each with a known status, a Found one with its record and a
// Failed one with its error.
func conformFetch(t *testing.T, spec service.Spec, env service.Env, ids []manifest.Identity) []service.Result {
	t.Helper()
	results, err := spec.Fetch(context.Background(), env, ids)
	if err != nil {
		t.Fatalf("Fetch: %v", err)
	}
	if len(results) != len(ids) {
		t.Fatalf("%d results for %d identities", len(results), len(ids))
	}
	for i, r := range results {
		switch {
		case r.Status == record.Found && r.Record == nil:
			t.Errorf("%s found with no record", ids[i])
		case r.Status == record.Failed && r.Err == nil:
			t.Errorf("%s failed with no error", ids[i])
		case r.Status != record.Found && r.Status != record.NotFound && r.Status != record.Failed:
			t.Errorf("%s: status %q", ids[i], r.Status)
		}
	}
	return results
}
