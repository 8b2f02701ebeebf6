package providers

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/manifest"
)

const orcidAPI = "/v3.0/"

// ORCID expands an ORCID iD into the works on its public record, one work
// per ORCID group, each with the record's own summary (title, type, date,
// identifiers) so works without a DOI still have an entry.
var ORCID = Spec{
	Name:  "orcid",
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
	Fetch:       One(fetchORCID),
}

func fetchORCID(ctx context.Context, env Env, id manifest.Identity) Result {
	// Plain JSON gives the same v3.0 document as the vendor type, and is what
	// the recorded answers were made with.
	return GetJSONRecord(ctx, env, "orcid", env.Base+orcidAPI+id.Value+"/works", func(doc gjson.Result) (Result, error) {
		return parseORCIDWorks(id.Value, doc)
	})
}

// parseORCIDWorks reads a /v3.0/{orcid}/works summary: {"group":[{
// "external-ids":…, "work-summary":[…]}]}. The first work-summary of a group
// is the one the record's owner prefers (ORCID sorts by display index).
func parseORCIDWorks(orcid string, doc gjson.Result) (Result, error) {
	groups := doc.Get("group")
	if !groups.IsArray() {
		return Result{}, Malformed("orcid", "works summary has no group list")
	}
	res := Result{Status: Found, Record: &Record{}}
	groups.ForEach(func(_, g gjson.Result) bool {
		summary := g.Get("work-summary.0")
		if !summary.Exists() {
			return true
		}
		putCode := summary.Get("put-code").String()
		rec, warnings := orcidSummary(orcid, putCode, summary, g.Get("external-ids.external-id"))
		res.Warnings = append(res.Warnings, warnings...)
		res.Discovered = append(res.Discovered, Discovered{
			ID:      orcidWorkIdentity(orcid, putCode, rec.IDs),
			Summary: rec,
			Source:  fmt.Sprintf("orcid:%s put-code %s", orcid, putCode),
		})
		return true
	})
	return res, nil
}

// orcidWorkIdentity picks the identity a work is known by: its DOI, else
// arXiv id, PMID, PMCID, else the record's own put-code.
func orcidWorkIdentity(orcid, putCode string, ids IDs) manifest.Identity {
	switch {
	case ids.DOI != "":
		return manifest.Identity{Kind: manifest.KindDOI, Value: ids.DOI}
	case ids.ArXiv != "":
		return manifest.Identity{Kind: manifest.KindArXiv, Value: ids.ArXiv}
	case ids.PMID != "":
		return manifest.Identity{Kind: manifest.KindPMID, Value: ids.PMID}
	case ids.PMCID != "":
		return manifest.Identity{Kind: manifest.KindPMCID, Value: ids.PMCID}
	}
	return manifest.Identity{Kind: manifest.KindORCIDWork, Value: orcid + "/" + putCode}
}

// orcidSummary maps a work-summary; identifiers come from the summary's own
// self external ids, then the group's.
func orcidSummary(orcid, putCode string, s, groupIDs gjson.Result) (Record, []Warning) {
	rec := Record{
		Title:     PlainText(s.Get("title.title.value").String()),
		Container: strings.TrimSpace(s.Get("journal-title.value").String()),
		Type:      CSLType(s.Get("type").String()),
		Issued: NewDate(
			int(s.Get("publication-date.year.value").Int()),
			int(s.Get("publication-date.month.value").Int()),
			int(s.Get("publication-date.day.value").Int())),
		URL: s.Get("url.value").String(),
	}
	var warnings []Warning
	read := func(ext gjson.Result) {
		ext.ForEach(func(_, e gjson.Result) bool {
			if rel := e.Get("external-id-relationship").String(); rel != "" && rel != "self" {
				return true
			}
			value := strings.TrimSpace(e.Get("external-id-value").String())
			if norm := e.Get("external-id-normalized.value").String(); norm != "" {
				value = norm
			}
			switch strings.ToLower(e.Get("external-id-type").String()) {
			case "doi":
				if rec.IDs.DOI != "" {
					break
				}
				doi, err := manifest.NormalizeDOI(value)
				if err != nil {
					warnings = append(warnings, Warning{
						Identity: "orcid:" + orcid,
						Message:  fmt.Sprintf("put-code %s lists a malformed DOI %q: %v", putCode, value, err),
					})
					break
				}
				rec.IDs.DOI = doi
			case "arxiv":
				if v, err := manifest.NormalizeArXiv(value); err == nil && rec.IDs.ArXiv == "" {
					rec.IDs.ArXiv = v
				}
			case "pmid":
				if v, err := manifest.NormalizePMID(value); err == nil && rec.IDs.PMID == "" {
					rec.IDs.PMID = v
				}
			case "pmc":
				if v, err := manifest.NormalizePMCID(value); err == nil && rec.IDs.PMCID == "" {
					rec.IDs.PMCID = v
				}
			case "isbn":
				rec.IDs.ISBN = appendNew(rec.IDs.ISBN, value)
			}
			return true
		})
	}
	read(s.Get("external-ids.external-id"))
	read(groupIDs)
	return rec, warnings
}

func appendNew(list []string, v string) []string {
	for _, have := range list {
		if have == v {
			return list
		}
	}
	return append(list, v)
}
