package manifest

import (
	"iter"
	"slices"
	"strings"

	"github.com/aboutscholar/about/record"
)

// The identity kinds a manifest may name. The string values are also the
// manifest keys and the prefixes of snapshot file names, so they never change.
const (
	KindDOI   Kind = "doi"
	KindORCID Kind = "orcid"
	KindArXiv Kind = "arxiv"
	KindPMID  Kind = "pmid"
	KindPMCID Kind = "pmcid"

	// KindORCIDWork names a work known only from an ORCID record (no DOI,
	// arXiv id or PMID): value "<orcid>/<put-code>". Never written in a
	// manifest; it exists so such works still get a stable snapshot.
	KindORCIDWork Kind = "orcid-work"

	// KindKey names a work without an identifier, kept from its [[work]]'s
	// own fields: value its citation key ("key:lefevre2021workshop"). Never
	// an [[identity]]: a [[work]] with a key and no id makes it.
	KindKey Kind = "key"
)

// Role says what an identifier kind names.
type Role int

// The roles of identifier kinds.
const (
	// RoleWork: a work may be known by it (an identity key, a snapshot
	// file name, a works entry); the merge takes it and compares it, and
	// the link pass matches works on it.
	RoleWork Role = iota
	// RolePerson: a researcher (an [[identity]] whose works are listed).
	RolePerson
	// RoleRecord: kept in a record only; no work is known by it.
	RoleRecord
)

// IDKind is one kind of identifier, declared once: everything the
// manifest, the merge, the link pass, the snapshot decoder and the page
// need to know of it is read from its row in IDKinds (TestIDKindsComplete
// holds the rest of the code to the table).
type IDKind struct {
	// Kind is its name: the identity key's prefix ("pmid:29106400"), the
	// [[identity]] key, the prefix of its snapshot file names and, for a
	// kind a record holds, its record.IDs field's JSON name.
	Kind  Kind
	Role  Role
	Label string // how messages name it ("arXiv id")
	// Example is a value as hints show it ("2311.16162"); Normalize
	// keeps it as it is.
	Example string
	// Normalize turns a value as a user writes it into the one stored
	// form, or says what was expected; nil for a kind no manifest names.
	Normalize func(string) (string, error)
	// Field is its record.IDs field; nil for a kind no record holds (an
	// author's ORCID iD, an ORCID put-code).
	Field func(*record.IDs) *string
	// URLPrefix, the value escaped and URLSuffix are where the identifier
	// links at its home; "" where it links nowhere.
	URLPrefix string
	URLSuffix string
	// Chip: a page shows it among a work's identifier chips, reading
	// ChipLabel and the value. The DOI is not one: it is the work's own
	// link, shown first (render's doiURL).
	Chip      bool
	ChipLabel string
}

// idKinds is the table, in the order a manifest entry is checked, then
// record.IDs field order; work kinds in the order an identity is
// preferred (a DOI over an arXiv id over a PMID over a PMCID).
var idKinds = [...]IDKind{
	{Kind: KindDOI, Role: RoleWork, Label: "DOI", Example: "10.5281/zenodo.1234567", Normalize: NormalizeDOI,
		Field:     func(i *record.IDs) *string { return &i.DOI },
		URLPrefix: "https://doi.org/"},
	{Kind: KindORCID, Role: RolePerson, Label: "ORCID iD", Example: "0000-0002-1825-0097", Normalize: NormalizeORCID,
		URLPrefix: "https://orcid.org/"},
	{Kind: KindArXiv, Role: RoleWork, Label: "arXiv id", Example: "2311.16162", Normalize: normalizeArXivWritten,
		Field:     func(i *record.IDs) *string { return &i.ArXiv },
		URLPrefix: "https://arxiv.org/abs/", Chip: true, ChipLabel: "arXiv:"},
	{Kind: KindPMID, Role: RoleWork, Label: "PMID", Example: "29106400", Normalize: NormalizePMID,
		Field:     func(i *record.IDs) *string { return &i.PMID },
		URLPrefix: "https://pubmed.ncbi.nlm.nih.gov/", URLSuffix: "/", Chip: true, ChipLabel: "PubMed "},
	{Kind: KindPMCID, Role: RoleWork, Label: "PMCID", Example: "PMC5679183", Normalize: NormalizePMCID,
		Field:     func(i *record.IDs) *string { return &i.PMCID },
		URLPrefix: "https://pmc.ncbi.nlm.nih.gov/articles/", URLSuffix: "/", Chip: true},
	{Kind: "openalex", Role: RoleRecord, Label: "OpenAlex id",
		Field: func(i *record.IDs) *string { return &i.OpenAlex }},
	{Kind: "mag", Role: RoleRecord, Label: "MAG id",
		Field: func(i *record.IDs) *string { return &i.MAG }},
	{Kind: "semanticscholar", Role: RoleRecord, Label: "Semantic Scholar id",
		Field: func(i *record.IDs) *string { return &i.S2 }},
	// A work known only from an ORCID record: "<orcid>/<put-code>". Never
	// in [[identity]]; ParseID reads it as index.json lists it.
	{Kind: KindORCIDWork, Role: RoleWork, Label: "ORCID work", Example: "0000-0002-1825-0097/12345"},
	// A work without an identifier, by its [[work]]'s citation key.
	{Kind: KindKey, Role: RoleWork, Label: "citation key", Example: "lefevre2021workshop"},
	// A person dblp lists works for (manifest/dblp.go).
	{Kind: KindDBLP, Role: RolePerson, Label: "dblp person id", Example: "95/7448-1", Normalize: NormalizeDBLP,
		URLPrefix: "https://dblp.org/pid/"},
	// A work known only from a dblp record: its record key. Never in
	// [[identity]]; ParseID reads it.
	{Kind: KindDBLPWork, Role: RoleWork, Label: "dblp record", Example: "conf/nips/VaswaniSPUJGKP17",
		URLPrefix: "https://dblp.org/rec/"},
	// A person INSPIRE-HEP lists works for (manifest/inspire.go).
	{Kind: KindINSPIRE, Role: RolePerson, Label: "INSPIRE author id", Example: "E.Witten.1", Normalize: NormalizeINSPIRE},
	// A work known only from an INSPIRE literature record: its number.
	{Kind: KindINSPIREWork, Role: RoleWork, Label: "INSPIRE record", Example: "451647",
		URLPrefix: "https://inspirehep.net/literature/"},
}

// IDKinds lists every identifier kind (see idKinds); the caller's own
// copy.
func IDKinds() []IDKind { return slices.Clone(idKinds[:]) }

// WorkIDKinds yields the kinds a work may be known by that a record
// holds, in the order an identity is preferred (DOI, arXiv id, PMID,
// PMCID): what the merge compares and the link pass matches on. An
// iterator, not a slice: the merge asks for it once a work.
func WorkIDKinds() iter.Seq[IDKind] {
	return func(yield func(IDKind) bool) {
		for _, k := range idKinds {
			if k.Role == RoleWork && k.Field != nil && !yield(k) {
				return
			}
		}
	}
}

// RecordIDKinds yields every kind a record holds, in record.IDs field
// order: what the merge takes.
func RecordIDKinds() iter.Seq[IDKind] {
	return func(yield func(IDKind) bool) {
		for _, k := range idKinds {
			if k.Field != nil && !yield(k) {
				return
			}
		}
	}
}

// LookupKind is the row of k; false for a kind not in the table.
func LookupKind(k Kind) (IDKind, bool) {
	for _, row := range idKinds {
		if row.Kind == k {
			return row, true
		}
	}
	return IDKind{}, false
}

// WorkRank is k's place in the order an identity is preferred (0 for a
// DOI; see WorkIDKinds), the number of those kinds for a kind not in it.
func WorkRank(k Kind) int {
	rank := 0
	for _, row := range idKinds {
		if row.Role != RoleWork || row.Field == nil {
			continue
		}
		if row.Kind == k {
			return rank
		}
		rank++
	}
	return rank
}

// Get is the kind's value in ids, "" when ids lacks it or no record holds
// the kind.
func (k IDKind) Get(ids *record.IDs) string {
	if k.Field == nil {
		return ""
	}
	return *k.Field(ids)
}

// normalizeArXivWritten is NormalizeArXiv with arXiv's date rule, which
// holds what a user writes; ids read from services (NormalizeArXiv alone)
// are left for arXiv itself to judge.
func normalizeArXivWritten(raw string) (string, error) {
	v, err := NormalizeArXiv(raw)
	if err == nil && arxivNew.MatchString(v) {
		err = checkArXivNumber(raw, v)
	}
	return v, err
}

// kindList is the kinds a manifest may name, for hints: "doi, orcid, …".
func kindList() string {
	var names []string
	for _, k := range Kinds() {
		names = append(names, string(k))
	}
	return strings.Join(names, ", ")
}

// workIDsHint is how every work identifier may be written, for hints:
// each work kind with its example, "doi:10.5281/zenodo.1234567 (or a bare
// DOI or https://doi.org/…), arxiv:2311.16162, … or orcid-work:…".
func workIDsHint() string {
	var forms []string
	for _, row := range idKinds {
		if row.Role != RoleWork {
			continue
		}
		form := string(row.Kind) + ":" + row.Example
		if row.Kind == KindDOI {
			form += " (or a bare DOI or https://doi.org/…)"
		}
		forms = append(forms, form)
	}
	last := len(forms) - 1
	return strings.Join(forms[:last], ", ") + " or " + forms[last]
}

// IsPerson reports whether k names a person whose works a service lists
// (an ORCID iD, a dblp person): the identities a fetch expands.
func IsPerson(k Kind) bool {
	row, ok := LookupKind(k)
	return ok && row.Role == RolePerson
}
