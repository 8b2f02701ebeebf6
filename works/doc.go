// Package works is the pure core of what a work is. It has one way in
// for a fetch and one for check, both in build.go, which reads top to
// bottom in the order a run goes:
//
//   - Run: each ORCID record's expansion file (Record, HeldRemovals),
//     each work's documents as its jobs finish (Add: sources → written
//     or not → document by precedence → previous conflicts kept →
//     same-name check), the published versions to follow (FollowUps),
//     and, once every work is in, the links among works and each work
//     file with its decisions (Link, Linked.File).
//   - Recheck: the same merge and link pass over a committed folder's
//     files, for check --offline (File, Links, Manifest), so fetch and
//     check run one code path.
//
// Behind them: from each provider's record of one work the merged
// record, its provenance and the conflicts between providers (merge.go,
// conflicts.go, licence.go), with the manifest's overrides applied
// (document.go); which works are one entry (link.go: same-as, versions,
// preprints, a work typed by hand beside its DOI in handtyped.go); works
// of a same-name stranger (samename.go); the previous snapshot's values
// kept where a run learned nothing (sources.go for works, expansion.go
// and held.go for ORCID records); the re-merge and re-link of a written
// document (remerge.go, relink.go).
//
// It does no I/O, reads no clock and starts no goroutine. Which provider
// wins comes in as data (Precedence, from the registry), so it never
// imports the provider adapters; asking the services, pacing and writing
// files are the orchestrator's, and reading the folder is check's.
package works
