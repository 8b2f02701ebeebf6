package providers

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/internal/markup"
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/providers/wire"
	"github.com/aboutscholar/about/record"
)

const (
	orcidAPI = "/v3.0/"
	// orcidBulkMax is the most put-codes one GET /works/{put-codes} may
	// name: the registry refuses more (ORCID-Source WorkManagerReadOnlyImpl,
	// org.orcid.core.works.bulk.read.max = 100).
	orcidBulkMax = 100
)

// ORCID expands an ORCID iD into the works on its public record, one work
// per ORCID group, each with the record's own entry for it (title, type,
// date, identifiers, contributors) so works without a DOI still have one.
// It asks for the /works summary, then the chosen entries' full details in
// bulk (up to 100 a request), then the record's name (/person) for the
// same-name check.
func ORCID() service.Spec {
	return service.Spec{
		Name:  "orcid",
		Probe: orcidProbe(),
		Title: "ORCID",
		Host:  "pub.orcid.org",
		// The public API allows 12 requests/s (burst 40) per client and answers
		// 503 past the burst, so 503 is its "slow down".
		MinInterval: 100 * time.Millisecond,
		RateSource:  "https://info.orcid.org/ufaqs/what-are-the-api-limits/",
		Timeout:     60 * time.Second,
		SlowDown:    []int{503},
		Accepts:     []manifest.Kind{manifest.KindORCID},
		BatchSize:   1,
		Terms:       "https://info.orcid.org/public-client-terms-of-service/",
		Attribution: "Data from the ORCID public API (public data CC0)",
		Fetch:       service.One(fetchORCID),
		Expand:      expandORCID,
	}
}

// orcidProbe asks the works summary of ORCID's own example record and
// checks the groups and the fields orcidGroups reads.
func orcidProbe() service.Probe {
	return service.Probe{
		Path:   orcidAPI + "0000-0002-9341-7985/works",
		Accept: "application/json",
		Fields: []string{"group[].external-ids.external-id[].external-id-type", "group[].external-ids.external-id[].external-id-value",
			"group[].work-summary[].put-code", "group[].work-summary[].display-index", "group[].work-summary[].source.source-name.value"},
		Doc: "https://info.orcid.org/documentation/api-tutorials/api-tutorial-read-data-on-a-record/",
	}
}

// fetchORCID reads the record in one call: expandORCID's steps, in order.
func fetchORCID(ctx context.Context, env service.Env, id manifest.Identity) service.Result {
	return service.RunStaged(expandORCID)(ctx, env, id)
}

// splitCreditNames splits the contributors' credit names (ORCID gives one
// string, "credit-name") into given and family names, so an ORCID-only
// work has family names to sort, cite and key by. The record owner's own
// split helps: a credit name that is the owner's given and family names
// takes that split ("Maria van der Berg" → "Maria" + "van der Berg"), and
// one that ends with the owner's family name is split there ("M. van der
// Berg"); any other is read by wire.SplitName, the rule every index's
// one-string names are read by. Contributor fields:
// https://github.com/ORCID/orcid-model/blob/master/src/main/resources/record_3.0/common_3.0.xsd
func splitCreditNames(authors []record.Author, owner *record.Owner) {
	var known []record.Name
	if owner != nil && owner.Family != "" {
		known = append(known, record.Name{Given: owner.Given, Family: owner.Family})
	}
	for i, a := range authors {
		if a.Name == "" || a.Given != "" || a.Family != "" {
			continue
		}
		n, ok := wire.SplitName(a.Name, known)
		if !ok {
			continue
		}
		authors[i].Given, authors[i].Family, authors[i].Name = n.Given, n.Family, ""
	}
}

// orcidEntry is one work-summary: one source's entry for a work.
type orcidEntry struct {
	putCode      string
	source       string
	displayIndex int64
	modified     int64         // last-modified-date in milliseconds, 0 when the summary gives none
	summary      *gjson.Result // a piece of the works summary: dropped once the work is chosen (orcidWork.detach)
}

// orcidGroup is ORCID's own grouping: entries it considers one work.
// Its pieces of the summary are pointers: a run keeps every group until
// its details are read (50,000 at once at the far end), and a gjson.Result
// held in place, though emptied, costs 80 bytes an entry.
type orcidGroup struct {
	entries []orcidEntry  // the owner's preferred first
	ids     *gjson.Result // the group's external-ids.external-id
}

// readORCIDGroups reads a /v3.0/{orcid}/works summary: {"group":[{
// "external-ids":…, "work-summary":[…]}]}. Within a group the owner's
// preferred entry is the one with the highest display-index; the API lists
// it first, but the order is made explicit here (ORCID-Source
// WorkSummary.compareTo: "higher index goes first"), ties kept in the
// API's order.
func readORCIDGroups(doc gjson.Result) ([]orcidGroup, error) {
	groups := doc.Get("group")
	if !groups.IsArray() {
		return nil, service.Malformed("orcid", "works summary has no group list")
	}
	var out []orcidGroup
	groups.ForEach(func(_, g gjson.Result) bool {
		var entries []orcidEntry
		g.Get("work-summary").ForEach(func(_, s gjson.Result) bool {
			di, _ := strconv.ParseInt(strings.TrimSpace(s.Get("display-index").String()), 10, 64)
			entries = append(entries, orcidEntry{
				// Copies: the run keeps them (groups, entries read) until it
				// writes the expansion, and as read they would keep the whole
				// works summary in memory with them.
				putCode:      strings.Clone(s.Get("put-code").String()),
				source:       strings.Clone(strings.TrimSpace(s.Get("source.source-name.value").String())),
				displayIndex: di,
				modified:     s.Get("last-modified-date.value").Int(),
				summary:      &s,
			})
			return true
		})
		if len(entries) == 0 {
			return true
		}
		slices.SortStableFunc(entries, func(a, b orcidEntry) int { return cmp.Compare(b.displayIndex, a.displayIndex) })
		ids := g.Get("external-ids.external-id")
		out = append(out, orcidGroup{entries: entries, ids: &ids})
		return true
	})
	return out, nil
}

// orcidWork is the plan for one group: which entry speaks for it, which
// identifiers it has, and why.
type orcidWork struct {
	group   orcidGroup
	chosen  int        // index of the entry whose metadata is used
	ids     record.IDs // identifiers from every entry and the group
	aliases []string   // other self DOIs in the group
	version []string   // DOIs named with relationship version-of
	why     string     // the reason for the choice, when a DOI rule made it ("": defaultORCIDChoice)
	// summary is the chosen entry's record as its summary gives it,
	// encoded: what the work is when the bulk answer gives no details.
	summary []byte
}

func (w orcidWork) entry() orcidEntry { return w.group.entries[w.chosen] }

// orcidID is one external id as read: its entry's put-code ("" for the
// group's own list), type, value and relationship.
type orcidID struct {
	putCode, kind, value, relation string
}

func orcidIDs(putCode string, list gjson.Result) []orcidID {
	var out []orcidID
	list.ForEach(func(_, e gjson.Result) bool {
		value := strings.TrimSpace(e.Get("external-id-value").String())
		if norm := strings.TrimSpace(e.Get("external-id-normalized.value").String()); norm != "" {
			value = norm
		}
		rel := strings.ToLower(e.Get("external-id-relationship").String())
		if rel == "" {
			rel = "self"
		}
		out = append(out, orcidID{putCode: putCode, kind: strings.ToLower(e.Get("external-id-type").String()), value: value, relation: rel})
		return true
	})
	return out
}

// chooseORCIDWork decides a group's identity. Every entry's DOIs are
// checked, so a malformed DOI is reported with the put-code that holds it
// even when another entry has a good one. The preferred entry's DOI names
// the work, unless it is a preprint and the group also holds a DOI that is
// not: then the published version names it and the preprint is an alias.
func chooseORCIDWork(orcid string, g orcidGroup, warnings []record.Warning) (orcidWork, []record.Warning) {
	w := orcidWork{group: g}
	all := orcidGroupIDs(g)
	var dois []doiCandidate
	dois, w.version, warnings = orcidDOIs(orcid, g, all, warnings)
	if len(dois) > 0 {
		w.nameByDOI(dois)
	}
	// The chosen entry's identifiers first, then the other entries', then
	// the group's: the first of each kind wins.
	order := append([]orcidID(nil), orcidIDs(w.entry().putCode, piece(w.entry().summary).Get("external-ids.external-id"))...)
	w.ids = fillORCIDIDs(w.ids, append(order, all...))
	return w, warnings
}

// orcidGroupIDs lists every identifier the group holds, entries' first
// (in the owner's order), then the group's own list, so each can be
// checked and traced to its put-code.
func orcidGroupIDs(g orcidGroup) []orcidID {
	var all []orcidID
	for _, e := range g.entries {
		all = append(all, orcidIDs(e.putCode, piece(e.summary).Get("external-ids.external-id"))...)
	}
	return append(all, orcidIDs("", piece(g.ids))...)
}

// piece is a piece of the works summary as read, or nothing once the
// work is detached.
func piece(p *gjson.Result) gjson.Result {
	if p == nil {
		return gjson.Result{}
	}
	return *p
}

// defaultORCIDChoice says why the preferred entry speaks for the group when
// no DOI rule overrides it.
func defaultORCIDChoice(g orcidGroup) string {
	if len(g.entries) == 1 {
		return fmt.Sprintf("put-code %s: the group's only entry", g.entries[0].putCode)
	}
	return fmt.Sprintf("put-code %s: the owner's preferred entry (highest display-index, %d)", g.entries[0].putCode, g.entries[0].displayIndex)
}

// doiCandidate is a self DOI that could name the work, with the entry that
// lists it.
type doiCandidate struct {
	doi   string
	entry int // -1: only in the group's list
}

// orcidDOIs checks every DOI in the group: malformed ones become warnings
// (once per value), self DOIs become candidates in order, version-of DOIs
// are collected for relations.
func orcidDOIs(orcid string, g orcidGroup, all []orcidID, warnings []record.Warning) ([]doiCandidate, []string, []record.Warning) {
	var dois []doiCandidate
	var version []string
	warned := map[string]bool{}
	for _, x := range all {
		if x.kind != "doi" {
			continue
		}
		doi, err := manifest.NormalizeDOI(x.value)
		if err != nil {
			if !warned[x.value] {
				warned[x.value] = true
				warnings = append(warnings, malformedORCIDDOI(orcid, g, x, err))
			}
			continue
		}
		switch x.relation {
		case "self":
			if !slices.ContainsFunc(dois, func(c doiCandidate) bool { return c.doi == doi }) {
				entry := slices.IndexFunc(g.entries, func(e orcidEntry) bool { return e.putCode == x.putCode })
				dois = append(dois, doiCandidate{doi, entry})
			}
		case "version-of":
			version = appendNew(version, doi)
		}
	}
	return dois, version, warnings
}

// malformedORCIDDOI names where a bad DOI sits — its put-code, or the
// group's put-codes when only the group's list has it — so the owner can
// find and fix it.
func malformedORCIDDOI(orcid string, g orcidGroup, x orcidID, err error) record.Warning {
	where := "put-code " + x.putCode
	if x.putCode == "" {
		var putCodes []string
		for _, e := range g.entries {
			putCodes = append(putCodes, e.putCode)
		}
		where = "the group of put-codes " + strings.Join(putCodes, ", ")
	}
	return record.Warning{Identity: "orcid:" + orcid,
		Message: fmt.Sprintf("%s lists a malformed DOI %q: %v", where, x.value, err)}
}

// nameByDOI picks the DOI that names the work: the first, unless it is a
// preprint and a published DOI is also listed. The rest become aliases,
// and the entry listing the chosen DOI speaks for the work.
func (w *orcidWork) nameByDOI(dois []doiCandidate) {
	pick := 0
	if r, ok := record.DOIRepository(dois[0].doi); ok && r.Preprint {
		if i := slices.IndexFunc(dois, func(c doiCandidate) bool { return !record.IsPreprintDOI(c.doi) }); i > 0 {
			pick = i
			w.why = fmt.Sprintf("doi:%s is a %s preprint; the group also holds doi:%s, its published version, which names the work", dois[0].doi, r.Name, dois[i].doi)
		}
	}
	if e := dois[pick].entry; e >= 0 {
		w.chosen = e
		if e > 0 && w.why == "" { // not the owner's preferred entry: say why
			w.why = fmt.Sprintf("put-code %s lists doi:%s, which names the work; the owner's preferred entry, put-code %s, does not", w.group.entries[e].putCode, dois[pick].doi, w.group.entries[0].putCode)
		}
	}
	w.ids.DOI = dois[pick].doi
	for i, c := range dois {
		if i != pick {
			w.aliases = append(w.aliases, c.doi)
		}
	}
}

// fillORCIDIDs adds the non-DOI identifiers from self ids in the given
// order: the first well-formed one of each kind wins; ISBNs accumulate.
func fillORCIDIDs(ids record.IDs, order []orcidID) record.IDs {
	for _, x := range order {
		if x.relation != "self" {
			continue
		}
		switch x.kind {
		case "arxiv":
			ids.ArXiv = firstNormalized(ids.ArXiv, x.value, manifest.NormalizeArXiv)
		case "pmid":
			ids.PMID = firstNormalized(ids.PMID, x.value, manifest.NormalizePMID)
		case "pmc":
			ids.PMCID = firstNormalized(ids.PMCID, x.value, manifest.NormalizePMCID)
		case "isbn":
			ids.ISBN = appendNew(ids.ISBN, x.value)
		}
	}
	return ids
}

// firstNormalized keeps have when set, else takes v if it normalizes: a
// malformed id never displaces a later good one.
func firstNormalized(have, v string, normalize func(string) (string, error)) string {
	if have != "" {
		return have
	}
	if n, err := normalize(v); err == nil {
		return n
	}
	return ""
}

// detach keeps what the work needs of the works summary, in its own
// copies, and drops the rest: the entries' summaries and the identifiers
// as gjson reads them are pieces of the whole summary, which a read in
// steps would otherwise hold until its last page of details (at 50,000
// works, every record's summary at once).
func (w *orcidWork) detach() {
	if s := w.entry().summary; s != nil { // nil: detached already
		w.summary = nil
		if raw, err := json.Marshal(orcidRecord(*s)); err == nil {
			w.summary = raw
		}
	}
	for i := range w.group.entries {
		w.group.entries[i].summary = nil
	}
	w.group.ids = nil
	w.ids = service.DetachedIDs(w.ids)
	w.aliases = service.ClonedStrings(w.aliases)
	w.version = service.ClonedStrings(w.version)
}

// discoveredFromSummary builds the work from the chosen entry's summary,
// when the bulk answer gave no details.
func (w orcidWork) discoveredFromSummary(orcid string) service.Discovered {
	var rec record.Record
	if err := json.Unmarshal(w.summary, &rec); err != nil {
		rec = record.Record{} // never: detach encoded it
	}
	return w.discoveredAs(orcid, rec)
}

// discoveredAs builds the work from rec, its chosen entry's record: the
// identifiers and relations are the group's, as the summary gives them.
func (w orcidWork) discoveredAs(orcid string, rec record.Record) service.Discovered {
	e := w.entry()
	rec.IDs = w.ids
	rec.Relations = nil
	for _, doi := range w.version {
		if doi != w.ids.DOI {
			rec.Relations = append(rec.Relations, record.Relation{Type: "is-version-of", ID: "doi:" + doi})
		}
	}
	for _, doi := range w.aliases {
		rel := "is-identical-to" // ORCID grouped them: one work, two DOIs
		if record.IsPreprintDOI(doi) && !record.IsPreprintDOI(w.ids.DOI) {
			rel = "has-preprint"
		}
		rec.Relations = append(rec.Relations, record.Relation{Type: rel, ID: "doi:" + doi})
	}
	d := service.Discovered{
		ID:      orcidWorkIdentity(orcid, e.putCode, rec.IDs),
		Summary: rec,
		Source:  fmt.Sprintf("orcid:%s put-code %s", orcid, e.putCode),
	}
	if len(w.group.entries) > 1 || len(w.aliases) > 0 {
		why := w.why
		if why == "" {
			why = defaultORCIDChoice(w.group)
		}
		g := &service.Group{Chosen: why, Aliases: prefixed("doi:", w.aliases)}
		add := func(x orcidEntry) {
			g.PutCodes = append(g.PutCodes, x.putCode)
			g.Sources = append(g.Sources, x.source)
		}
		add(e)
		for i, x := range w.group.entries {
			if i != w.chosen {
				add(x)
			}
		}
		d.Group = g
	}
	return d
}

// orcidRecord maps a work or work-summary document. The publication date
// is the record's publication-date only: last-modified and created dates
// say when the entry was edited, never when the work appeared.
func orcidRecord(w gjson.Result) record.Record {
	rec := record.Record{
		Title:     markup.PlainText(w.Get("title.title.value").String()),
		Container: strings.TrimSpace(w.Get("journal-title.value").String()),
		Type:      record.CSLType(w.Get("type").String()),
		Genre:     record.CSLGenre(w.Get("type").String()),
		Issued: record.NewDate(
			int(w.Get("publication-date.year.value").Int()),
			int(w.Get("publication-date.month.value").Int()),
			int(w.Get("publication-date.day.value").Int())),
		URL:      orcidWorkURL(w.Get("url.value").String()),
		Abstract: markup.AbstractText(w.Get("short-description").String()),
	}
	rec.Authors, rec.Editors = orcidContributors(w.Get("contributors.contributor"))
	if c := strings.TrimSpace(w.Get("citation.citation-value").String()); c != "" {
		kind := strings.TrimSpace(w.Get("citation.citation-type").String())
		rec.Extra = append(rec.Extra, record.Annotation{Name: "citation:" + kind, Value: c})
	}
	return rec
}

// orcidAggregatorHosts are citation indexes and profile sites whose record
// pages ORCID entries carry as the work's url: a work imported with ORCID's
// Scopus search-and-link wizard points at
// http://www.scopus.com/inward/record.url?eid=…&partnerID=MN8TOARS (the
// example record's works, examples/replay/pub.orcid.org), Web of Science
// imports at its gateway (https://github.com/ORCID/ORCID-Source/issues/6200
// lists both forms). Such a page is the index's record of the work, behind
// a subscription for Scopus and Web of Science, not the work's landing
// page; citations printing it send readers to a paywall, so the url is not
// taken (a DOI'd work is linked by its DOI).
var orcidAggregatorHosts = []string{
	"scopus.com", "webofscience.com", "webofknowledge.com", "isiknowledge.com",
	"researchgate.net", "academia.edu",
}

// orcidWorkURL is an ORCID work's url, or "" when it is an aggregator's
// record page (orcidAggregatorHosts, Google Scholar on any country domain).
func orcidWorkURL(raw string) string {
	raw = strings.TrimSpace(raw)
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	host := strings.ToLower(u.Hostname())
	if strings.HasPrefix(host, "scholar.google.") {
		return ""
	}
	for _, h := range orcidAggregatorHosts {
		if host == h || strings.HasSuffix(host, "."+h) {
			return ""
		}
	}
	return raw
}

// orcidContributors lists the authors and the editors of a work as its
// ORCID entry gives them: an edited book its owner lists names them with
// the role "editor" (whether the work is cited with them is its type's
// question, record.EditorsCited at the merge). Translators are neither;
// a person listed once per CRediT role is listed once.
func orcidContributors(list gjson.Result) (authors, editors []record.Author) {
	list.ForEach(func(_, c gjson.Result) bool {
		to := &authors
		switch strings.ToLower(c.Get("contributor-attributes.contributor-role").String()) {
		case "editor":
			to = &editors
		case "chair-or-translator":
			return true
		}
		a := record.Author{
			Name:  strings.Join(strings.Fields(c.Get("credit-name.value").String()), " "),
			ORCID: wire.StripORCID(c.Get("contributor-orcid.path").String()),
		}
		if a.Name == "" && a.ORCID == "" {
			return true
		}
		if !slices.ContainsFunc(*to, func(b record.Author) bool {
			return (a.ORCID != "" && a.ORCID == b.ORCID) || (a.ORCID == "" && b.ORCID == "" && a.Name == b.Name)
		}) {
			*to = append(*to, a)
		}
		return true
	})
	return authors, editors
}

// missingDetail is a put-code the bulk answer had no work for.
type missingDetail struct{ putCode, why string }

// orcidBulkAnswer is what one bulk page said besides the works it filed:
// the registry's error messages, and what it held that no one asked.
type orcidBulkAnswer struct {
	errs   []string
	strays []string        // put-codes of works not asked
	twice  map[string]bool // asked put-codes two different works carry
}

// suspect says whether the page holds a work that is evidence for no
// one: then a put-code it lacks may be a stray under a wrong label.
func (a orcidBulkAnswer) suspect() bool { return len(a.strays) > 0 || len(a.twice) > 0 }

// held says what made the page suspect, for a put-code it lacked.
func (a orcidBulkAnswer) held() string {
	if len(a.strays) == 0 {
		return "gave another put-code two different works"
	}
	return "held works for put-codes not asked (" + service.StrayList(a.strays) + ")"
}

// orcidBulk asks for one chunk of put-codes and files each work found by
// its put-code. The answer is {"bulk":[{"work":{…}}|{"error":{…}}]}; the
// errors' messages are returned to explain the put-codes left out. A work
// is evidence only for the put-code it carries, and only when it is the
// one work that does: a work for a put-code not asked is filed nowhere
// (it could otherwise stand in for a work of another page), and a
// put-code two different works carry is filed for neither.
func orcidBulk(ctx context.Context, env service.Env, base string, chunk []string, found map[string]gjson.Result) (orcidBulkAnswer, error) {
	a := orcidBulkAnswer{twice: map[string]bool{}}
	ans, err := service.Get(ctx, env, base+"/works/"+strings.Join(chunk, ","), "application/json")
	if err != nil {
		return a, err
	}
	if ans.Status < 200 || ans.Status > 299 {
		return a, &service.StatusError{Provider: "orcid", Code: ans.Status}
	}
	if !gjson.ValidBytes(ans.Body) {
		return a, service.Malformed("orcid", "bulk works answer is not valid JSON")
	}
	bulk := gjson.GetBytes(ans.Body, "bulk")
	if !bulk.IsArray() {
		return a, service.Malformed("orcid", "bulk works answer has no bulk list")
	}
	bulk.ForEach(func(_, item gjson.Result) bool {
		if w := item.Get("work"); w.Exists() {
			a.file(chunk, w, found)
		} else if e := item.Get("error"); e.Exists() {
			a.errs = append(a.errs, strings.Clone(strings.TrimSpace(cmp.Or(e.Get("developer-message").String(), e.Get("user-message").String())))) // a piece of the page otherwise
		}
		return true
	})
	for pc := range a.twice {
		delete(found, pc)
	}
	return a, nil
}

// file files work w under the put-code it carries, when that was asked
// and no different work carries it.
func (a *orcidBulkAnswer) file(chunk []string, w gjson.Result, found map[string]gjson.Result) {
	pc := w.Get("put-code").String()
	switch kept, seen := found[pc]; {
	case !slices.Contains(chunk, pc):
		a.strays = append(a.strays, strings.Clone(cmp.Or(pc, "a work with no put-code")))
	case seen && kept.Raw != w.Raw:
		a.twice[pc] = true
	default:
		found[pc] = w
	}
}

// orcidWorkAlone asks the registry for one work's details, /work/{put-code},
// when a bulk page left it in doubt. A failed request is the error (the
// details are one answer, as a bulk page's failure fails them); a work the
// registry does not have, or an answer filed under another put-code, is
// why it has no details, and its summary is used.
func orcidWorkAlone(ctx context.Context, env service.Env, base, putCode string) (work gjson.Result, why string, err error) {
	ans, err := service.Get(ctx, env, base+"/work/"+putCode, "application/json")
	switch {
	case err != nil:
		return gjson.Result{}, "", err
	case wire.IsNotFound(ans.Status):
		return gjson.Result{}, "asked alone, the registry has no such work", nil
	case ans.Status < 200 || ans.Status > 299:
		return gjson.Result{}, "", &service.StatusError{Provider: "orcid", Code: ans.Status}
	case !gjson.ValidBytes(ans.Body):
		return gjson.Result{}, "", service.Malformed("orcid", "work answer is not valid JSON")
	}
	work = gjson.ParseBytes(ans.Body)
	if got := work.Get("put-code").String(); got != putCode {
		return gjson.Result{}, fmt.Sprintf("asked alone, the answer is put-code %q's", service.CleanText(got)), nil
	}
	return work, "", nil
}

// orcidMissing lists the chunk's put-codes with no work in the answer, each
// with the registry's error that names it when there is one, so the warning
// says why.
func orcidMissing(chunk []string, found map[string]gjson.Result, errs []string) []missingDetail {
	var missing []missingDetail
	for _, pc := range chunk {
		if _, ok := found[pc]; ok {
			continue
		}
		why := "no entry in the answer"
		if i := slices.IndexFunc(errs, func(m string) bool { return strings.Contains(m, "'"+pc+"'") }); i >= 0 {
			why = errs[i]
		}
		missing = append(missing, missingDetail{pc, why})
	}
	return missing
}

// orcidPerson reads the record's name: /v3.0/{orcid}/person. A record
// whose name is private answers with no name; that is not an error. With
// the CV asked (env.CV) it asks /v3.0/{orcid}/record instead, one request
// all the same: its "person" is the /person document, and its
// "activities-summary" holds the CV sections (orcidCV).
func orcidPerson(ctx context.Context, env service.Env, base, orcid string) (*record.Owner, error) {
	path, within := "/person", ""
	if env.CV {
		path, within = "/record", "person."
	}
	ans, err := service.Get(ctx, env, base+path, "application/json")
	switch {
	case err != nil:
		return nil, err
	case ans.Status < 200 || ans.Status > 299:
		return nil, &service.StatusError{Provider: "orcid", Code: ans.Status}
	case !gjson.ValidBytes(ans.Body):
		return nil, service.Malformed("orcid", strings.TrimPrefix(path, "/")+" answer is not valid JSON")
	}
	doc := gjson.ParseBytes(ans.Body)
	p := &record.Owner{
		ORCID:  orcid,
		Given:  strings.TrimSpace(doc.Get(within + "name.given-names.value").String()),
		Family: strings.TrimSpace(doc.Get(within + "name.family-name.value").String()),
		Credit: strings.TrimSpace(doc.Get(within + "name.credit-name.value").String()),
	}
	p.Given, p.Family = wire.StructuredName(p.Given, p.Family)
	doc.Get(within + "other-names.other-name").ForEach(func(_, n gjson.Result) bool {
		if s := strings.TrimSpace(n.Get("content").String()); s != "" {
			p.Other = appendNew(p.Other, s)
		}
		return true
	})
	p.Links = personLinks(doc, within)
	if env.CV {
		p.CV = orcidCV(doc.Get("activities-summary"))
	}
	return p, nil
}

// orcidWorkIdentity picks the identity a work is known by: its DOI, else
// arXiv id, PMID, PMCID (manifest.WorkIDKinds), else the record's own
// put-code.
func orcidWorkIdentity(orcid, putCode string, ids record.IDs) manifest.Identity {
	for k := range manifest.WorkIDKinds() { // in the order an identity is preferred
		if v := k.Get(&ids); v != "" {
			return manifest.Identity{Kind: k.Kind, Value: v}
		}
	}
	return manifest.Identity{Kind: manifest.KindORCIDWork, Value: orcid + "/" + putCode}
}

func prefixed(prefix string, list []string) []string {
	var out []string
	for _, s := range list {
		out = append(out, prefix+s)
	}
	return out
}

func appendNew(list []string, v string) []string {
	if v == "" || slices.Contains(list, v) {
		return list
	}
	return append(list, v)
}
