package service

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/wire"
	"github.com/aboutscholar/about/record"
)

// getJSON is Get for a JSON answer that must be a 2xx: any other status
// or an invalid body is the error, so a batch can fail all its members at
// once. 404 and 410 are errors here too: a list endpoint answers "none of
// these" with an empty list, not with a 404.
func getJSON(ctx context.Context, env Env, provider, rawURL string) (gjson.Result, error) {
	ans, err := Get(ctx, env, rawURL, "application/json")
	switch {
	case err != nil:
		return gjson.Result{}, err
	case ans.Status < 200 || ans.Status > 299:
		return gjson.Result{}, &StatusError{Provider: provider, Code: ans.Status}
	case !gjson.ValidBytes(ans.Body):
		return gjson.Result{}, Malformed(provider, "body is not valid JSON")
	}
	return ParseBody(ans.Body), nil
}

// Batched is the FetchFunc shape of a service with a list form: a single
// id is asked of the single-record endpoint (cheaper, and the answer the
// rest of the batch is checked against), ids that single cannot put in a
// list are asked one by one, and the rest go to list in chunks.
func Batched(single func(ctx context.Context, env Env, id manifest.Identity) Result,
	listable func(id manifest.Identity) bool,
	list func(ctx context.Context, env Env, ids []manifest.Identity) []Result) FetchFunc {
	return func(ctx context.Context, env Env, ids []manifest.Identity) ([]Result, error) {
		out := make([]Result, len(ids))
		var batch []manifest.Identity
		var slots []int
		for i, id := range ids {
			if len(ids) > 1 && listable(id) {
				batch = append(batch, id)
				slots = append(slots, i)
			}
		}
		if singles := len(ids) - len(batch); len(ids) > 1 && singles > 0 {
			env.Announce(singles - boolInt(len(batch) == 0)) // the call was planned as one request
		}
		for i, id := range ids {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if len(ids) == 1 || !listable(id) {
				out[i] = single(ctx, env, id)
			}
		}
		if len(batch) == 1 {
			out[slots[0]] = single(ctx, env, batch[0])
			return out, nil
		}
		if len(batch) > 0 {
			for j, r := range list(ctx, env, batch) {
				out[slots[j]] = r
			}
		}
		return out, nil
	}
}

// ListForm is a service's list endpoint for DOIs: how to ask it about
// several at once and how to read its answer. Each provider declares its
// own beside its single lookup; Fetch does the rest.
type ListForm struct {
	Provider string // name for errors
	MaxURI   int    // longest path and query of one request; a longer chunk is split
	// URI is the path and query that asks about ids.
	URI func(env Env, ids []manifest.Identity) string
	// Items reads a 2xx JSON answer: its items and the number of hits the
	// service counted, or an error when it holds no list.
	Items func(doc gjson.Result) (items []gjson.Result, total int64, err error)
	DOI   func(item gjson.Result) string // the DOI an item carries, which alone says whose it is
	// Also, when set, is what else an item says its DOI is (a doi.org
	// URL, an ids object); each that is present must agree with DOI, or
	// the item's label is in doubt and it answers for no one.
	Also  func(item gjson.Result) []string
	Parse func(item gjson.Result) (Result, error) // one item's Result
	// Single is the service's one-record request, which answers for a DOI
	// the list answered ambiguously; nil fails such a DOI instead.
	Single func(ctx context.Context, env Env, id manifest.Identity) Result
	// Twins: the service is known to hold two records under one DOI, so a
	// DOI two different items carry is asked of Single without a warning
	// and casts no doubt on the rest of the answer.
	Twins bool
	// Absent, when set, answers for a DOI a complete answer lacks instead
	// of NotFound (a service whose list search may miss what it holds).
	Absent func(ctx context.Context, env Env, id manifest.Identity) Result
}

// Fetch asks the list form about ids, one request per URL-sized chunk,
// and hands each id its item (see listAnswer); a request that fails fails
// just the ids it asked about, and an id the answer leaves in doubt is
// asked again alone. It is the list argument of Batched.
func (l ListForm) Fetch(ctx context.Context, env Env, ids []manifest.Identity) []Result {
	asked := func(chunk []int) []manifest.Identity {
		out := make([]manifest.Identity, len(chunk))
		for j, i := range chunk {
			out[j] = ids[i]
		}
		return out
	}
	positions := make([]int, len(ids))
	for i := range positions {
		positions[i] = i
	}
	out := make([]Result, len(ids))
	chunks := wire.Chunks(positions, 0, l.MaxURI, func(chunk []int) string { return l.URI(env, asked(chunk)) })
	env.Announce(len(chunks) - 1) // a URL too long for one request (a long mailto)
	for _, chunk := range chunks {
		batch := asked(chunk)
		results, again := l.ask(ctx, env, batch)
		if l.Absent != nil {
			env.Announce(countStatus(results, record.NotFound))
		}
		for j, r := range results {
			if r.Status == record.NotFound && l.Absent != nil {
				r = withWarnings(l.Absent(ctx, env, batch[j]), r.Warnings)
			}
			out[chunk[j]] = r
		}
		if l.Single != nil {
			env.Announce(len(again))
		}
		for _, d := range again {
			out[chunk[d.at]] = l.askAlone(ctx, env, batch[d.at], d.why)
		}
	}
	return out
}

// askAlone asks Single about id, which a list answer left in doubt (why;
// "" when the service is known to answer so), and says so in a warning.
// Without Single the id fails: the list answer is no evidence for it.
func (l ListForm) askAlone(ctx context.Context, env Env, id manifest.Identity, why string) Result {
	if l.Single == nil {
		return Result{Status: record.Failed, Err: fmt.Errorf("%s: %s: the list answer %s", l.Provider, id.Key(), why)}
	}
	r := l.Single(ctx, env, id)
	if why != "" {
		r.Warnings = append(r.Warnings, AskedAlone(l.Provider, id.Key(), "the list answer "+why))
	}
	return r
}

// countStatus is how many of results have status.
func countStatus(results []Result, status record.Status) int {
	n := 0
	for _, r := range results {
		if r.Status == status {
			n++
		}
	}
	return n
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ask sends one list request about ids and matches its items back to them
// (see listAnswer); again are the ids to ask once more alone.
func (l ListForm) ask(ctx context.Context, env Env, ids []manifest.Identity) (out []Result, again []doubt) {
	doc, err := getJSON(ctx, env, l.Provider, env.Base+l.URI(env, ids))
	if err == nil {
		var items []gjson.Result
		var total int64
		if items, total, err = l.Items(doc); err == nil {
			return l.sort(ids, items).results(l, ids, total <= int64(len(items)), len(items))
		}
	}
	out = make([]Result, len(ids))
	for i := range out {
		out[i] = Result{Status: record.Failed, Err: err}
	}
	return out, nil
}

// doubt is an id of a list request (at, its index) that the answer did
// not settle, and why.
type doubt struct {
	at  int
	why string
}

// listAnswer is a list answer's items sorted by the DOI each carries,
// compared in normalised form (case, doi.org prefixes). Only the DOI an
// item carries says whose it is, never its place in the list, since none
// of these services documents an order. An item is evidence for the DOI
// it carries only when it is the one item that does and its other
// identifiers agree; an item carrying a DOI not asked (or none) is
// evidence for no one, and makes the ids the answer lacks doubtful too,
// since it may be theirs under a wrong label.
type listAnswer struct {
	one     map[string]gjson.Result // asked DOI → the one item carrying it
	twice   map[string]bool         // asked DOIs two different items carry
	doubted map[string]string       // asked DOI → the other DOI its item also gives
	strays  []string                // DOIs carried by items for no asked DOI (or that they carry none)
}

func (l ListForm) sort(ids []manifest.Identity, items []gjson.Result) listAnswer {
	asked := make(map[string]bool, len(ids))
	for _, id := range ids {
		asked[id.Value] = true
	}
	a := listAnswer{one: map[string]gjson.Result{}, twice: map[string]bool{}, doubted: map[string]string{}}
	for _, it := range items {
		doi := wire.StripDOI(l.DOI(it))
		other := l.otherDOI(it, doi)
		switch kept, seen := a.one[doi]; {
		case !asked[doi]:
			a.strays = append(a.strays, cmp.Or(doi, "an item with no DOI"))
		case other != "":
			a.doubted[doi] = other
		case seen && kept.Raw != it.Raw:
			a.twice[doi] = true
		default:
			a.one[doi] = it
		}
	}
	return a
}

// otherDOI is a DOI the item gives besides doi, "" when all agree.
func (l ListForm) otherDOI(item gjson.Result, doi string) string {
	if l.Also == nil {
		return ""
	}
	for _, s := range l.Also(item) {
		if other := wire.StripDOI(s); other != "" && other != doi {
			return other
		}
	}
	return ""
}

// suspect says whether the answer holds anything that is no evidence:
// then an id it lacks is asked again rather than taken as not found.
func (a listAnswer) suspect(twinsKnown bool) bool {
	return len(a.strays) > 0 || len(a.doubted) > 0 || (len(a.twice) > 0 && !twinsKnown)
}

// lackedWhy is why a DOI the answer lacks is in doubt: the answer held
// items for DOIs not asked, or only two different items (or a mislabelled
// one) for a DOI asked, either of which may be the lacking DOI's own.
func (a listAnswer) lackedWhy() string {
	if len(a.strays) > 0 {
		return "lacked this DOI and held items for DOIs not asked (" + StrayList(a.strays) + ")"
	}
	return "lacked this DOI and held two different items for one DOI, or an item whose identifiers disagree"
}

// results hands each id its item; again are the ids the answer leaves in
// doubt. An id a sound answer lacks is NotFound when the answer is
// complete and Failed when it may have been cut short (the service
// counted more hits than it returned), since its record could be on a
// page that was not asked for.
func (a listAnswer) results(l ListForm, ids []manifest.Identity, complete bool, n int) (out []Result, again []doubt) {
	out = make([]Result, len(ids))
	suspect := a.suspect(l.Twins)
	for i, id := range ids {
		it, ok := a.one[id.Value]
		switch {
		case a.doubted[id.Value] != "":
			again = append(again, doubt{i, "gave this DOI an item that also says it is " + a.doubted[id.Value]})
		case a.twice[id.Value]:
			again = append(again, doubt{i, twiceWhy(l.Twins)})
		case ok:
			r, err := l.Parse(it)
			if err != nil {
				r = Result{Status: record.Failed, Err: err}
			}
			out[i] = r
		case suspect:
			again = append(again, doubt{i, a.lackedWhy()})
		case complete:
			out[i] = Result{Status: record.NotFound}
		default:
			out[i] = Result{Status: record.Failed, Err: fmt.Errorf("%s: %s not among the %d records of a cut-short answer", l.Provider, id.Key(), n)}
		}
	}
	if len(again) == 0 && len(a.strays) > 0 && len(out) > 0 {
		// No id was left in doubt, but the story still says the answer
		// held what was not asked.
		out[0].Warnings = append(out[0].Warnings, SetAside(l.Provider, l.Provider, "a list answer held items for DOIs", a.strays))
	}
	return out, again
}

func twiceWhy(known bool) string {
	if known {
		return ""
	}
	return "gave this DOI two different items"
}

// AskedAlone is the warning that identity was asked again alone because
// an answer of several (what: "the list answer lacked …") left it in doubt.
func AskedAlone(provider, identity, what string) record.Warning {
	return record.Warning{Identity: identity, Transient: true,
		Message: provider + ": " + what + "; asked again alone"}
}

// SetAside is the warning that an answer held items nobody asked (held:
// "a list answer held items for DOIs"), which were set aside while no id
// was left in doubt: the story still tells what the answer held.
func SetAside(provider, identity, held string, strays []string) record.Warning {
	return record.Warning{Identity: identity, Transient: true,
		Message: fmt.Sprintf("%s: %s not asked (%s); they were set aside", provider, held, StrayList(strays))}
}

// strayNamed is how many stray DOIs a warning names before it counts the
// rest: an answer padded with a million strays must not make every work
// it lacks a warning of megabytes.
const strayNamed = 3

// StrayList names the first few DOIs of items asked about by no one, and
// counts the rest.
func StrayList(strays []string) string {
	names := strays[:min(len(strays), strayNamed)]
	if more := len(strays) - len(names); more > 0 {
		return strings.Join(names, ", ") + fmt.Sprintf(" and %d more", more)
	}
	return strings.Join(names, ", ")
}

// FetchThenReask asks the list form, then asks single once more for each
// work whose list copy failed with short: a list answer that leaves out
// what a single record has (OpenAlex cuts authorships at 100) must not
// make a batched snapshot differ from an unbatched one.
func (l ListForm) FetchThenReask(ctx context.Context, env Env, ids []manifest.Identity, short error, single func(context.Context, Env, manifest.Identity) Result) []Result {
	out := l.Fetch(ctx, env, ids)
	var again []int
	for i, r := range out {
		if errors.Is(r.Err, short) {
			again = append(again, i)
		}
	}
	env.Announce(len(again)) // known now, before the first is sent
	for _, i := range again {
		out[i] = withWarnings(single(ctx, env, ids[i]), out[i].Warnings)
	}
	return out
}

// withWarnings is r, which replaces an earlier answer, still telling that
// answer's warnings (a list answer's, about what it held).
func withWarnings(r Result, earlier []record.Warning) Result {
	r.Warnings = append(earlier[:len(earlier):len(earlier)], r.Warnings...)
	return r
}
