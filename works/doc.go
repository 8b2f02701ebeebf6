// Package works is the pure core of what a work is: from each provider's
// record of one work it builds the merged record, its provenance and the
// conflicts between providers (merge.go, conflicts.go, licence.go). It
// does no I/O, reads no clock and starts no goroutine; which provider wins
// comes in as data (Precedence), so it never imports the provider
// adapters. Scheduling and asking the services is the orchestrator's.
package works
