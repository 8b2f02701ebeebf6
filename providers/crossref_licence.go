package providers

import (
	"strings"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/record"
)

// crossrefLicense is the licence under which a reader may use the work,
// from the license[] entries the publisher deposited. Each entry names
// the version it covers, content-version "Either vor (version of
// record,) am (accepted manuscript,) tdm (text and data mining) or
// unspecified" (Crossref's REST API format, License,
// https://github.com/CrossRef/rest-api-doc/blob/master/api_format.md#license),
// with a start date and delay-in-days from publication. The rule:
//
//   - vor first, then am: the licence of what a reader cites;
//   - never tdm: it is the terms for mining, not for reading (Springer
//     deposits its text-and-data-mining page for closed works);
//   - a vor or am entry whose URL is also the work's tdm URL is that
//     same mining policy put in every slot (the recorded Springer
//     chapter, 10.1007/978-3-662-46370-3_13, names
//     springernature.com/gp/researchers/text-and-data-mining as both), so
//     it is no licence either — unless it is a Creative Commons licence,
//     which covers mining and reading alike (the recorded Scientific
//     Reports article gives CC BY 4.0 for vor and tdm);
//   - unspecified only when it is a Creative Commons licence (PLOS ONE's
//     CC BY, 10.1371/journal.pone.0033693): a publisher's terms page
//     deposited as unspecified (Cambridge's core/terms for a closed
//     monograph) is the site's terms of use, not the work's licence;
//   - of several entries of one version, the one in force from
//     publication (delay-in-days 0) before one that starts later (an
//     embargo: the licence is not yet the work's on the day it appears);
//     an embargoed licence kept carries its start, so a reader sees
//     "CC BY from 2025-12-01", not an open work today.
func crossrefLicense(m gjson.Result) (string, record.Date) {
	tdm := map[string]bool{}
	m.Get("license").ForEach(func(_, l gjson.Result) bool {
		if l.Get("content-version").String() == "tdm" {
			tdm[licenceKey(l.Get("URL").String())] = true
		}
		return true
	})
	best, bestRank, start := "", 0, record.Date{}
	m.Get("license").ForEach(func(_, l gjson.Result) bool {
		u := strings.TrimSpace(l.Get("URL").String())
		open := isCreativeCommons(u)
		rank := 0
		switch l.Get("content-version").String() {
		case "vor":
			rank = 6
		case "am":
			rank = 4
		case "unspecified":
			if open {
				rank = 2
			}
		}
		if rank == 0 || u == "" || (tdm[licenceKey(u)] && !open) {
			return true
		}
		delayed := l.Get("delay-in-days").Int() > 0
		if !delayed {
			rank++ // in force from publication
		}
		if rank > bestRank {
			best, bestRank, start = u, rank, record.Date{}
			if delayed {
				p := l.Get("start.date-parts.0")
				start = record.NewDate(int(p.Get("0").Int()), int(p.Get("1").Int()), int(p.Get("2").Int()))
			}
		}
		return true
	})
	return best, start
}

// licenceKey is a licence URL as two deposits of it compare: no scheme,
// "www." or trailing slash, in lower case.
func licenceKey(u string) string {
	u = strings.ToLower(strings.TrimSpace(u))
	u = strings.TrimPrefix(strings.TrimPrefix(u, "https://"), "http://")
	return strings.TrimSuffix(strings.TrimPrefix(u, "www."), "/")
}

// isCreativeCommons reports a creativecommons.org licence or dedication.
func isCreativeCommons(u string) bool {
	return strings.HasPrefix(licenceKey(u), "creativecommons.org/")
}
