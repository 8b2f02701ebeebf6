package dblp

import (
	"cmp"
	"context"
	"sort"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/providers/wire"
	"github.com/aboutscholar/about/record"
)

// A person page gives a conference paper's venue as dblp's short
// booktitle ("NIPS", "ACL (1)"); the proceedings' full title is on the
// volume's own record, the paper's crossref (conf/nips/2017), one request
// a volume. Only the works no DOI names need it: a DOI's work takes its
// container from Crossref or DataCite, while arXiv names no venue for a
// paper dblp knows by its e-print, and none describes dblp's own works
// (dblp-work:<key>).

// volume is what a paper cites of the proceedings or book it appears in,
// as dblp's own BibTeX of the paper does: the volume's full title, its
// publisher and its editors.
type volume struct {
	Title     string
	Publisher string
	Editors   []record.Author
}

// volumeTitles are the volumes known, by their dblp key.
type volumeTitles map[string]volume

// volumesToAsk is the distinct crossref keys of the works of l that no
// DOI names and that sit in a volume, sorted, so a run asks in the same
// order whatever the page's.
func (l dblpListing) volumesToAsk() []string {
	seen := map[string]bool{}
	var keys []string
	for _, w := range l.Works {
		if w.Withdrawn || w.Crossref == "" || w.identity().Kind == manifest.KindDOI || !inVolume(w.Element) {
			continue
		}
		if !seen[w.Crossref] {
			seen[w.Crossref] = true
			keys = append(keys, w.Crossref)
		}
	}
	sort.Strings(keys)
	return keys
}

// inVolume: the record elements whose booktitle names the volume they
// appear in.
func inVolume(element string) bool { return element == "inproceedings" || element == "incollection" }

// volumeReads is the volumes a person page's works need: the titles
// known (kept by the last run, or read this run), the keys still to ask,
// and the warnings of the reads that failed.
type volumeReads struct {
	person   manifest.Identity
	titles   volumeTitles
	ask      []string
	warnings []record.Warning
}

// volumes is what l's works need, with the titles the last run kept: a
// paper whose last dblp record gave its volume's title beside the same
// booktitle as now tells that title, and its volume is not asked again.
func (l dblpListing) volumes(person manifest.Identity, prev service.Previous) *volumeReads {
	v := &volumeReads{person: person, titles: volumeTitles{}}
	if prev.Source != nil {
		for _, w := range l.Works {
			if w.Crossref == "" || !inVolume(w.Element) || v.titles[w.Crossref].Title != "" {
				continue
			}
			own, ok := w.identity(), true
			if own.Kind == "" {
				own, ok = manifest.DBLPWork(w.Key)
			}
			if !ok || own.Kind == manifest.KindDOI {
				continue
			}
			if last := prev.Source("dblp", own); last != nil && last.ContainerShort == w.Venue && last.Container != "" {
				v.titles[w.Crossref] = volume{Title: last.Container, Publisher: last.Publisher, Editors: last.Editors}
			}
		}
	}
	for _, key := range l.volumesToAsk() {
		if v.titles[key].Title == "" {
			v.ask = append(v.ask, key)
		}
	}
	return v
}

// steps are one request a volume to ask. A volume dblp does not know
// keeps the short name; one whose answer fails does too, with a warning
// for the run's story, and the reading goes on (the works are no less
// listed for it) unless the run is stopping.
func (v *volumeReads) steps() []service.Step {
	steps := make([]service.Step, 0, len(v.ask))
	for _, key := range v.ask {
		steps = append(steps, func(ctx context.Context, env service.Env) bool {
			got, err := askVolume(ctx, env, key)
			switch {
			case err != nil && ctx.Err() != nil:
				return false
			case err != nil:
				v.warnings = append(v.warnings, record.Warning{Identity: v.person.Key(), Message: "dblp's record of the volume " + key + " could not be read, so its papers show dblp's short name: " + err.Error(), Transient: true})
			case got.Title != "":
				v.titles[key] = got
			}
			return true
		})
	}
	return steps
}

// askVolume is dblp's record key (/rec/<key>.xml) as a volume, the zero
// volume when dblp knows no such volume.
func askVolume(ctx context.Context, env service.Env, key string) (volume, error) {
	ans, err := service.Get(ctx, env, env.Base+"/rec/"+escapePID(key)+".xml", "application/xml")
	if err != nil {
		return volume{}, err
	}
	switch {
	case wire.IsNotFound(ans.Status):
		return volume{}, nil
	case ans.Status < 200 || ans.Status > 299:
		return volume{}, &service.StatusError{Provider: "dblp", Code: ans.Status}
	}
	l, err := parseDBLP(ans.Body)
	if err != nil {
		return volume{}, err
	}
	return l.volumeOf(key), nil
}

// volumeOf is the proceedings or book of key an answer holds, the zero
// volume when it holds none.
func (l dblpListing) volumeOf(key string) volume {
	for _, w := range l.Works {
		if w.Key == key && (w.Element == "proceedings" || w.Element == "book") {
			v := volume{Title: w.Title, Publisher: w.Publisher}
			for _, e := range w.Editors {
				v.Editors = append(v.Editors, e.author())
			}
			return v
		}
	}
	return volume{}
}

// withVolumeTitles gives each work in a volume of known title that title
// as its venue, dblp's booktitle as the venue's short name, and the
// volume's publisher and editors.
func (l *dblpListing) withVolumeTitles(titles volumeTitles) {
	for i := range l.Works {
		w := &l.Works[i]
		v := titles[w.Crossref]
		if v.Title == "" || !inVolume(w.Element) {
			continue
		}
		if v.Title != w.Venue {
			w.VenueShort = w.Venue
		}
		w.Venue = v.Title
		w.Publisher = cmp.Or(w.Publisher, v.Publisher)
		w.VolumeEditors = v.Editors
	}
}
