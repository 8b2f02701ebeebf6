package manifest

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"unicode"
)

// Lab is the [lab] table with its [[member]]s: the manifest is a lab's,
// and its page is every member's works, each once.
type Lab struct {
	Name    string   // the lab's name, e.g. "Holt Lab"
	URL     string   // the lab's site; "" when none
	Members []Member // in file order
	Line    int      // line of the [lab] header
}

// Member is one [[member]] of a lab.
type Member struct {
	Name    string     // display name, unique among the members
	ORCID   string     // normalised iD; "" for a member without one
	DBLP    string     // dblp person id; "" for a member without one
	INSPIRE string     // INSPIRE author id; "" for a member without one
	Also    []string   // other spellings of the name, matched as the name is
	Role    string     // free text, e.g. "PhD student"
	Start   int        // year joined; 0 when not given
	End     int        // year left; 0 for a current member
	URL     string     // the member's page; "" when none
	Works   []Identity // works the manifest names as the member's, fetched like [[identity]] ids
	Line    int        // line of the [[member]] header
}

// Alumnus reports whether the member has left the lab (has an end year).
func (m Member) Alumnus() bool { return m.End != 0 }

type rawLab struct {
	Name string `toml:"name"`
	URL  string `toml:"url"`
}

type rawMember struct {
	Name    string   `toml:"name"`
	ORCID   string   `toml:"orcid"`
	DBLP    string   `toml:"dblp"`
	INSPIRE string   `toml:"inspire"`
	Also    []string `toml:"also"`
	Role    string   `toml:"role"`
	Start   int      `toml:"start"`
	End     int      `toml:"end"`
	URL     string   `toml:"url"`
	Works   []string `toml:"works"`
}

// Years a member's start and end may be: a lab's history, not a typo of
// the day of the month.
const (
	memberFirstYear = 1900
	memberLastYear  = 2100
)

// labKeysHint lists the keys of title, [lab] and [[member]].
const labKeysHint = "in [lab]: name, url; in [[member]]: name, orcid, dblp, inspire, also, role, start, end, url, works"

// labExample is a lab manifest's start, for hints.
const labExample = "[lab]\nname = \"Holt Lab\"\n\n[[member]]\nname = \"Maren Holt\"\norcid = \"0000-0002-1111-2222\""

// labKeyType is what the value of a title, [lab] or [[member]] key must
// be, for type errors (keyType's table); "" for other keys.
func labKeyType(key string) string {
	switch key {
	case "title":
		return `the page title in quotes, e.g. title = "Publications of the Holt Lab"`
	case "lab":
		return `one [lab] table, e.g. [lab] then name = "Holt Lab"`
	case "member":
		return "[[member]] tables"
	case "member.start", "member.end":
		return "a year as a number, e.g. start = 2019"
	case "member.also":
		return `a list of names in quotes, e.g. also = ["M. Holt"]`
	case "member.works":
		return `a list of work ids in quotes, e.g. works = ["doi:10.5555/abc"]`
	}
	return ""
}

// readLab validates title, [lab] and [[member]], and adds each member's
// ORCID iD (named for the member) and works to the identities, so fetch
// expands and fetches them as it does [[identity]]s. seen holds the keys
// of the identities so far; a member's iD an [[identity]] already lists
// is that one identity, given the member's name when it has none.
func (m *Manifest) readLab(raw rawManifest, seen map[string]bool) error {
	l := labReader{path: m.Path, lines: m.lines}
	var err error
	if m.Title, err = l.title(raw.Title); err != nil {
		return err
	}
	if raw.Lab == nil {
		if len(raw.Member) > 0 {
			return &Error{File: m.Path, Line: m.lines["member.0"], Value: raw.Member[0].Name,
				Err:  errors.New("[[member]] without [lab]: members belong to a lab"),
				Hint: "name the lab above the members, e.g.\n" + labExample}
		}
		return nil
	}
	if m.Lab, err = l.lab(*raw.Lab); err != nil {
		return err
	}
	if m.Lab.Members, err = l.members(raw.Member); err != nil {
		return err
	}
	for _, mem := range m.Lab.Members {
		m.addMemberIdentities(mem, seen)
	}
	return nil
}

// addMemberIdentities adds a member's iD and works to the identities.
func (m *Manifest) addMemberIdentities(mem Member, seen map[string]bool) {
	add := func(id Identity, name string, line int) {
		if !seen[id.Key()] {
			seen[id.Key()] = true
			m.Identities = append(m.Identities, Entry{Identity: id, Name: name, Line: line})
			return
		}
		for i := range m.Identities {
			if m.Identities[i].Key() == id.Key() && m.Identities[i].Name == "" {
				m.Identities[i].Name = name
			}
		}
	}
	if mem.ORCID != "" {
		add(Identity{Kind: KindORCID, Value: mem.ORCID}, mem.Name, mem.Line)
	}
	if mem.DBLP != "" {
		add(Identity{Kind: KindDBLP, Value: mem.DBLP}, mem.Name, mem.Line)
	}
	if mem.INSPIRE != "" {
		add(Identity{Kind: KindINSPIRE, Value: mem.INSPIRE}, mem.Name, mem.Line)
	}
	for _, w := range mem.Works {
		add(w, "", mem.Line)
	}
}

// labReader reads title, [lab] and [[member]], naming the line of
// whatever is wrong.
type labReader struct {
	path  string
	lines map[string]int
}

// line is the line of table.key, or of the table when the key has none.
func (l labReader) line(table, key string) int {
	if n := l.lines[table+"."+key]; n != 0 {
		return n
	}
	return l.lines[table]
}

// text checks one line of plain text: no line breaks or control
// characters, which no page heading or list can show.
func (l labReader) text(what, value string, line int) (string, error) {
	v := strings.TrimSpace(value)
	if strings.ContainsFunc(v, unicode.IsControl) {
		return "", &Error{File: l.path, Line: line, Value: value, Err: fmt.Errorf("%s %q holds a line break or control character", what, value),
			Hint: "write it on one line"}
	}
	return v, nil
}

func (l labReader) title(raw string) (string, error) {
	t, err := l.text("title", raw, l.lines["title"])
	if err != nil {
		return "", err
	}
	if t == "" && l.lines["title"] != 0 {
		return "", &Error{File: l.path, Line: l.lines["title"], Value: raw, Err: errors.New("title is empty"),
			Hint: `leave title out for "Publications of <name>", or give one, e.g. title = "Publications of the Holt Lab"`}
	}
	return t, nil
}

func (l labReader) lab(raw rawLab) (*Lab, error) {
	lab := &Lab{Line: l.lines["lab"]}
	var err error
	if lab.Name, err = l.text("[lab] name", raw.Name, l.line("lab", "name")); err != nil {
		return nil, err
	}
	if lab.Name == "" {
		return nil, &Error{File: l.path, Line: lab.Line, Err: errors.New("[lab] has no name"),
			Hint: `give the lab's name, e.g. name = "Holt Lab": it titles the page`}
	}
	if lab.URL, err = l.url("[lab]", raw.URL, l.line("lab", "url")); err != nil {
		return nil, err
	}
	return lab, nil
}

// url checks an optional link: an absolute http or https URL.
func (l labReader) url(table, raw string, line int) (string, error) {
	v := strings.TrimSpace(raw)
	if v == "" {
		return "", nil
	}
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || strings.ContainsFunc(v, unicode.IsSpace) {
		return "", &Error{File: l.path, Line: line, Value: raw, Err: fmt.Errorf("%s url %q is not an http(s) address", table, raw),
			Hint: `write the whole address, e.g. url = "https://holtlab.example.org"`}
	}
	return v, nil
}

func (l labReader) members(raw []rawMember) ([]Member, error) {
	var members []Member
	names := map[string]int{}  // folded name → line it was first given on
	orcids := map[string]int{} // iD → line of the member first given it
	for i, r := range raw {
		table := fmt.Sprintf("member.%d", i)
		mem, err := l.member(table, r)
		if err != nil {
			return nil, err
		}
		if first, ok := names[strings.ToLower(mem.Name)]; ok {
			return nil, &Error{File: l.path, Line: l.line(table, "name"), Value: mem.Name,
				Err:  fmt.Errorf("[[member]] %q again; line %d names a member so already", mem.Name, first),
				Hint: "members' names tell them apart on the page and in --member: give each member once (other spellings go in also)"}
		}
		names[strings.ToLower(mem.Name)] = l.line(table, "name")
		if first, ok := orcids[mem.ORCID]; ok && mem.ORCID != "" {
			return nil, &Error{File: l.path, Line: l.line(table, "orcid"), Value: mem.ORCID,
				Err:  fmt.Errorf("[[member]] %q has the ORCID iD %s of the member at line %d", mem.Name, mem.ORCID, first),
				Hint: "an ORCID iD is one person's: check the iD on orcid.org"}
		}
		orcids[mem.ORCID] = mem.Line
		members = append(members, mem)
	}
	return members, nil
}

// member reads one [[member]]; cognitive load is kept down by reading its
// identifiers and its years apart.
func (l labReader) member(table string, r rawMember) (Member, error) {
	mem := Member{Line: l.lines[table], Start: r.Start, End: r.End}
	var err error
	if mem.Name, err = l.text("[[member]] name", r.Name, l.line(table, "name")); err != nil {
		return Member{}, err
	}
	if mem.Name == "" {
		return Member{}, &Error{File: l.path, Line: mem.Line, Err: errors.New("[[member]] has no name"),
			Hint: `give the member's name as the page should show it, e.g. name = "Maren Holt"`}
	}
	if mem.Role, err = l.text("[[member]] role", r.Role, l.line(table, "role")); err != nil {
		return Member{}, err
	}
	if mem.URL, err = l.url("[[member]]", r.URL, l.line(table, "url")); err != nil {
		return Member{}, err
	}
	for _, a := range r.Also {
		v, err := l.text("[[member]] also", a, l.line(table, "also"))
		if err != nil {
			return Member{}, err
		}
		if v == "" {
			return Member{}, &Error{File: l.path, Line: l.line(table, "also"), Value: a, Err: fmt.Errorf("[[member]] %q: also holds an empty name", mem.Name),
				Hint: `list other spellings of the name, e.g. also = ["M. Holt", "Holt, Maren A."]`}
		}
		mem.Also = append(mem.Also, v)
	}
	if err := l.memberYears(table, mem); err != nil {
		return Member{}, err
	}
	if mem.ORCID, mem.Works, err = l.memberIDs(table, mem.Name, r); err != nil {
		return Member{}, err
	}
	if mem.DBLP, err = l.memberDBLP(table, mem.Name, r.DBLP); err != nil {
		return Member{}, err
	}
	if mem.INSPIRE, err = l.memberINSPIRE(table, mem.Name, r.INSPIRE); err != nil {
		return Member{}, err
	}
	return mem, nil
}

func (l labReader) memberYears(table string, mem Member) error {
	for _, y := range []struct {
		key  string
		year int
	}{{"start", mem.Start}, {"end", mem.End}} {
		if y.year != 0 && (y.year < memberFirstYear || y.year > memberLastYear) {
			return &Error{File: l.path, Line: l.line(table, y.key), Value: fmt.Sprint(y.year),
				Err:  fmt.Errorf("[[member]] %q: %s = %d is not a year between %d and %d", mem.Name, y.key, y.year, memberFirstYear, memberLastYear),
				Hint: "start and end are years, e.g. start = 2019"}
		}
	}
	if mem.Start != 0 && mem.End != 0 && mem.End < mem.Start {
		return &Error{File: l.path, Line: l.line(table, "end"), Value: fmt.Sprint(mem.End),
			Err:  fmt.Errorf("[[member]] %q ends (%d) before it starts (%d)", mem.Name, mem.End, mem.Start),
			Hint: "end is the year the member left; leave it out for a current member"}
	}
	return nil
}

// memberIDs reads a member's ORCID iD and works.
func (l labReader) memberIDs(table, name string, r rawMember) (string, []Identity, error) {
	var orcid string
	if strings.TrimSpace(r.ORCID) != "" {
		v, err := NormalizeORCID(r.ORCID)
		if err != nil {
			e := &Error{File: l.path, Line: l.line(table, "orcid"), Value: r.ORCID, Err: err, Hint: "ORCID iDs look like 0000-0002-1825-0097"}
			var cd *CheckDigitError
			if errors.As(err, &cd) {
				e.Hint = fmt.Sprintf("check the iD on orcid.org; with these first 15 digits it would end in %c", cd.Want)
			}
			return "", nil, e
		}
		orcid = v
	}
	var works []Identity
	for _, w := range r.Works {
		id, err := ParseID(w)
		if err == nil && (id.Kind == KindORCID || id.Kind == KindORCIDWork || id.Kind == KindDBLPWork || id.Kind == KindINSPIREWork) {
			err = fmt.Errorf("%q is not a work fetch can look up", w)
		}
		if err != nil {
			return "", nil, &Error{File: l.path, Line: l.line(table, "works"), Value: w, Err: fmt.Errorf("[[member]] %q works: %w", name, err),
				Hint: "works are DOIs, arXiv ids, PMIDs or PMCIDs, e.g. works = [\"doi:10.5281/zenodo.1234567\", \"arxiv:2311.16162\"]; a member's own ORCID iD goes in orcid"}
		}
		works = append(works, id)
	}
	return orcid, works, nil
}
