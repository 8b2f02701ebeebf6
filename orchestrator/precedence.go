package orchestrator

import (
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/works"
)

// precedence is the registry's merge order, handed to the core as data.
func precedence() works.Precedence {
	return works.Precedence{Fields: providers.Precedence(), OA: providers.OAPrecedence()}
}
