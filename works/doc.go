// Package works is the pure core of what a work is. From each provider's
// record of one work it builds the work's document: the merged record,
// its provenance and the conflicts between providers (merge.go,
// conflicts.go, licence.go), with the manifest's overrides applied
// (document.go). Over all works it decides which are one entry (link.go:
// same-as, versions, preprints, a work typed by hand beside its DOI in
// handtyped.go) and flags works of a same-name stranger (samename.go). It
// keeps the previous snapshot's values where a run learned nothing
// (sources.go for works, expansion.go for ORCID records) and re-merges a
// written document for check --offline (remerge.go), so fetch and check
// run one code path.
//
// It does no I/O, reads no clock and starts no goroutine. Which provider
// wins comes in as data (Precedence, from the registry), so it never
// imports the provider adapters; asking the services, pacing and writing
// files are the orchestrator's.
package works
