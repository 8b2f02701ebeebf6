package providers

// Internals that the tests in package providers_test check directly.
var (
	EuropePMCChunks     = europePMCChunks
	EuropePMCDate       = europePMCDate
	EuropePMCQuery      = europePMCQuery
	EuropePMCRequestURI = europePMCRequestURI
	EuropePMCTerm       = europePMCTerm
	PubMedDateOf        = pubmedDate.date
	UnpaywallDate       = unpaywallDate
	CrossrefFields      = crossrefFields()
	CrossrefProbeLacks  = crossrefProbeLacks()
	CrossrefItem        = crossrefItem
	ORCIDWorkURL        = orcidWorkURL
)

const (
	EuropePMCMaxURI     = europePMCMaxURI
	EuropePMCSearchPath = europePMCSearchPath
)

// PubMedDate is the date of a PubMed citation as the XML gives it.
type PubMedDate = pubmedDate
