package report

// No test here makes a request: host names appear only in fake outcomes.

import (
	"bytes"
	"errors"
	"regexp"
	"testing"
	"time"

	"github.com/aboutscholar/about/record"
)

// The summary's time and the report's time_ms count the waits before
// retries with the attempts: a job that gave up after four attempts over
// 5.3 s was shown as 17 ms.
func TestHostTimeCountsTheWaitsBeforeRetries(t *testing.T) {
	r := &Report{RunFacts: RunFacts{
		Providers: []Provider{{Name: "crossref", Host: "api.crossref.org"}},
		Outcomes: []Outcome{{Identity: doiID("10.1/c"), Asked: &Asked{Provider: "crossref", Host: "api.crossref.org"}, Status: record.Failed,
			Err: errors.New("GET https://api.crossref.org/works/10.1/c giving up after 4 attempts: 503 Service Unavailable")}},
		Hosts: []HostFigures{{Host: "api.crossref.org", Requests: 4, Retries: 3,
			Busy: 17 * time.Millisecond, Waited: 5283 * time.Millisecond}},
		Snapshots: "snapshots",
	}}
	var b bytes.Buffer
	r.WriteSummary(&b)
	row := regexp.MustCompile(`(?m)^ *crossref +0 +0 +1 +0 +4 +3 +(\S+) *$`).FindStringSubmatch(b.String())
	if row == nil || row[1] != "5.3s" {
		t.Errorf("crossref's row does not show 5.3s spent:\n%s", b.String())
	}
	j := r.JSON()
	if len(j.Providers) != 1 || j.Providers[0].TimeMS != 5300 {
		t.Errorf("providers = %+v, want crossref with time_ms 5300", j.Providers)
	}
	if len(j.Hosts) != 1 || j.Hosts[0].TimeMS != 5300 {
		t.Errorf("hosts = %+v, want api.crossref.org with time_ms 5300", j.Hosts)
	}
}
