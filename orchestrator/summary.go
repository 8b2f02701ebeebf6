package orchestrator

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/aboutscholar/about/providers"
)

// ProviderSummary counts one provider's outcomes over a run.
type ProviderSummary struct {
	Provider string        `json:"provider"`
	Host     string        `json:"host"`
	Found    int           `json:"found"`
	NotFound int           `json:"not_found"`
	Failed   int           `json:"failed"`
	Skipped  int           `json:"skipped"`
	Requests int           `json:"requests"`
	Retries  int           `json:"retries"`
	Busy     time.Duration `json:"busy_ns"`
}

// Summaries counts outcomes per provider, in registry order. Requests,
// retries and busy time are the host's (providers sharing a host share
// them).
func (r *Report) Summaries() []ProviderSummary {
	var out []ProviderSummary
	index := map[string]int{}
	for _, s := range r.Specs {
		index[s.Name] = len(out)
		out = append(out, ProviderSummary{Provider: s.Name})
	}
	for _, o := range slices.Concat(r.Expansions, r.Outcomes) {
		i, ok := index[o.Provider]
		if !ok {
			continue
		}
		ps := &out[i]
		ps.Host = o.Host
		switch o.Status {
		case providers.Found:
			ps.Found++
		case providers.NotFound:
			ps.NotFound++
		case providers.Failed:
			ps.Failed++
		case providers.Skipped:
			ps.Skipped++
		}
	}
	for i := range out {
		for _, h := range r.Hosts {
			if h.Host == out[i].Host {
				out[i].Requests, out[i].Retries, out[i].Busy = h.Requests, h.Retries, h.Busy
			}
		}
	}
	return out
}

// Short lists every job that failed or was skipped, in job order.
func (r *Report) ShortJobs() []Outcome {
	var out []Outcome
	for _, o := range slices.Concat(r.Expansions, r.Outcomes) {
		if o.Status == providers.Failed || o.Status == providers.Skipped {
			out = append(out, o)
		}
	}
	return out
}

// WriteSummary prints the end-of-run story: a table per provider, each job
// that came back short with its reason, warnings, and what changed on disk.
// A short run always says so.
func (r *Report) WriteSummary(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "provider\tfound\tnot found\tfailed\tskipped\trequests\tretries\ttime\t")
	for _, s := range r.Summaries() {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t\n", s.Provider, s.Found, s.NotFound, s.Failed, s.Skipped, s.Requests, s.Retries, s.Busy.Round(time.Millisecond))
	}
	tw.Flush()

	short := r.ShortJobs()
	if len(short) > 0 {
		fmt.Fprintf(w, "\n%d %s came back short:\n", len(short), plural(len(short), "job", "jobs"))
		for _, o := range short {
			fmt.Fprintf(w, "  %s  %s  %s (%s): %v\n", o.Status, o.Identity, o.Provider, o.Host, o.Err)
		}
	}
	if len(r.Kept) > 0 {
		fmt.Fprintf(w, "\nkept the previous snapshot values for %d %s whose provider could not answer\n", len(r.Kept), plural(len(r.Kept), "work", "works"))
	}
	if len(r.Excluded) > 0 {
		fmt.Fprintf(w, "\nleft out by [[exclude]]:\n")
		for _, x := range r.Excluded {
			fmt.Fprintf(w, "  %s\n", x)
		}
	}
	if r.Links > 0 {
		fmt.Fprintf(w, "\n%d %s among the works (see links.json: which works are shown as one entry, and why)\n", r.Links, plural(r.Links, "link", "links"))
	}
	for _, n := range r.Notes {
		fmt.Fprintf(w, "\nnote: %s\n", n)
	}
	if len(r.Warnings) > 0 {
		fmt.Fprintf(w, "\n%d %s:\n", len(r.Warnings), plural(len(r.Warnings), "warning", "warnings"))
		for _, wn := range r.Warnings {
			fmt.Fprintf(w, "  %s: %s\n", wn.Identity, wn.Message)
		}
	}
	fmt.Fprintf(w, "\n%d %s in %s: %d %s changed, %d removed", len(r.Works), plural(len(r.Works), "work", "works"), r.Snapshots, len(r.Written), plural(len(r.Written), "file", "files"), len(r.Removed))
	if r.PruneNote != "" {
		fmt.Fprintf(w, " (nothing pruned: %s)", r.PruneNote)
	}
	fmt.Fprintln(w)
	if len(short) > 0 {
		fmt.Fprintf(w, "incomplete: %s\n", strings.TrimSpace(fmt.Sprintf("%d failed or skipped; the previous values were kept where there were any", len(short))))
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
