package orchestrator

import (
	"slices"

	"github.com/aboutscholar/about/providers"
)

// Requests that add nothing are not made. Two sources are redundant when
// another answered:
//
//   - doi.org content negotiation, when the registrar's own REST record is
//     in hand: DOIs of agencies with a provider of their own (Crossref,
//     DataCite) are never sent to doi.org; it serves only agencies nobody
//     else serves (route.go).
//   - Unpaywall, when OpenAlex gave the work's open-access status: since
//     2025 Unpaywall is built on OpenAlex's own data, so its OA location,
//     licence and status say what OpenAlex's open_access block said. Its
//     job for a work waits for OpenAlex's answer and is dropped when that
//     answer carries the status (open with a location, or closed); when
//     OpenAlex has no record, or failed, Unpaywall is asked.
//
// Either way the user's explicit choice wins: a provider named in the
// manifest's providers list or on --only is always asked.

// redundantUnpaywall reports whether Unpaywall's jobs may be skipped in
// this run: both providers were chosen by default, not by name.
func redundantUnpaywall(specs []providers.Spec, explicit bool) bool {
	has := func(name string) bool {
		return slices.ContainsFunc(specs, func(s providers.Spec) bool { return s.Name == name })
	}
	return !explicit && has(providers.OpenAlex.Name) && has(providers.Unpaywall.Name)
}

// openAlexGaveOA reports whether OpenAlex's answer already holds what
// Unpaywall would say about the work.
func openAlexGaveOA(o Outcome) bool {
	if o.Status != providers.Found || o.Result.Record == nil || o.Result.Record.OA == nil {
		return false
	}
	oa := o.Result.Record.OA
	return oa.Status != "" || oa.URL != ""
}
