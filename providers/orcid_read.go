package providers

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
)

// expandORCID reads the record's works summary and lists its works; the
// steps left fetch the chosen entries' details (one step per bulk page of
// orcidBulkMax put-codes) and the record's name. The summary and the
// details are one answer: if a page of details cannot be read the whole
// expansion fails, so the run keeps the previous expansion and prunes
// nothing rather than writing a poorer one. The name is a help, not a
// need: failing to read it is a warning.
//
// An entry whose summary gives the last-modified-date the last read saw
// (prev.Entry) keeps the record its details gave then and is not asked
// again: an item's last-modified-date is "the date time when the element
// was last modified" (https://github.com/ORCID/orcid-model/blob/master/src/main/resources/common_3.0/common-3.0.xsd).
// The contributors' names were split by the
// owner's name, so when entries are kept the name is read first, and if
// it changed their details are asked after all.
func expandORCID(ctx context.Context, env service.Env, id manifest.Identity, prev service.Previous) (*service.Staged, service.Result) {
	base := env.Base + orcidAPI + id.Value
	var groups []orcidGroup
	// Plain JSON gives the same v3.0 documents as the vendor type, and is
	// what the recorded answers were made with.
	res := service.GetJSONRecord(ctx, env, "orcid", base+"/works", func(doc gjson.Result) (service.Result, error) {
		var err error
		groups, err = readORCIDGroups(doc)
		return service.Result{Status: record.Found}, err
	})
	if res.Status != record.Found {
		return nil, res
	}
	r := &orcidRead{orcid: id, base: base, works: make([]orcidWork, len(groups)), detailed: map[string][]byte{},
		kept: map[string]record.Record{}, shared: map[string]bool{}, prevOwner: prev.Owner}
	st := &service.Staged{Finish: r.finish}
	var asked []int // the works whose details are asked, by their place in r.works
	listed := make(map[string]bool, len(groups))
	for i, g := range groups {
		r.works[i], r.warnings = chooseORCIDWork(id.Value, g, r.warnings)
		r.works[i].detach()
		e := r.works[i].entry()
		if listed[e.putCode] {
			r.shared[e.putCode] = true
		}
		listed[e.putCode] = true
		work := orcidWorkIdentity(id.Value, e.putCode, r.works[i].ids)
		st.Works = append(st.Works, work)
		if m := entryModified(e); m > 0 && prev.Entry != nil {
			if rec := prev.Entry(work, e.putCode, m); rec != nil {
				r.kept[e.putCode] = *rec
				continue
			}
		}
		asked = append(asked, i)
	}
	for chunk := range slices.Chunk(asked, orcidBulkMax) {
		st.Steps = append(st.Steps, func(ctx context.Context, env service.Env) bool { return r.details(ctx, env, chunk) })
	}
	if len(r.kept) > 0 {
		st.Steps = append([]service.Step{r.readPersonFirst}, st.Steps...)
	} else {
		st.Steps = append(st.Steps, r.readPerson)
	}
	return st, service.Result{Status: record.Found}
}

// entryModified is an entry's last-modified-date in milliseconds, 0 when
// the summary gives none.
func entryModified(e orcidEntry) int64 { return e.modified }

// orcidRead is one record being read: what the summary chose and what the
// steps have read so far.
type orcidRead struct {
	orcid    manifest.Identity
	base     string // the record's API address
	works    []orcidWork
	warnings []record.Warning
	detailed map[string][]byte        // put-code → the record its details give, from the bulk pages, encoded (a record inline is 464 bytes, most of them empty)
	kept     map[string]record.Record // put-code → the record its unchanged details gave last time
	// shared are the put-codes two works' chosen entries share (a summary
	// only a faulty record gives): the first work takes the details, the
	// others keep their summaries (see finish).
	shared    map[string]bool
	prevOwner *record.Owner // the name the kept records' contributors were split by
	missing   []missingDetail
	detailErr error         // the page of details that could not be read
	owner     *record.Owner // the record's name, once read
	personErr error
}

// details reads one bulk page of the put-codes of works (places in
// r.works; never one request per work). Works are matched back by their
// put-code because the registry lists found works first and errors after.
func (r *orcidRead) details(ctx context.Context, env service.Env, works []int) bool {
	chunk := make([]string, len(works))
	for i, w := range works {
		chunk[i] = r.works[w].entry().putCode
	}
	found := map[string]gjson.Result{}
	page, err := orcidBulk(ctx, env, r.base, chunk, found)
	if err != nil {
		r.detailErr = err
		return false
	}
	missing := orcidMissing(chunk, found, page.errs)
	if page.suspect() {
		if missing, err = r.askAlone(ctx, env, page, missing, found); err != nil {
			r.detailErr = err
			return false
		}
	}
	r.missing = append(r.missing, missing...)
	// Each work's record now, encoded, so it shares nothing with the page:
	// held as read, every page (a hundred works' details each) stayed in
	// memory until the whole record was read, growing with the record.
	for pc, w := range found {
		if raw, err := json.Marshal(orcidRecord(w)); err == nil { // encoded, it shares nothing with the page
			r.detailed[strings.Clone(pc)] = raw // the key too: read from the page, it is a piece of it
		}
	}
	// A work with details no longer needs its summary's record: let it go
	// now, not when the whole record is read (at 50,000 works, 12 MB).
	for i, w := range works {
		if _, ok := r.detailed[chunk[i]]; ok && !r.shared[chunk[i]] {
			r.works[w].summary = nil
		}
	}
	return true
}

// askAlone asks the registry about each put-code a suspect bulk page
// lacked (see orcidBulk), one /work/{put-code} at a time, filing the works
// found, and says so in a warning: the page is no evidence that the
// record gives them no details. Those it still has no work for are
// returned, to fall back on their summaries as before.
func (r *orcidRead) askAlone(ctx context.Context, env service.Env, page orcidBulkAnswer, missing []missingDetail, found map[string]gjson.Result) ([]missingDetail, error) {
	if len(missing) == 0 {
		r.warnings = append(r.warnings, service.SetAside("orcid", r.orcid.Key(), "a bulk answer held works for put-codes", page.strays))
		return nil, nil
	}
	env.Announce(len(missing)) // known now, before the first is sent
	var still []missingDetail
	for _, m := range missing {
		why := "lacked put-code " + m.putCode + " and " + page.held()
		if page.twice[m.putCode] {
			why = "gave put-code " + m.putCode + " two different works"
		}
		r.warnings = append(r.warnings, service.AskedAlone("orcid", r.orcid.Key(), "the bulk answer "+why))
		w, none, err := orcidWorkAlone(ctx, env, r.base, m.putCode)
		switch {
		case err != nil:
			return nil, fmt.Errorf("put-code %s: %w", m.putCode, err)
		case none != "":
			still = append(still, missingDetail{m.putCode, none})
		default:
			found[m.putCode] = w
		}
	}
	return still, nil
}

// readPerson reads the record's name (never fails the expansion).
func (r *orcidRead) readPerson(ctx context.Context, env service.Env) bool {
	r.owner, r.personErr = orcidPerson(ctx, env, r.base, r.orcid.Value)
	return true
}

// readPersonFirst reads the name before any details, when some entries
// are kept: a name that differs from the one their contributors were
// split by asks their details after all, in this step (a name unread
// keeps them, as the same-name check keeps its findings).
func (r *orcidRead) readPersonFirst(ctx context.Context, env service.Env) bool {
	r.readPerson(ctx, env)
	if r.personErr != nil || sameName(r.owner, r.prevOwner) {
		return true
	}
	var asked []int
	for i, w := range r.works {
		if _, ok := r.kept[w.entry().putCode]; ok {
			asked = append(asked, i)
		}
	}
	clear(r.kept)
	for chunk := range slices.Chunk(asked, orcidBulkMax) {
		if !r.details(ctx, env, chunk) {
			return false
		}
	}
	return true
}

// sameName reports two reads of a record's name that split contributors'
// names alike (given and family names; nil is no name).
func sameName(a, b *record.Owner) bool {
	var x, y record.Owner
	if a != nil {
		x = *a
	}
	if b != nil {
		y = *b
	}
	return x.Given == y.Given && x.Family == y.Family
}

// finish builds the record's answer from the summary and what the steps
// read.
func (r *orcidRead) finish() service.Result {
	if r.detailErr != nil {
		return service.Result{Status: record.Failed, Err: fmt.Errorf("orcid: work details: %w", r.detailErr)}
	}
	warnings := r.warnings
	for _, pc := range r.missing {
		warnings = append(warnings, record.Warning{Identity: r.orcid.Key(), Message: fmt.Sprintf("put-code %s: the record gave no details (%s); its summary is used", pc.putCode, pc.why)})
	}
	res := service.Result{Status: record.Found, Record: &record.Record{}, Warnings: warnings, Discovered: make([]service.Discovered, 0, len(r.works))}
	for _, w := range r.works {
		res.Discovered = append(res.Discovered, r.discovered(w))
		delete(r.detailed, w.entry().putCode) // its record lives on in the work; 500 bytes a work until the last
	}
	if r.personErr != nil {
		res.Warnings = append(res.Warnings, record.Warning{Identity: r.orcid.Key(), Transient: true,
			Message: fmt.Sprintf("the name on the record could not be read (%v); the same-name check keeps its previous findings", r.personErr)})
	}
	res.Person = r.owner
	for i := range res.Discovered {
		splitCreditNames(res.Discovered[i].Summary.Authors, r.owner)
	}
	return res
}

// discovered is one work as this read found it: from its entry's details
// (read now, or kept from the last read), else from its summary.
func (r *orcidRead) discovered(w orcidWork) service.Discovered {
	e := w.entry()
	read := &service.EntryRead{PutCode: e.putCode, Modified: entryModified(e)}
	if read.Modified <= 0 {
		read = nil
	}
	if rec, ok := r.kept[e.putCode]; ok {
		d := w.discoveredAs(r.orcid.Value, rec)
		d.Read = read
		return d
	}
	if raw, ok := r.detailed[e.putCode]; ok {
		var rec record.Record
		if err := json.Unmarshal(raw, &rec); err != nil {
			return w.discoveredFromSummary(r.orcid.Value) // never: details encoded it
		}
		d := w.discoveredAs(r.orcid.Value, rec)
		d.Read = read
		return d
	}
	return w.discoveredFromSummary(r.orcid.Value)
}

// personLinks are the addresses a /person document (within: its path in
// a /record answer) links other profiles by: each researcher-url's
// url.value, then each external-identifier's external-id-url.value, in
// the record's order, once each.
func personLinks(doc gjson.Result, within string) []string {
	var out []string
	add := func(_, v gjson.Result) bool {
		out = appendNew(out, strings.TrimSpace(v.String()))
		return true
	}
	doc.Get(within + "researcher-urls.researcher-url.#.url.value").ForEach(add)
	doc.Get(within + "external-identifiers.external-identifier.#.external-id-url.value").ForEach(add)
	return out
}
