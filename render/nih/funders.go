package nih

import (
	"strings"
	"unicode"

	"github.com/aboutscholar/about/record"
)

// Match is how a funder was recognised as NIH: by its Funder Registry DOI,
// by its ROR id, or (the fallback, for a service that sends neither) by
// its name.
type Match string

// The ways a funder is recognised as NIH, strongest first.
const (
	ByDOI  Match = "Funder Registry DOI"
	ByROR  Match = "ROR id"
	ByName Match = "name"
)

// NIHDOI is the National Institutes of Health's Open Funder Registry DOI.
const NIHDOI = "10.13039/100000002"

// NIHROR is NIH's ROR id: ROR's record 01cwqze88 names FundRef 100000002
// (https://ror.org/01cwqze88; the record as copied in
// integrateddatasvc/agency-registry, _registry/us/us-gov-nih/external/ror.md).
// OpenAlex names a work's funders by ROR id, never by Funder Registry DOI.
const NIHROR = "01cwqze88"

// icDOIs are the Funder Registry DOIs of NIH's institutes, centres and
// offices: the skos:narrower list of http://dx.doi.org/10.13039/100000002
// in the Open Funder Registry (registry.rdf, published by Crossref at
// https://gitlab.com/crossref/open_funder_registry; NIH's entry there
// modified 2020-03-12), as parsed in The-Academic-Observatory/observatory-platform,
// tests/academic_observatory/telescopes/test_fundref.py at commit
// 6f4ce19f73df90aac9b37e50063cfbc203703159 (Apache-2.0). The registry
// lists them without names on NIH's entry; the names beside a DOI are
// comments for the reader, from NIH's list of institutes and centres
// (https://www.nih.gov/institutes-nih/list-institutes-centers), where one
// is known here, and play no part in the match. The registry keeps
// retired ones (NCRR, NCCAM) because old deposits name them.
var icDOIs = map[string]bool{
	"10.13039/100000025": true, // National Institute of Mental Health (NIMH)
	"10.13039/100000026": true, // National Institute on Drug Abuse (NIDA)
	"10.13039/100000027": true, // National Institute on Alcohol Abuse and Alcoholism (NIAAA)
	"10.13039/100000049": true, // National Institute on Aging (NIA)
	"10.13039/100000050": true, // National Heart, Lung, and Blood Institute (NHLBI)
	"10.13039/100000051": true, // National Human Genome Research Institute (NHGRI)
	"10.13039/100000052": true, // NIH Office of the Director (incl. the Common Fund)
	"10.13039/100000053": true, // National Eye Institute (NEI)
	"10.13039/100000054": true, // National Cancer Institute (NCI)
	"10.13039/100000055": true, // National Institute on Deafness and Other Communication Disorders (NIDCD)
	"10.13039/100000056": true, // National Institute of Nursing Research (NINR)
	"10.13039/100000057": true, // National Institute of General Medical Sciences (NIGMS)
	"10.13039/100000060": true, // National Institute of Allergy and Infectious Diseases (NIAID)
	"10.13039/100000061": true, // Fogarty International Center (FIC)
	"10.13039/100000062": true, // National Institute of Diabetes and Digestive and Kidney Diseases (NIDDK)
	"10.13039/100000064": true, // National Center for Complementary and Alternative Medicine (NCCAM, now NCCIH)
	"10.13039/100000065": true, // National Institute of Neurological Disorders and Stroke (NINDS)
	"10.13039/100000066": true, // National Institute of Environmental Health Sciences (NIEHS)
	"10.13039/100000069": true, // National Institute of Arthritis and Musculoskeletal and Skin Diseases (NIAMS)
	"10.13039/100000070": true, // National Institute of Biomedical Imaging and Bioengineering (NIBIB)
	"10.13039/100000071": true, // National Institute of Child Health and Human Development (NICHD)
	"10.13039/100000072": true, // National Institute of Dental and Craniofacial Research (NIDCR)
	"10.13039/100000092": true, // National Library of Medicine (NLM)
	"10.13039/100000093": true,
	"10.13039/100000096": true,
	"10.13039/100000097": true, // National Center for Research Resources (NCRR, retired 2011)
	"10.13039/100000098": true, // NIH Clinical Center
	"10.13039/100000118": true,
	"10.13039/100000124": true,
	"10.13039/100000135": true,
	"10.13039/100005440": true,
	"10.13039/100006084": true,
	"10.13039/100006085": true,
	"10.13039/100006086": true,
	"10.13039/100006108": true, // National Center for Advancing Translational Sciences (NCATS)
	"10.13039/100006545": true, // National Institute on Minority Health and Health Disparities (NIMHD)
	"10.13039/100006955": true,
	"10.13039/100008460": true, // National Center for Complementary and Integrative Health (NCCIH)
	"10.13039/100009633": true, // Eunice Kennedy Shriver National Institute of Child Health and Human Development
	"10.13039/100012893": true,
}

// icNames are the names of NIH's institutes and centres as NIH writes
// them (https://www.nih.gov/institutes-nih/list-institutes-centers), and
// the retired names deposits still carry, as words (words). A name
// is NIH only when it is one of these whole, or says "National Institutes
// of Health" or NIH: "National Institute of Health" (singular) is the name
// of Pakistan's, Korea's and others' national institutes, and "National
// Cancer Institute of Canada" is not NCI.
var icNames = foldAll(
	"National Cancer Institute",
	"National Eye Institute",
	"National Heart, Lung, and Blood Institute",
	"National Human Genome Research Institute",
	"National Institute on Aging",
	"National Institute on Alcohol Abuse and Alcoholism",
	"National Institute of Allergy and Infectious Diseases",
	"National Institute of Arthritis and Musculoskeletal and Skin Diseases",
	"National Institute of Biomedical Imaging and Bioengineering",
	"Eunice Kennedy Shriver National Institute of Child Health and Human Development",
	"National Institute of Child Health and Human Development",
	"National Institute on Deafness and Other Communication Disorders",
	"National Institute of Dental and Craniofacial Research",
	"National Institute of Diabetes and Digestive and Kidney Diseases",
	"National Institute on Drug Abuse",
	"National Institute of Environmental Health Sciences",
	"National Institute of General Medical Sciences",
	"National Institute of Mental Health",
	"National Institute on Minority Health and Health Disparities",
	"National Institute of Neurological Disorders and Stroke",
	"National Institute of Nursing Research",
	"National Library of Medicine",
	"National Center for Advancing Translational Sciences",
	"National Center for Complementary and Integrative Health",
	"National Center for Complementary and Alternative Medicine",
	"National Center for Research Resources",
	"Fogarty International Center",
)

func foldAll(names ...string) map[string]bool {
	out := make(map[string]bool, len(names))
	for _, n := range names {
		out[words(n)] = true
	}
	return out
}

// IsNIH reports whether a funder is NIH or one of its institutes and
// how that was seen; "" when it is not. An id decides when the funder has
// one: a Funder Registry DOI that is not NIH's is another funder whatever
// its name says.
func IsNIH(f record.Funding) Match {
	switch {
	case f.DOI != "":
		if f.DOI == NIHDOI || icDOIs[f.DOI] {
			return ByDOI
		}
		return ""
	case f.ROR == NIHROR:
		return ByROR
	case nihName(f.Funder):
		return ByName
	}
	return ""
}

// nihName: the name says National Institutes of Health (plural: the US
// agency's own name), or has the word NIH ("NIH", "NCI NIH HHS" as PubMed
// writes a grant's agency, "NIH/NIGMS"), or is an institute's name whole,
// a country and an acronym in parentheses aside ("US National Cancer
// Institute", "National Cancer Institute (NCI)").
func nihName(name string) bool {
	w := words(name)
	if w == "" {
		return false
	}
	if strings.Contains(" "+w+" ", " national institutes of health ") || strings.Contains(" "+w+" ", " nih ") {
		return true
	}
	return icNames[words(withoutQualifiers(name))]
}

// words is a name's words folded (record.Fold: case and accents aside),
// joined by single spaces, punctuation dropped: "Heart, Lung, and Blood"
// is "heart lung and blood".
func words(s string) string {
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '.' }) {
		if f := record.Fold(w); f != "" {
			out = append(out, f)
		}
	}
	return strings.Join(out, " ")
}

// withoutQualifiers drops a trailing parenthesised acronym and a leading
// "US"/"U.S."/"United States" from a funder's name.
func withoutQualifiers(name string) string {
	s := strings.TrimSpace(name)
	if i := strings.LastIndex(s, "("); i > 0 && strings.HasSuffix(s, ")") {
		s = strings.TrimSpace(s[:i])
	}
	for _, p := range []string{"United States ", "U.S. ", "US ", "USA "} {
		if len(s) > len(p) && strings.EqualFold(s[:len(p)], p) {
			s = s[len(p):]
			break
		}
	}
	return s
}
