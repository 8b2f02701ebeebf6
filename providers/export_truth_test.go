package providers

// Mappers the #20 real-record tests (truth_test.go) run recordings
// through directly, one work object at a time.
var (
	DataCiteResource = dataCiteResource
	EuropePMCRecord  = europePMCRecord
	OpenAlexWork     = openAlexWork
)
