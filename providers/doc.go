// Package providers declares the scholarly services about asks, as data:
// each provider's file is its service.Spec (host, pacing, timeouts, the
// identity kinds it accepts, its terms of use, how to build its requests
// and how to parse its answers, with gjson, into typed Records), and
// registry.go lists them and the order their fields win in a merge. What
// every adapter is built from (Spec, Env, Result, fetching, batching,
// staged expansion, listings) is package providers/service. It has no
// HTTP client of its own: a provider's Fetch is handed a Doer by the
// caller, which owns pacing, retries and the network. It holds adapters
// only: merging their records is the works package's.
package providers
