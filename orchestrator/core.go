package orchestrator

import (
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/works"
)

// newCore starts the works core of a run of m that asks specs (leftOut:
// the providers the manifest chooses that it does not ask), with the
// registry's merge order and attributions handed over as data.
func newCore(m *manifest.Manifest, specs []service.Spec, leftOut []string) *works.Run {
	s := works.Settings{
		Precedence:  works.Precedence{Fields: providers.Precedence(), OA: providers.OAPrecedence(), Funding: providers.FundingPrecedence()},
		Attribution: map[string]string{},
		LeftOut:     leftOut,
	}
	for _, spec := range providers.All() {
		s.Attribution[spec.Name] = spec.Attribution
	}
	for _, spec := range specs {
		s.Attribution[spec.Name] = spec.Attribution
		s.Asked = append(s.Asked, spec.Name)
	}
	return works.NewRun(m, s)
}
