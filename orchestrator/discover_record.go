package orchestrator

import (
	"cmp"
	"slices"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/works"
)

// Discovery's other way round: the works a dblp person or INSPIRE author
// of the manifest lists reach the page, but the ORCID record of the same
// person may lack them (works.Run.NotOnRecord). They are suggested for
// the record, under each researcher's not_on_record in unclaimed.json,
// with each listing's own id of them, whether the listing's page links
// the iD, and the discovery listings by the iD that name them too. No
// request is added: the listings and the record are read anyway.

// addToRecord is unclaimed.json's word on adding not_on_record's works to
// the ORCID record: no service adds them by itself (ORCID's auto-update
// brings only what Crossref and DataCite hold).
const addToRecord = "works under not_on_record are on the page through dblp or INSPIRE-HEP but not on the ORCID record, and no auto-update brings them: add them on orcid.org under Works, Add works: Search & link, or Import BibTeX with a .bib of them alone (about render --format bibtex writes every work's entry: delete the others first)"

// noteListedAs keeps the id a dblp or INSPIRE listing gives a work it
// lists (its Source, "<listing key> <id>").
func (p *workPlan) noteListedAs(listing, work, source string) {
	if strings.HasPrefix(listing, "orcid:") {
		return
	}
	if id, ok := strings.CutPrefix(source, listing+" "); ok && id != "" {
		p.listedAs[listing+"\n"+work] = id
	}
}

// addNotOnRecord puts what the run's works say each ORCID record lacks
// into the suggestions, once the link pass has decided the entries. A
// researcher whose record or paired listing was not read this run (or
// whose listing's provider --only leaves out) keeps last time's, as a
// failed discovery listing does.
func (rn *run) addNotOnRecord() {
	if !rn.m.Discover || rn.unclaimed == nil || rn.w == nil {
		return
	}
	var prev snapshots.Unclaimed
	_ = snapshots.Read(snapshots.Dir{Root: rn.dir}.UnclaimedPath(), &prev) // none yet, or unreadable: nothing to keep
	pairs := rn.core.SamePersons()
	rn.notOnRecordKept = map[string]bool{}
	for _, e := range rn.m.Identities {
		if e.Kind != manifest.KindORCID {
			continue
		}
		list, kept := rn.notOnRecordOf(e, pairs, prev)
		if len(list) == 0 {
			continue
		}
		rn.notOnRecordKept[e.Value] = kept
		i := slices.IndexFunc(rn.unclaimed.Researchers, func(r snapshots.UnclaimedResearcher) bool { return r.ORCID == e.Value })
		if i < 0 {
			rn.unclaimed.Researchers = append(rn.unclaimed.Researchers, snapshots.UnclaimedResearcher{ORCID: e.Value})
			i = len(rn.unclaimed.Researchers) - 1
		}
		rn.unclaimed.Researchers[i].NotOnRecord = list
		rn.unclaimed.AddToRecord = addToRecord
	}
	slices.SortFunc(rn.unclaimed.Researchers, func(a, b snapshots.UnclaimedResearcher) int { return cmp.Compare(a.ORCID, b.ORCID) })
}

// notOnRecordOf is one ORCID identity's not_on_record: this run's, or
// (kept) the previous file's when the record or a listing paired with it
// was not read.
func (rn *run) notOnRecordOf(e manifest.Entry, pairs map[string]string, prev snapshots.Unclaimed) (list []snapshots.NotOnRecordWork, kept bool) {
	var last []snapshots.NotOnRecordWork
	for _, r := range prev.Researchers {
		if r.ORCID == e.Value {
			last = r.NotOnRecord
		}
	}
	// The listings it is paired with now, and those last run's list
	// names: a listing unread this run may be paired by its own link,
	// which only reading it tells.
	listers := map[string]bool{}
	for lister, orcid := range pairs {
		listers[lister] = listers[lister] || orcid == e.Key()
	}
	for _, w := range last {
		for _, l := range w.Listed {
			listers[l.Listing] = true
		}
	}
	complete := !rn.plan.unread[e.Key()]
	for lister, mine := range listers {
		id, err := manifest.ParseKey(lister)
		complete = complete && (!mine || err == nil && !rn.plan.unread[lister] && !slices.Contains(rn.leftOut, string(id.Kind)))
	}
	if !complete {
		return last, len(last) > 0
	}
	nameCheck := func(a record.Author) string { return rn.core.NameCheck(e.Key(), a) }
	jobs := rn.listingsOf(e.Identity)
	for _, m := range rn.w.notOnRecord {
		if m.ORCID != e.Key() {
			continue
		}
		w := snapshots.NotOnRecordWork{Work: m.Work, DOI: m.DOI, ArXiv: m.ArXiv, Title: m.Title, Year: m.Year}
		for _, l := range m.Listed {
			w.Listed = append(w.Listed, snapshots.ListedIn{Listing: l.Listing, Record: rn.plan.listedAs[l.Listing+"\n"+l.Work], Work: l.Work, LinksORCID: l.ByLink})
		}
		if m.DOI != "" {
			w.Evidence = claimsOf(jobs, m.DOI, nameCheck)
		}
		list = append(list, w)
	}
	return list, false
}

// claimsOf is the evidence of each discovery listing that names doi.
func claimsOf(jobs []*job, doi string, nameCheck func(record.Author) string) []snapshots.Evidence {
	var out []snapshots.Evidence
	for _, j := range jobs {
		if j.ans == nil || j.ans.result.Listing == nil {
			continue
		}
		for _, c := range j.ans.result.Listing.Claims {
			if strings.EqualFold(c.DOI, doi) {
				out = append(out, evidenceOf(j.spec().Name, c, nameCheck))
				break
			}
		}
	}
	slices.SortStableFunc(out, func(a, b snapshots.Evidence) int { return cmp.Compare(a.Provider, b.Provider) })
	return out
}

// reportNotOnRecord is not_on_record as the story tells it: a line a
// researcher.
func (rn *run) reportNotOnRecord(u *snapshots.Unclaimed) []report.NotOnRecord {
	var out []report.NotOnRecord
	for _, r := range u.Researchers {
		if len(r.NotOnRecord) == 0 {
			continue
		}
		n := report.NotOnRecord{ORCID: r.ORCID, Works: len(r.NotOnRecord), Kept: rn.notOnRecordKept[r.ORCID]}
		for _, w := range r.NotOnRecord {
			if len(w.Evidence) > 0 {
				n.AlsoListed++
			}
			for _, l := range w.Listed {
				if !slices.Contains(n.Listings, l.Listing) {
					n.Listings = append(n.Listings, l.Listing)
				}
				if l.LinksORCID && !slices.Contains(n.ByLink, l.Listing) {
					n.ByLink = append(n.ByLink, l.Listing)
				}
			}
		}
		slices.Sort(n.Listings)
		slices.Sort(n.ByLink)
		out = append(out, n)
	}
	return out
}

// notePersonLinks keeps the addresses an ORCID record read this run links
// other profiles by.
func (p *workPlan) notePersonLinks(e manifest.Entry, person *record.Owner) {
	if e.Kind == manifest.KindORCID && person != nil && len(person.Links) > 0 {
		p.personLinks[e.Key()] = person.Links
	}
}

// unnamedProfiles is the dblp persons and INSPIRE authors the manifest's
// ORCID records link (their researcher URLs, read with the name: no
// request of its own) that the manifest does not name, in manifest then
// record order: each a listing that would put that person's works on the
// page. An address that names no identity the manifest takes (dblp's
// older name-based page, an INSPIRE profile's record number) is told only
// when the manifest names no listing of that kind for the person.
func (rn *run) unnamedProfiles() []report.ProfileLink {
	named := map[string]bool{}
	for _, e := range rn.m.Identities {
		named[e.Key()] = true
	}
	hasKind := map[string]bool{} // ORCID key + " " + kind of a listing paired with it
	for lister, orcid := range rn.core.SamePersons() {
		if id, err := manifest.ParseKey(lister); err == nil {
			hasKind[orcid+" "+string(id.Kind)] = true
		}
	}
	var out []report.ProfileLink
	for _, e := range rn.m.Identities {
		if e.Kind != manifest.KindORCID {
			continue
		}
		for _, l := range works.ProfileLinks(rn.plan.personLinks[e.Key()]) {
			if l.Value != "" && named[manifest.Identity{Kind: l.Kind, Value: l.Value}.Key()] || l.Value == "" && hasKind[e.Key()+" "+string(l.Kind)] {
				continue
			}
			out = append(out, report.ProfileLink{ORCID: e.Value, Member: rn.memberOf(e.Value), Kind: string(l.Kind), Value: l.Value, URL: l.URL})
		}
	}
	return out
}

// memberOf is the name of the lab's [[member]] with iD orcid, "" on a
// page with no lab.
func (rn *run) memberOf(orcid string) string {
	if rn.m.Lab == nil {
		return ""
	}
	for _, mem := range rn.m.Lab.Members {
		if mem.ORCID == orcid {
			return mem.Name
		}
	}
	return ""
}
