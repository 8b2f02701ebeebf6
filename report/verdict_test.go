package report

// No test here makes a request: host names appear only in fake outcomes.

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/transport"
)

func doiID(v string) manifest.Identity { return manifest.Identity{Kind: manifest.KindDOI, Value: v} }

// mixedReport is a run with every kind of outcome: found, not found,
// failed and skipped, an expansion, a stopped host, kept values, a note,
// a warning, and files written, removed and not pruned.
func mixedReport() *Report {
	orcid := manifest.Identity{Kind: manifest.KindORCID, Value: "0000-0002-9341-7985"}
	o := func(id manifest.Identity, provider, host string, status record.Status, err error) Outcome {
		return Outcome{Identity: id, Asked: &Asked{Provider: provider, Host: host}, Status: status, Err: err}
	}
	stopped := &transport.StoppedError{Host: "api.openalex.org", Reason: "429 with Retry-After 15h0m0s, past the 2m0s cap"}
	// what the orchestrator names of that error (faultOf)
	stoppedFault := &Fault{HostStopped: true, Told: ToldStopped, Words: stopped.Reason}
	skipped := func(id manifest.Identity) Outcome {
		out := o(id, "openalex", "api.openalex.org", record.Skipped, stopped)
		out.Fault = stoppedFault
		return out
	}
	return &Report{RunFacts: RunFacts{
		Providers:  []Provider{{Name: "orcid"}, {Name: "crossref"}, {Name: "openalex"}, {Name: "unpaywall"}},
		Expansions: []Outcome{o(orcid, "orcid", "pub.orcid.org", record.Found, nil)},
		Outcomes: []Outcome{
			o(doiID("10.1/a"), "crossref", "api.crossref.org", record.Found, nil),
			skipped(doiID("10.1/a")),
			o(doiID("10.1/b"), "crossref", "api.crossref.org", record.NotFound, nil),
			skipped(doiID("10.1/b")),
			o(doiID("10.1/c"), "crossref", "api.crossref.org", record.Failed, errors.New("GET https://api.crossref.org/works/10.1/c giving up after 4 attempts: 503 Service Unavailable")),
			skipped(doiID("10.1/c")),
		},
		Snapshots: "snapshots",
		Hosts: []HostFigures{
			{Host: "api.crossref.org", Requests: 6, Retries: 3, Busy: 1234 * time.Millisecond},
			{Host: "api.openalex.org", Requests: 1, Busy: 80 * time.Millisecond, Stopped: true, StopReason: stopped.Reason},
			{Host: "pub.orcid.org", Requests: 1, Busy: 456 * time.Millisecond},
		}},
		FolderFacts: FolderFacts{
			Works:   []manifest.Identity{doiID("10.1/a"), doiID("10.1/b"), doiID("10.1/c")},
			Written: []string{"snapshots/works/doi_10.1_2fa.json"},
			Kept:    []string{"doi:10.1/c"},
		},
		NoteFacts: NoteFacts{NeedMailto: []string{"unpaywall"}},
		Warnings:  []record.Warning{{Identity: "orcid:0000-0002-9341-7985", Message: `put-code 7 lists a malformed DOI "10.x": DOI "10.x" has no suffix`}},
	}
}

// TestSummaryVerdict: the summary says "complete" exactly when no job
// failed or was skipped, whichever job it is (an expansion included), and
// Incomplete (hence exit status 1) agrees.
func TestSummaryVerdict(t *testing.T) {
	all := func(r *Report) []*Outcome {
		var out []*Outcome
		for i := range r.Expansions {
			out = append(out, &r.Expansions[i])
		}
		for i := range r.Outcomes {
			out = append(out, &r.Outcomes[i])
		}
		return out
	}
	for i := range all(mixedReport()) {
		for _, st := range []record.Status{record.Found, record.NotFound, record.Failed, record.Skipped} {
			r := mixedReport()
			for _, o := range all(r) {
				o.Status, o.Err, o.Fault = record.Found, nil, nil
			}
			o := all(r)[i]
			o.Status = st
			if st == record.Failed || st == record.Skipped {
				o.Err = fmt.Errorf("the reason")
			}
			var out strings.Builder
			r.WriteSummary(&out)
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			verdict := lines[len(lines)-1]
			short := st == record.Failed || st == record.Skipped
			if r.Incomplete() != short {
				t.Errorf("job %d %s: Incomplete() = %v", i, st, r.Incomplete())
			}
			if short && (!strings.HasPrefix(verdict, "incomplete: 1 job failed or skipped") || !strings.Contains(out.String(), "the reason")) {
				t.Errorf("job %d %s: summary does not say the run is incomplete and why:\n%s", i, st, out.String())
			}
			if !short && !strings.HasPrefix(verdict, "complete: 7 jobs answered") {
				t.Errorf("job %d %s: verdict %q", i, st, verdict)
			}
		}
	}
}
