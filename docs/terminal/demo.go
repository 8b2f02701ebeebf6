//go:build ignore

// demo draws the live view of a run against a 300-work ORCID record, for
// the picture in docs/run.md: the real progress package, driven by a scripted run
// at each service's declared interval (no network), with OpenAlex asking
// for a 30-second Retry-After part way through. The picture is a tmux
// capture of it:
//
//	tmux new-session -d -s demo -x 100 -y 12 'go run docs/terminal/demo.go'
//	sleep 25; tmux capture-pane -p -t demo > docs/terminal.txt
package main

import (
	"os"
	"sync"
	"time"

	"github.com/aboutscholar/about/progress"
)

// lane is one host's share of the scripted run.
type lane struct {
	host     string
	label    string
	jobs     int
	batch    int           // jobs per request
	interval time.Duration // the provider's declared MinInterval
	latency  time.Duration // how long the service takes to answer
}

func main() {
	orcid := lane{"pub.orcid.org", "orcid", 1, 1, 100 * time.Millisecond, 400 * time.Millisecond}
	lanes := []lane{
		{"api.crossref.org", "crossref", 282, 1, 200 * time.Millisecond, 180 * time.Millisecond},
		{"api.opencitations.net", "opencitations", 300, 1, 200 * time.Millisecond, 150 * time.Millisecond},
		{"api.openalex.org", "openalex", 300, 1, 100 * time.Millisecond, 90 * time.Millisecond},
		{"api.unpaywall.org", "unpaywall", 300, 1, 100 * time.Millisecond, 120 * time.Millisecond},
		{"api.datacite.org", "datacite", 18, 1, 600 * time.Millisecond, 250 * time.Millisecond},
		{"www.ebi.ac.uk", "europepmc", 300, 25, 200 * time.Millisecond, 900 * time.Millisecond},
		{"api.semanticscholar.org", "semanticscholar", 300, 500, time.Second, 2 * time.Second},
	}
	labels := map[string]string{orcid.host: orcid.label}
	for _, l := range lanes {
		labels[l.host] = l.label
	}
	v := progress.Start(progress.Options{Out: os.Stderr, Live: progress.IsTerminal(os.Stderr), Labels: labels})
	// The ORCID record first: it names the works everyone else is asked about.
	v.Plan(orcid.host, orcid.jobs, 1, orcid.interval)
	run(v, orcid, 0)
	var wg sync.WaitGroup
	for _, l := range lanes {
		calls := (l.jobs + l.batch - 1) / l.batch
		v.Plan(l.host, l.jobs, calls, time.Duration(calls)*l.interval)
		wg.Add(1)
		go func() {
			defer wg.Done()
			wait := 0
			if l.label == "openalex" {
				wait = 120 // the request before this job gets a Retry-After
			}
			run(v, l, wait)
		}()
	}
	wg.Wait()
	v.Finish()
}

// run asks the lane's jobs batch by batch at its interval; before job
// waitAt (when not 0) the service answers 429 with Retry-After: 30.
func run(v *progress.View, l lane, waitAt int) {
	for done := 0; done < l.jobs; {
		start := time.Now()
		v.Request(l.host)
		time.Sleep(l.latency)
		if waitAt > 0 && done == waitAt {
			v.Wait(l.host, 30*time.Second, "Retry-After")
			time.Sleep(30 * time.Second)
			waitAt = 0
			continue
		}
		for range min(l.batch, l.jobs-done) {
			v.Done(l.host, true)
			done++
		}
		time.Sleep(max(0, l.interval-time.Since(start)))
	}
}
