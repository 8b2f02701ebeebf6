package cv

import (
	"bufio"
	"fmt"
	"strings"
	"unicode"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
)

// typstPreamble uses Typst's own functions only: no @preview package,
// which the compiler would download. Typst's default fonts (Libertinus
// Serif) carry Latin, Greek and Cyrillic; other scripts come from the
// system's fonts.
const typstPreamble = `// A CV written by about render --format cv-typst: compile with typst compile cv.typ
// (checked with Typst 0.14.2). Every text is a string literal, so none is markup.
#set page(margin: 2.2cm)
#set text(size: 11pt)
#set heading(numbering: none)
`

// WriteTypst writes d as a Typst document, in the same order and words
// as WriteLaTeX. Typst's markup gives a meaning to most ASCII signs
// (# * _ ` $ < > @ [ ] = - + / ~ " ' and ..., a list or heading marker
// at a line's start, // and /* comments), so no text is written as markup:
// each is a string literal after "#" (#"…", #strong("…")), whose only
// escapes are \\ and \", and the markup between them is this writer's
// own: list and heading markers, and the next "#".
func WriteTypst(out *bufio.Writer, d Document) error {
	out.WriteString(typstPreamble)
	name := typstString(typstText(d.Name))
	fmt.Fprintf(out, "#set document(title: %s, author: %s)\n\n", name, name)
	var m markup
	m.call("text", "size: 20pt, weight: \"bold\", ", d.Name)
	m.end("\n")
	for _, id := range d.ORCIDs {
		m.text("ORCID ")
		m.link("https://orcid.org/"+id, id)
		m.end("\n")
	}
	for _, s := range affiliationSections(d.Sections) {
		if len(s.items) == 0 {
			continue
		}
		m.heading(1, s.title)
		for _, a := range s.items {
			m.item("- ")
			m.affiliation(a, ongoing(s.title))
			m.entryLink(a.URL)
			m.end("")
		}
	}
	if len(d.Sections.Fundings) > 0 {
		m.heading(1, "Funding")
		for _, g := range d.Sections.Fundings {
			m.item("- ")
			m.grant(g)
			m.entryLink(g.URL)
			m.end("")
		}
	}
	if len(d.Sections.PeerReviews) > 0 {
		m.heading(1, "Peer review")
		for _, r := range d.Sections.PeerReviews {
			m.item("- ")
			m.text(reviewText(r))
			m.end("")
		}
	}
	if len(d.Groups) > 0 {
		m.heading(1, "Publications")
		for _, g := range d.Groups {
			m.heading(2, g.Title)
			for _, w := range g.Works {
				m.item("+ ")
				m.work(w)
				m.end("")
			}
		}
	}
	if d.Sources != "" {
		m.WriteString("\n#v(1fr)")
		m.call("text", "size: 8pt, ", d.Sources)
		m.end("")
	}
	out.WriteString(m.String())
	return nil
}

// markup is Typst markup built of embedded expressions alone. Each is
// followed by another "#", a space or a line's end, none of which
// continues an expression ("#\"a\".b" would be a field, "#f(x)[y]" a
// second argument). Adjacent texts are one literal: the text waits in
// pending until something else is written.
type markup struct {
	out     strings.Builder
	pending strings.Builder
}

// WriteString writes this writer's own markup, after the pending text.
func (m *markup) WriteString(s string) {
	m.flush()
	m.out.WriteString(s)
}

func (m *markup) flush() {
	if m.pending.Len() > 0 {
		m.out.WriteString("#" + typstString(m.pending.String()))
		m.pending.Reset()
	}
}

func (m *markup) String() string {
	m.flush()
	return m.out.String()
}

// text writes s as a string literal: text, not markup. s is this
// writer's separators around texts typstText made one line already, so
// its spaces at either end stay.
func (m *markup) text(s string) {
	m.pending.WriteString(flat(s))
}

// call writes fn(args s): args is this writer's own ("size: 8pt, "),
// s the text.
func (m *markup) call(fn, args, s string) {
	if s = typstText(s); s != "" {
		m.WriteString("#" + fn + "(" + args + typstString(s) + ")")
	}
}

func (m *markup) heading(level int, title string) {
	m.flush()
	if !strings.HasSuffix(m.out.String(), "\n\n") {
		m.out.WriteString("\n") // a blank line after a list
	}
	m.out.WriteString(strings.Repeat("=", level) + " ")
	m.text(title)
	m.end("\n")
}

// item starts a list ("- ") or numbered ("+ ") item on a line of its
// own; what follows the marker is a "#", never text a marker could be
// read in.
func (m *markup) item(marker string) { m.WriteString(marker) }

func (m *markup) end(after string) { m.WriteString("\n" + after) }

// link writes a link to an http(s) address with label as its text;
// anything else (javascript:, a bare path) is the label alone.
func (m *markup) link(url, label string) {
	url = strings.TrimSpace(url)
	if !strings.HasPrefix(url, "https://") && !strings.HasPrefix(url, "http://") || strings.ContainsFunc(url, unicode.IsSpace) {
		m.text(typstText(label))
		return
	}
	m.WriteString("#link(" + typstString(url) + ", " + typstString(typstText(label)) + ")")
}

// entryLink is an entry's address after its line, as WriteLaTeX's item.
func (m *markup) entryLink(url string) {
	if u := strings.TrimSpace(url); strings.HasPrefix(u, "https://") || strings.HasPrefix(u, "http://") {
		m.text(" ")
		m.link(u, u)
	}
}

// affiliation is "*Professor*, Psychoceramics. Brown University,
// Providence, RI, US. 1929–present."
func (m *markup) affiliation(a record.Affiliation, open bool) {
	role, dept := typstText(a.Role), typstText(a.Department)
	m.call("strong", "", role)
	if role != "" && dept != "" {
		m.text(", ")
	}
	m.text(dept)
	sep := ""
	if role != "" || dept != "" {
		m.text(".")
		sep = " "
	}
	org := joinNonEmpty(", ", typstText(a.Organization), typstText(place(a)))
	if rest := joinNonEmpty(" ", sentence(org), sentence(period(a.Start, a.End, open))); rest != "" {
		m.text(sep + rest)
	}
}

// grant is "*Title*. Funder, grant PSY-1234#5. 1955–1958."
func (m *markup) grant(g record.Grant) {
	m.call("strong", "", g.Title)
	what := typstText(g.Funder)
	if g.Number != "" {
		what = joinNonEmpty(", ", what, typstText(strings.TrimSpace(g.Type+" "+g.Number)))
	}
	m.text(strings.TrimSpace(". " + joinNonEmpty(" ", sentence(what), sentence(period(g.Start, g.End, false)))))
}

// sentence is s with its full stop, "" for none.
func sentence(s string) string {
	if s == "" {
		return ""
	}
	return s + "."
}

// reviewText is "The Psychoceramics Society: 1 review, latest 2004."
func reviewText(r record.Reviewing) string {
	s := fmt.Sprintf("%s: %d review", typstText(r.Venue), r.Reviews)
	if r.Reviews != 1 {
		s += "s"
	}
	if r.Last.Year > 0 {
		s += fmt.Sprintf(", latest %d", r.Last.Year)
	}
	return s + "."
}

// work is one work as WriteLaTeX's workLine: authors (the researcher in
// bold, the user's marks raised), title, venue (in italics), date, link,
// the user's award and note, and what the marks mean on a line below.
func (m *markup) work(w Work) {
	if len(w.Authors) > 0 || w.EtAl != "" {
		m.authors(w)
		m.text(". ")
	}
	m.text(typstText(w.Title) + ".")
	in, venue, detail := typstText(w.In), typstText(w.Venue), typstText(w.Detail)
	if in != "" || venue != "" || detail != "" {
		m.text(" " + in)
		if venue != "" {
			if in != "" {
				m.text(" ")
			}
			m.call("emph", "", venue)
		}
		if detail != "" && (in != "" || venue != "") {
			m.text(", ")
		}
		m.text(detail + ".")
	}
	if w.Year != "" {
		m.text(" " + typstText(w.Year) + ".")
	}
	if strings.HasPrefix(w.URL, "https://") || strings.HasPrefix(w.URL, "http://") {
		label := w.URL
		if w.DOI != "" {
			label = "doi:" + w.DOI
		}
		m.text(" ")
		m.link(w.URL, label)
	}
	for _, n := range w.Notes {
		m.text(" " + typstText(n))
	}
	if w.Legend != "" {
		m.WriteString("#linebreak()")
		m.legend(w.Legend)
	}
}

func (m *markup) authors(w Work) {
	for i, a := range w.Authors {
		if i > 0 {
			m.text(", ")
		}
		if a.Gap {
			m.text("…, ")
		}
		if a.Me {
			m.call("strong", "", a.Name)
		} else {
			m.text(typstText(a.Name))
		}
		m.call("super", "", a.Mark)
	}
	m.text(w.EtAl) // " et al. (40 authors)": its space stays
}

// legend is what the marks mean, small, each mark raised as it is in
// the list ("* equal contribution; † corresponding author").
func (m *markup) legend(legend string) {
	rest := typstText(legend)
	for rest != "" {
		i, mark := len(rest), ""
		for _, mk := range []string{"* ", "† "} {
			if j := strings.Index(rest, mk); j >= 0 && j < i {
				i, mark = j, mk[:len(mk)-1]
			}
		}
		if piece := rest[:i]; piece != "" {
			m.WriteString("#text(size: 8pt, " + typstString(piece) + ")") // its spaces stay
		}
		if mark == "" {
			return
		}
		m.WriteString("#text(size: 8pt, super(" + typstString(mark) + "))")
		rest = rest[i+len(mark):]
	}
}

// typstText is s as one line of visible text: white space (new lines,
// tabs, U+2028) a single space, as WriteLaTeX's text; control characters
// (NUL, ESC, C1) and the directional embeddings, overrides and isolates
// dropped: they show nothing, and an override left open would reorder
// the rest of the line, which no string literal can close.
func typstText(s string) string { return strings.TrimSpace(flat(s)) }

// flat is typstText with a space kept at either end.
func flat(s string) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		switch {
		case unicode.IsSpace(r):
			space = true
		case unicode.IsControl(r) || folder.BidiControl(r):
		default:
			if space {
				b.WriteByte(' ')
				space = false
			}
			b.WriteRune(r)
		}
	}
	if space {
		b.WriteByte(' ')
	}
	return b.String()
}

// typstString is s as a Typst string literal: in quotes, with "\" and
// the quote escaped, and any control character left written as \u{…}
// (Typst's string escapes are \\ \" \n \r \t and \u{hex}).
func typstString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '\\' || r == '"':
			b.WriteByte('\\')
			b.WriteRune(r)
		case unicode.IsControl(r):
			fmt.Fprintf(&b, `\u{%x}`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
