package record

// Conflict explains one merged field on which providers disagreed: the
// value kept and the values not kept, each with the providers that gave
// it. Cosmetic differences (case, accents, punctuation, a licence's URL
// against its short name, a date's precision) are agreement, not
// conflict; the merge rules say which comparison each field uses.
type Conflict struct {
	Field   string   `json:"field"`
	Kept    Choice   `json:"kept"`
	NotKept []Choice `json:"not_kept"` // sorted by value
}

// Choice is one value of a field and the providers that gave it, sorted.
type Choice struct {
	Value     string   `json:"value"`
	Providers []string `json:"providers"`
}
