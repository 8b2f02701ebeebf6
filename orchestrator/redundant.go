package orchestrator

import (
	"slices"

	"github.com/aboutscholar/about/providers/service"
)

// Requests that add nothing are not made. Two sources are redundant when
// another answered:
//
//   - doi.org content negotiation, when the registrar's own REST record is
//     in hand: DOIs of agencies with a provider of their own (Crossref,
//     DataCite) are never sent to doi.org; it serves only agencies nobody
//     else serves (route.go, Spec.AgencyFallback).
//   - a provider that declares a Redundancy (Unpaywall, after OpenAlex):
//     its job for a work waits for the other provider's answer and is
//     dropped when that answer already says it all; when the other has no
//     record, or failed, it is asked.
//
// Either way the user's explicit choice wins: a provider named in the
// manifest's providers list or on --only is always asked.

// redundancies are the selected providers whose jobs may be skipped in
// this run, by name: those chosen by default, not by name, whose awaited
// provider is selected too.
func redundancies(specs []service.Spec, explicit bool) map[string]*service.Redundancy {
	if explicit {
		return nil
	}
	gates := map[string]*service.Redundancy{}
	for _, s := range specs {
		if r := s.Redundant; r != nil && slices.ContainsFunc(specs, func(o service.Spec) bool { return o.Name == r.After }) {
			gates[s.Name] = r
		}
	}
	return gates
}

// covered reports whether the answer d waits for makes d's own redundant.
func covered(d *job, gate *reply) bool {
	if d.chained {
		return chainCovered(d, gate)
	}
	r := d.spec().Redundant
	return r != nil && r.Covered != nil && r.Covered(gate.result)
}
