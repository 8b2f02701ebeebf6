package cli

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
)

// loadManifest reads the manifest at path and holds its provider names
// against the registry; ABOUT_MAILTO fills a missing mailto.
func loadManifest(path string, getenv func(string) string) (*manifest.Manifest, error) {
	m, err := manifest.Load(path)
	if err != nil {
		return nil, usageError(err)
	}
	if err := checkProviderNames(m, providers.All()); err != nil {
		return nil, usageError(err)
	}
	if m.Mailto == "" {
		if v := strings.TrimSpace(getenv("ABOUT_MAILTO")); v != "" {
			if err := manifest.CheckMailto(v); err != nil {
				return nil, usageError(fmt.Errorf("ABOUT_MAILTO: %w", err), "set it to the e-mail address services may contact you at, e.g. ABOUT_MAILTO=ada@example.org")
			}
			m.Mailto = v
		}
	}
	return m, nil
}

// checkProviderNames holds the manifest's provider names (its providers
// list, counts_source and [intervals] keys) against the registry, which the manifest
// package does not know, so a typo is an error naming its line rather than
// a setting that silently does nothing. An interval may only slow a
// provider down: faster than its declared pace would break its terms.
func checkProviderNames(m *manifest.Manifest, registry []service.Spec) error {
	byName := map[string]service.Spec{}
	var known []string
	for _, s := range registry {
		byName[s.Name] = s
		known = append(known, s.Name)
	}
	unknown := func(key, name string) error {
		return &manifest.Error{File: m.Path, Line: m.Line(key), Value: name,
			Err:  fmt.Errorf("unknown provider %q (known: %s)", name, strings.Join(known, ", ")),
			Hint: "about providers lists them"}
	}
	for _, name := range m.Providers {
		if _, ok := byName[name]; !ok {
			return unknown("providers", name)
		}
	}
	if err := checkCountsSource(m, byName, known, registry); err != nil {
		return err
	}
	names := make([]string, 0, len(m.Intervals))
	for name := range m.Intervals {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		spec, ok := byName[name]
		if !ok {
			return unknown("intervals."+name, name)
		}
		if d := m.Intervals[name]; d < spec.MinInterval {
			return &manifest.Error{File: m.Path, Line: m.Line("intervals." + name), Value: d.String(),
				Err:  fmt.Errorf("intervals.%s = %q is faster than %s's declared pace of %s", name, d, spec.Title, spec.MinInterval),
				Hint: "intervals can only slow a provider down; " + spec.RateSource + " gives the service's limit"}
		}
	}
	return nil
}

// checkCountsSource holds counts_source to a provider that gives counts
// and, with a pinned providers list, is on it: either way render --counts
// would find no count and show none.
func checkCountsSource(m *manifest.Manifest, byName map[string]service.Spec, known []string, registry []service.Spec) error {
	src := m.CountsSource
	if src == "" {
		return nil
	}
	fail := func(err error, hint string) error {
		return &manifest.Error{File: m.Path, Line: m.Line("counts_source"), Value: src, Err: err, Hint: hint}
	}
	spec, ok := byName[src]
	switch {
	case !ok:
		return fail(fmt.Errorf("counts_source %q is not a provider (known: %s)", src, strings.Join(known, ", ")),
			"about providers lists them; "+countsHint(registry))
	case !spec.Counts:
		return fail(fmt.Errorf("counts_source %q gives no citation counts", src), countsHint(registry))
	case (len(m.Providers) > 0 || spec.Optional) && !slices.Contains(m.Providers, src):
		return fail(fmt.Errorf("counts_source %q is not in providers, so no count of its is fetched", src),
			fmt.Sprintf("add %q to providers, or leave counts_source out for %s", src, providers.DefaultCountsSource()))
	}
	return nil
}

// countsHint names the providers that give counts, the page's default
// first, from their declarations.
func countsHint(registry []service.Spec) string {
	names := []string{providers.DefaultCountsSource() + " (the default)"}
	for _, s := range registry {
		if s.Counts && !s.DefaultCounts {
			names = append(names, s.Name)
		}
	}
	last := len(names) - 1
	if last == 0 {
		return names[0] + " gives counts"
	}
	return strings.Join(names[:last], ", ") + " and " + names[last] + " give counts"
}
