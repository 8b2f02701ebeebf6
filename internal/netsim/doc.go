// Package netsim simulates the scholarly services about asks, for
// measurements: an http.RoundTripper for in-process benchmarks
// (orchestrator/bench_test.go) and an HTTPS proxy that terminates TLS
// with its own CA, so the real binary can be run unmodified behind it
// (cmd/measure). The services speak each real protocol (ORCID works
// summaries and bulk details, doi.org's Which RA?, Crossref, DataCite and
// OpenAlex singles and lists, Europe PMC searches, the Semantic Scholar
// batch POST, Unpaywall) from synthetic records of realistic size, after a
// realistic service time per request.
//
// It is measurement code: nothing in the product imports it, only tests
// and its command. It keeps no package-level state.
package netsim
