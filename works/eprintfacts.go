package works

import "github.com/aboutscholar/about/record"

// arXivProvider is the provider whose record describes an e-print.
const arXivProvider = "arxiv"

// publishedOverEPrint: a work known by its arXiv id that a service above
// arXiv types as published (dblp's or INSPIRE-HEP's proceedings paper,
// whose only identifier is its e-print) is that published version. What
// arXiv alone said of the e-print, arXiv as its publisher and the day it
// was posted, is not said of it: the publisher and date are the other
// services', or none. A work every service calls the e-print (CSL
// article) keeps them.
func publishedOverEPrint(out *record.Record, ordered []Named, from map[string]string) {
	if typedBy := from["type"]; typedBy == "" || typedBy == arXivProvider || out.Type == "article" {
		return
	}
	if from["publisher"] != arXivProvider && from["issued"] != arXivProvider {
		return
	}
	rest := make([]Named, 0, len(ordered))
	for _, n := range ordered {
		if n.Provider != arXivProvider {
			rest = append(rest, n)
		}
	}
	if from["publisher"] == arXivProvider {
		delete(from, "publisher")
		out.Publisher = note(from, "publisher", mergeText(rest, func(r *record.Record) string { return r.Publisher }))
	}
	if from["issued"] == arXivProvider {
		delete(from, "issued")
		out.Issued = note(from, "issued", mergeDate(rest))
	}
}
