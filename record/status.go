package record

// Status is the outcome of asking one provider about one identity, as a
// work's sources record it.
type Status string

// The outcomes. NotFound is an answer ("this service has no such work"),
// not a failure; Failed and Skipped mean the question went unanswered.
const (
	Found    Status = "found"
	NotFound Status = "not_found"
	Failed   Status = "failed"
	Skipped  Status = "skipped"
)
