package orchestrator

import (
	"slices"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
)

// previousRead is what the last snapshot says of an ORCID record's
// entries, for the expansion to ask only about entries edited since
// (service.Previous). An entry's record is taken from its work's file
// only when this record is the work's one ORCID origin, so the work's
// ORCID source is this entry's; anything unreadable or unlike is not
// known, and its details are asked. Any expansion (a dblp person too) is
// also told each work's last record from its provider (Source).
func previousRead(d snapshots.Dir, e manifest.Entry) service.Previous {
	source := func(provider string, work manifest.Identity) *record.Record { return sourceOf(d, work, provider) }
	var exp snapshots.Expansion
	if snapshots.Read(d.ExpansionPath(e.Identity), &exp) != nil || len(exp.Entries) == 0 {
		return service.Previous{Source: source}
	}
	entries := make(map[string]snapshots.ExpansionEntry, len(exp.Entries))
	for _, x := range exp.Entries {
		entries[x.Work] = x
	}
	prev := service.Previous{Source: source, Entry: func(work manifest.Identity, putCode string, modified int64) *record.Record {
		x, ok := entries[work.Key()]
		if !ok || x.PutCode != putCode || x.Modified != modified {
			return nil
		}
		return orcidSourceOf(d, work, e.Key())
	}}
	if n := exp.Name; n != nil {
		prev.Owner = &record.Owner{ORCID: e.Value, Given: n.Given, Family: n.Family, Credit: n.Credit}
	}
	return prev
}

// orcidSourceOf is the ORCID record in work's last file, when record (an
// ORCID key) is its one ORCID origin; nil otherwise.
func orcidSourceOf(d snapshots.Dir, work manifest.Identity, orcid string) *record.Record {
	var prev snapshots.Work
	if snapshots.Read(d.WorkPath(work), &prev) != nil {
		return nil
	}
	var orcids []string
	for _, o := range prev.Origins {
		if strings.HasPrefix(o, "orcid:") {
			orcids = append(orcids, o)
		}
	}
	if !slices.Equal(orcids, []string{orcid}) {
		return nil
	}
	i := slices.IndexFunc(prev.Sources, func(s snapshots.Source) bool { return s.Provider == "orcid" })
	if i < 0 || prev.Sources[i].Status != string(record.Found) || prev.Sources[i].Record == nil {
		return nil
	}
	return prev.Sources[i].Record
}

// sourceOf is provider's record in work's last file, when it was found
// then; nil otherwise.
func sourceOf(d snapshots.Dir, work manifest.Identity, provider string) *record.Record {
	var prev snapshots.Work
	if snapshots.Read(d.WorkPath(work), &prev) != nil {
		return nil
	}
	i := slices.IndexFunc(prev.Sources, func(s snapshots.Source) bool { return s.Provider == provider })
	if i < 0 || prev.Sources[i].Status != string(record.Found) {
		return nil
	}
	return prev.Sources[i].Record
}

// addEntry notes which entry's details speak for work k (the first group
// naming the work, as its summary is the first seen); entered is the
// works exp.Entries names.
func addEntry(exp *snapshots.Expansion, entered map[string]bool, k string, read *service.EntryRead) {
	if read == nil || entered[k] {
		return
	}
	entered[k] = true
	exp.Entries = append(exp.Entries, snapshots.ExpansionEntry{Work: k, PutCode: read.PutCode, Modified: read.Modified})
}

// entriesOf is the works entries name.
func entriesOf(entries []snapshots.ExpansionEntry) map[string]bool {
	set := make(map[string]bool, len(entries))
	for _, e := range entries {
		set[e.Work] = true
	}
	return set
}
