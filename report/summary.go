package report

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/aboutscholar/about/internal/english"
	"github.com/aboutscholar/about/internal/termtext"
	"github.com/aboutscholar/about/record"
)

// ProviderCounts counts one provider's outcomes over a run: the summary
// table's row and the run report's, which differ only in how they give
// the time.
type ProviderCounts struct {
	Provider string `json:"provider"`
	Host     string `json:"host"`
	Found    int    `json:"found"`
	NotFound int    `json:"not_found"`
	Failed   int    `json:"failed"`
	Skipped  int    `json:"skipped"`
	Requests int    `json:"requests"` // the host's, retries included
	Retries  int    `json:"retries"`
}

// ProviderSummary is one provider's counts and the time its host spent.
type ProviderSummary struct {
	ProviderCounts
	Busy time.Duration // hostTime of its host
}

// hostTime is what a run spent on a host: every attempt from its start
// to its answer read, retries included, and the waits before each retry.
// Pacing between requests is not counted: it is the run's, not the host's.
func hostTime(h HostFigures) time.Duration { return h.Busy + h.Waited }

// Summaries counts outcomes per provider, in registry order. Requests,
// retries and busy time are the host's (providers sharing a host share
// them).
func (r *Report) Summaries() []ProviderSummary {
	var out []ProviderSummary
	index := map[string]int{}
	for _, s := range r.Providers {
		index[s.Name] = len(out)
		out = append(out, ProviderSummary{ProviderCounts: ProviderCounts{Provider: s.Name, Host: s.Host}})
	}
	for _, part := range [][]Outcome{r.Expansions, r.Outcomes} { // not concatenated: 24 MB at 50,000 works
		for _, o := range part {
			i, ok := index[o.Provider]
			if !ok {
				continue
			}
			out[i].count(o)
		}
	}
	for i := range out {
		for _, h := range r.Hosts {
			if h.Host == out[i].Host {
				out[i].Requests, out[i].Retries, out[i].Busy = h.Requests, h.Retries, hostTime(h)
			}
		}
	}
	return out
}

// count adds o to the provider's counts.
func (ps *ProviderSummary) count(o Outcome) {
	ps.Host = o.Host
	switch o.Status {
	case record.Found:
		ps.Found++
	case record.NotFound:
		ps.NotFound++
	case record.Failed:
		ps.Failed++
	case record.Skipped:
		ps.Skipped++
	}
}

// ShortJobs lists every job that failed or was skipped, in job order,
// the discovery listings last: a listing is a job like any other, so a
// failed one makes the run incomplete (exit 1), as CONTRACTS.md's exit
// codes say of every job, though the suggestions it would have refreshed
// are kept.
func (r *Report) ShortJobs() []Outcome {
	listed := make([]Outcome, 0, len(r.Listings))
	for _, l := range r.Listings {
		listed = append(listed, l.Outcome)
	}
	short := func(o Outcome) bool { return o.Status == record.Failed || o.Status == record.Skipped }
	// Counted first: an interrupted large run has a quarter of a million.
	n := 0
	for _, part := range [][]Outcome{r.Expansions, r.Outcomes, listed} {
		for _, o := range part {
			if short(o) {
				n++
			}
		}
	}
	out := make([]Outcome, 0, n)
	for _, part := range [][]Outcome{r.Expansions, r.Outcomes, listed} {
		for _, o := range part {
			if short(o) {
				out = append(out, o)
			}
		}
	}
	return out
}

// Hint says what the user can do about a job that came back short, or "".
// It knows the few causes a user can fix: a missing or refused API key, a
// missing contact e-mail, and a service that asked us to slow down.
func (r *Report) Hint(o Outcome) string {
	if errors.Is(o.Err, ErrInterrupted) {
		return "" // the user stopped the run; asked first, as there may be 250,000
	}
	spec, known := r.spec(o.Provider)
	f := o.fault()
	code := f.Code
	switch {
	case f.NeedsMailto:
		return fmt.Sprintf(`%s answers only requests that carry a contact e-mail: set mailto = "you@example.org" in the manifest, or ABOUT_MAILTO`, o.Provider)
	case known && spec.KeyEnv != "" && (code == 401 || code == 403 || code == 429):
		if r.APIKeys[spec.Name] {
			return fmt.Sprintf("%s answered %d although %s is set: check the key, and whether its daily budget is spent", o.Host, code, spec.KeyEnv)
		}
		return fmt.Sprintf("%s answered %d: set %s to your %s API key (it is sent only to %s)", o.Host, code, spec.KeyEnv, spec.Title, spec.Host)
	case f.HostStopped:
		return fmt.Sprintf("%s asked about to slow down; run again later (the previous values were kept)", o.Host)
	}
	return ""
}

// Hints lists, once each and in job order, the hints for the jobs that
// came back short, then what an API key would give (not in a replay, where
// no request reaches the service), then the polite-pool hint when no
// mailto was set and a provider of the run would have given it more.
func (r *Report) Hints() []string {
	var out []string
	for _, o := range r.ShortJobs() {
		if h := r.Hint(o); h != "" && !slices.Contains(out, h) {
			out = append(out, h)
		}
	}
	if h := r.heldHint(); h != "" {
		out = append(out, h)
	}
	for _, s := range r.Providers {
		if s.KeyEnv != "" && s.KeyBenefit != "" && !r.APIKeys[s.Name] && !r.Replayed {
			out = append(out, fmt.Sprintf("no %s is set; a free key would give %s", s.KeyEnv, s.KeyBenefit))
		}
	}
	if r.MissingMailto {
		var gains []string
		for _, s := range r.Providers {
			if s.MailtoBenefit != "" {
				gains = append(gains, s.MailtoBenefit+" ("+s.Name+")")
			}
		}
		if len(gains) > 0 {
			out = append(out, "no mailto is set; a contact e-mail would get you "+strings.Join(gains, "; ")+
				`. Services also use it to write to you before blocking a client. Set mailto = "you@example.org" in the manifest, or ABOUT_MAILTO`)
		}
	}
	return out
}

func (r *Report) spec(name string) (Provider, bool) {
	for _, s := range r.Providers {
		if s.Name == name {
			return s, true
		}
	}
	return Provider{}, false
}

// fault is what the run named of o's error; the zero Fault when nothing.
func (o Outcome) fault() Fault {
	if o.Fault == nil {
		return Fault{}
	}
	return *o.Fault
}

// shortGroup is jobs that came back short for the same reason at the same
// provider: a stopped host skips hundreds of jobs with one reason.
type shortGroup struct {
	status     record.Status
	provider   string
	host       string
	reason     string
	identities []string // of an interrupted group only the first interruptedListed
	jobs       int
	// interrupted: the group's jobs were skipped by the interrupt (see
	// interruptedListed).
	interrupted bool
}

// groupShort groups short jobs by provider (in registry order) and
// reason, keeping job order within a group.
func (r *Report) groupShort(short []Outcome) []*shortGroup {
	type groupKey struct {
		status                 record.Status
		provider, host, reason string
		interrupted            bool
	}
	var groups []*shortGroup
	byKey := map[groupKey]*shortGroup{}
	for _, o := range short {
		k := groupKey{o.Status, o.Provider, o.Host, jobReason(o), SkippedByInterrupt(o)}
		g := byKey[k]
		if g == nil {
			g = &shortGroup{status: o.Status, provider: o.Provider, host: o.Host, reason: k.reason, interrupted: k.interrupted}
			byKey[k] = g
			groups = append(groups, g)
		}
		g.jobs++
		if !g.interrupted || len(g.identities) < interruptedListed {
			g.identities = append(g.identities, o.Identity.Key())
		}
	}
	order := func(provider string) int {
		return slices.IndexFunc(r.Providers, func(s Provider) bool { return s.Name == provider })
	}
	slices.SortStableFunc(groups, func(a, b *shortGroup) int { return order(a.provider) - order(b.provider) })
	return groups
}

// jobReason says why a job came back short, phrased for the line that
// prints it: the story's line and the run report's entry already name the
// identity, the provider and its host, so the reason does not begin with
// them again ("crossref: malformed answer", an identity's own key), and a
// URL in it is shortened to what a person reads (see shortURLs). The run
// report's error field keeps the whole error.
func jobReason(o Outcome) string {
	if errors.Is(o.Err, ErrInterrupted) {
		// Its own words, which name neither the identity nor a URL; the
		// long way costs seconds for the 250,000 of an interrupted run.
		return o.Err.Error()
	}
	reason := shortReason(o.Err, o.fault())
	for _, named := range []string{o.Provider + ": ", o.Identity.Key() + ": "} {
		for {
			rest, ok := strings.CutPrefix(reason, named)
			if !ok || rest == "" {
				break
			}
			reason = rest
		}
	}
	return shortURLs(reason)
}

// aURL is a URL in an error's text, up to the space, quote or bracket
// that ends it.
var aURL = regexp.MustCompile(`https?://[^\s"'<>()]+`)

// pathRunes is how much of a URL's path a reason keeps.
const pathRunes = 60

// shortURLs shortens every URL in s to scheme://host/path, with "?…" for
// a query left out and the path cut to pathRunes with "…": a batched list
// request's URL runs to kilobytes of DOIs, which no one reads in a
// reason, and a query is where a credential would be.
func shortURLs(s string) string {
	return aURL.ReplaceAllStringFunc(s, func(m string) string {
		raw := strings.TrimRight(m, ".,:;")
		tail := m[len(raw):]
		u, err := url.Parse(raw)
		if err != nil || u.Host == "" {
			return m
		}
		short := u.Scheme + "://" + u.Host
		path := []rune(u.EscapedPath())
		if len(path) > pathRunes {
			short += string(wholeEscapes(path[:pathRunes])) + "…"
		} else {
			short += string(path)
		}
		if u.RawQuery != "" || u.ForceQuery {
			short += "?…"
		}
		return short + tail
	})
}

// wholeEscapes drops a percent-escape that a cut left unfinished ("%2"),
// which would read as a different character or none.
func wholeEscapes(path []rune) []rune {
	for i := max(len(path)-2, 0); i < len(path); i++ {
		if path[i] == '%' {
			return path[:i]
		}
	}
	return path
}

// shortReason says why a job came back short in the fewest words that are
// still true: the summary line already names the identity, provider and
// host, so the request URL the transport's errors repeat is left out, and
// jobs that failed alike group together.
func shortReason(err error, f Fault) string {
	var ue *url.Error
	switch {
	case err == nil:
		return "no reason given"
	case errors.Is(err, context.Canceled):
		return "interrupted"
	case f.Told == ToldTimedOut:
		return f.Words // names the host: it may be a redirect's, not the line's
	case f.Told == ToldGaveUp:
		return fmt.Sprintf("%d %s (%s)", f.Status, http.StatusText(f.Status), attempts(f.Attempts))
	case f.Told == ToldStopped:
		return "stopped for the rest of the run: " + f.Words
	case f.Told == ToldAnswered:
		return fmt.Sprintf("answered %d %s", f.Status, http.StatusText(f.Status)) // the line names the provider
	case errors.As(err, &ue) && err == error(ue):
		return shortReason(ue.Err, f)
	}
	return err.Error()
}

func attempts(n int) string {
	if n == 1 {
		return "1 attempt"
	}
	return fmt.Sprintf("%d attempts", n)
}

// WriteSummary prints the end-of-run story: a table per provider; each
// job that came back short, with its provider, host and reason; previous
// values kept, notes and warnings; where the snapshots went and which
// works were added, changed or removed; and one closing line that says
// whether the run is complete. A short run always says so.
//
// Titles, names, DOIs and error strings in it came from services and
// snapshot files: every line goes through termtext, so none can act on
// the terminal, and a value printed inside a line is a termtext.Field, so
// none can start a line of its own.
func (r *Report) WriteSummary(w io.Writer) {
	w = termtext.NewWriter(w)
	sums := r.Summaries()
	width := len("provider")
	for _, s := range sums {
		width = max(width, len(s.Provider))
	}
	// Numbers align right; padding the names to one width keeps them left.
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "%-*s\tfound\tnot found\tfailed\tskipped\trequests\tretries\ttime\t\n", width, "provider")
	for _, s := range sums {
		fmt.Fprintf(tw, "%-*s\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t\n", width, s.Provider, s.Found, s.NotFound, s.Failed, s.Skipped, s.Requests, s.Retries, roundDuration(s.Busy))
	}
	tw.Flush()

	short := r.ShortJobs()
	if len(short) > 0 {
		fmt.Fprintf(w, "\n%d %s came back short:\n", len(short), english.Plural(len(short), "job", "jobs"))
		for _, g := range r.groupShort(short) {
			if g.jobs == 1 {
				fmt.Fprintf(w, "  %s  %s  %s (%s): %s\n", g.status, termtext.Field(g.identities[0]), g.provider, g.host, termtext.Field(g.reason))
				continue
			}
			fmt.Fprintf(w, "  %s  %d jobs  %s (%s): %s\n", g.status, g.jobs, g.provider, g.host, termtext.Field(g.reason))
			for _, id := range g.identities {
				fmt.Fprintf(w, "      %s\n", termtext.Field(id))
			}
			if more := g.jobs - len(g.identities); more > 0 {
				fmt.Fprintf(w, "      … and %d more, not asked: the run was interrupted (--report lists each)\n", more)
			}
		}
	}
	r.writeHeld(w)
	if len(r.Kept) > 0 {
		fmt.Fprintf(w, "\nkept the previous snapshot values for %d %s whose provider could not answer\n", len(r.Kept), english.Plural(len(r.Kept), "work", "works"))
	}
	if len(r.Excluded) > 0 {
		fmt.Fprintf(w, "\nleft out by [[exclude]]:\n")
		for _, x := range r.excludedLines() {
			fmt.Fprintf(w, "  %s\n", x)
		}
	}
	if len(r.Followed) > 0 {
		fmt.Fprintf(w, "\nfetched the published %s of preprints (follow_published):\n", english.Plural(len(r.Followed), "version", "versions"))
		for _, f := range r.followedLines() {
			fmt.Fprintf(w, "  %s\n", f)
		}
	}
	if r.Links > 0 {
		fmt.Fprintf(w, "\n%d %s among the works (see links.json: which works are shown as one entry, and why)\n", r.Links, english.Plural(r.Links, "link", "links"))
	}
	r.writeUnclaimed(w)
	for _, n := range r.Notes() {
		fmt.Fprintf(w, "\nnote: %s\n", n)
	}
	if len(r.Warnings) > 0 {
		fmt.Fprintf(w, "\n%d %s:\n", len(r.Warnings), english.Plural(len(r.Warnings), "warning", "warnings"))
		for _, wn := range r.Warnings {
			fmt.Fprintf(w, "  %s: %s\n", wn.Identity, warningMessage(wn))
		}
	}

	fmt.Fprintf(w, "\n%s\n", r.changeLine())
	fmt.Fprintln(w, r.closingLine(len(short)))
}

// warningMessage is a warning's message as the story prints it, after its
// identity, and as --report gives it, beside its identity: without the
// identity again, which a message made to stand alone begins with ("doi:X:
// not found anywhere …").
func warningMessage(w record.Warning) string {
	if rest, ok := strings.CutPrefix(w.Message, w.Identity+": "); ok && w.Identity != "" && rest != "" {
		return rest
	}
	return w.Message
}

// changeLine says where the snapshots went and what changed there.
func (r *Report) changeLine() string {
	if r.Cut != nil && r.Cut.Written == 0 {
		return fmt.Sprintf("%s: nothing written, its files are as the last run left them; nothing pruned: %s", r.Snapshots, r.NotPruned)
	}
	n := len(r.Works) - len(r.Unwritten) // a work not written is no work in the folder
	// A work a failed write never reached was not compared: not "unchanged".
	unchanged := n - len(r.WorksAdded) - len(r.WorksChanged) - len(r.Unsaved)
	var b strings.Builder
	fmt.Fprintf(&b, "%d %s in %s: ", n, english.Plural(n, "work", "works"), r.Snapshots)
	switch {
	case r.WriteErr != nil:
		fmt.Fprintf(&b, "%d added, %d changed, %d removed, %d unchanged, %d not written (%d %s written, %d removed)",
			len(r.WorksAdded), len(r.WorksChanged), len(r.WorksRemoved), unchanged, len(r.Unsaved),
			len(r.Written), english.Plural(len(r.Written), "file", "files"), len(r.Removed))
	case len(r.Written) == 0 && len(r.Removed) == 0:
		b.WriteString("nothing changed")
	default:
		fmt.Fprintf(&b, "%d added, %d changed, %d removed, %d unchanged (%d %s written, %d removed)",
			len(r.WorksAdded), len(r.WorksChanged), len(r.WorksRemoved), unchanged,
			len(r.Written), english.Plural(len(r.Written), "file", "files"), len(r.Removed))
	}
	if n := len(r.StraysRemoved); n > 0 {
		fmt.Fprintf(&b, "; %d stray %s removed (no work listed %s)", n, english.Plural(n, "file", "files"), english.Plural(n, "it", "them"))
	}
	if r.NotPruned != Pruned {
		fmt.Fprintf(&b, "; nothing pruned: %s", r.NotPruned)
	}
	return b.String()
}

// closingLine is the run's verdict, the last line a user reads.
func (r *Report) closingLine(short int) string {
	switch {
	case r.Interrupted && r.Cut != nil && r.Cut.Written == 0:
		return fmt.Sprintf("interrupted after %s: %d %s not answered; nothing was written, the snapshot folder is as it was", roundDuration(r.Elapsed), short, english.Plural(short, "job was", "jobs were"))
	case r.Interrupted && r.Cut != nil:
		line := fmt.Sprintf("interrupted after %s while writing: %d of %d works written, each file whole; the rest, the index and links.json keep their previous files", roundDuration(r.Elapsed), r.Cut.Written, r.Cut.Works)
		if n := r.Cut.Withdrawn; n > 0 {
			line += fmt.Sprintf(" (%d new %s not kept: no index lists %s yet)", n, english.Plural(n, "work", "works"), english.Plural(n, "it", "them"))
		}
		return line
	case r.Interrupted:
		return fmt.Sprintf("interrupted after %s: %d %s not answered; every file written is whole", roundDuration(r.Elapsed), short, english.Plural(short, "job was", "jobs were"))
	case r.WriteErr != nil:
		return r.unsavedLine()
	case short > 0:
		return fmt.Sprintf("incomplete: %d %s failed or skipped; the previous values were kept where there were any", short, english.Plural(short, "job", "jobs"))
	case r.HeldBack():
		n := 0
		for _, h := range r.Held {
			n += len(h.Works)
		}
		return fmt.Sprintf("incomplete: every job answered, but the removal of %d %s was held back (see above)", n, english.Plural(n, "work", "works"))
	}
	n := len(r.Expansions) + len(r.Outcomes)
	return fmt.Sprintf("complete: %d %s answered in %s", n, english.Plural(n, "job", "jobs"), roundDuration(r.Elapsed))
}

// roundDuration keeps the digits a person reads: 350ms, 1.4s, 2m10s.
func roundDuration(d time.Duration) time.Duration {
	switch {
	case d < time.Second:
		return d.Round(time.Millisecond)
	case d < time.Minute:
		return d.Round(100 * time.Millisecond)
	}
	return d.Round(time.Second)
}
