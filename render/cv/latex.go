package cv

import (
	"bufio"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/tex"
)

// preamble loads only what texlive's base and recommended packages hold
// (fontenc, inputenc, lmodern, geometry, hyperref), so a plain TeX Live
// or MiKTeX compiles it; T1 with lmodern prints the accented letters
// tex.ASCII writes as commands. The sections are starred, so there is
// no outline: without hyperref's bookmarks one pdflatex run is all, with
// no "Rerun to get outlines right".
const preamble = `%% A CV written by about render --format cv: compile with pdflatex.
\documentclass[11pt]{article}
\usepackage[T1]{fontenc}
\usepackage[utf8]{inputenc}
\usepackage{lmodern}
\usepackage[margin=2.2cm]{geometry}
\usepackage[hidelinks,bookmarks=false]{hyperref}
\setlength{\parindent}{0pt}
\setlength{\emergencystretch}{3em}
\newcommand{\noglyph}[1]{\textsf{\footnotesize[U+#1]}}
`

// WriteLaTeX writes d as a LaTeX document. Every text of the record and
// the services is escaped (tex.Escape, then tex.ASCII), so none can be a
// command; links are written by texURL.
func WriteLaTeX(out *bufio.Writer, d Document) error {
	var body strings.Builder
	b := bufio.NewWriter(&body)
	fmt.Fprintf(b, "{\\LARGE\\bfseries %s}\\par\\medskip\n", text(d.Name))
	for _, id := range d.ORCIDs {
		fmt.Fprintf(b, "ORCID \\href{%s}{%s}\\par\n", texURL("https://orcid.org/"+id), text(id))
	}
	for _, s := range affiliationSections(d.Sections) {
		if len(s.items) == 0 {
			continue
		}
		section(b, s.title)
		for _, a := range s.items {
			item(b, affiliationLine(a, ongoing(s.title)), a.URL)
		}
		b.WriteString("\\end{itemize}\n")
	}
	if len(d.Sections.Fundings) > 0 {
		section(b, "Funding")
		for _, g := range d.Sections.Fundings {
			item(b, grantLine(g), g.URL)
		}
		b.WriteString("\\end{itemize}\n")
	}
	if len(d.Sections.PeerReviews) > 0 {
		section(b, "Peer review")
		for _, r := range reviewsByVenue(d.Sections.PeerReviews) {
			item(b, reviewLine(r), "")
		}
		b.WriteString("\\end{itemize}\n")
	}
	if len(d.Groups) > 0 {
		b.WriteString("\n\\section*{Publications}\n")
		if l := legend(d.Groups); l != "" {
			fmt.Fprintf(b, "{\\footnotesize %s}\\par\n", marks(l))
		}
		for _, g := range d.Groups {
			fmt.Fprintf(b, "\n\\subsection*{%s}\n\\begin{enumerate}\n", text(g.Title))
			for _, w := range g.Works {
				b.WriteString("\\item " + workLine(w) + "\n")
			}
			b.WriteString("\\end{enumerate}\n")
		}
	}
	if d.Sources != "" {
		fmt.Fprintf(b, "\n\\vfill{\\footnotesize %s}\n", text(d.Sources))
	}
	b.WriteString("\\end{document}\n")
	if err := b.Flush(); err != nil {
		return err
	}
	out.WriteString(preamble)
	out.WriteString(noGlyphs(body.String()))
	out.WriteString("\\begin{document}\n")
	out.WriteString(body.String())
	return nil
}

// noGlyphs declares each character of body pdfLaTeX has no glyph for:
// the scripts tex.ASCII keeps as UTF-8 ({\relax 李}) other than the signs
// LaTeX's UTF-8 input prints itself (tex.KeptAsUTF8). pdflatex stops on
// an undeclared one; declared, it prints its code point ("[U+674E]") and
// the document compiles, the .tex keeping the text for an engine with
// the script's fonts (lualatex, which skips the declarations).
func noGlyphs(body string) string {
	var b strings.Builder
	seen := map[rune]bool{}
	for _, r := range body {
		if r < 0x80 || tex.KeptAsUTF8(r) || seen[r] {
			continue
		}
		seen[r] = true
		fmt.Fprintf(&b, "\\DeclareUnicodeCharacter{%04X}{\\noglyph{%04X}}\n", r, r)
	}
	if b.Len() == 0 {
		return ""
	}
	// LuaLaTeX and XeLaTeX have no \DeclareUnicodeCharacter: they skip
	// the declarations, and print the script once the preamble loads a
	// font that has it (fontspec).
	return "\\ifdefined\\DeclareUnicodeCharacter\n" + b.String() + "\\fi\n"
}

func section(b *bufio.Writer, title string) {
	fmt.Fprintf(b, "\n\\section*{%s}\n\\begin{itemize}\n", text(title))
}

// item writes one entry: its line (LaTeX already) and its link.
func item(b *bufio.Writer, line, url string) {
	if u := texURL(url); u != "" {
		line += " \\href{" + u + "}{" + linkText(url) + "}"
	}
	b.WriteString("\\item " + line + "\n")
}

// affiliationLine is "\textbf{Professor}, Psychoceramics. Brown
// University, Providence, RI, US. 1929–present."
func affiliationLine(a record.Affiliation, open bool) string {
	var parts []string
	head := joinNonEmpty(", ", bold(a.Role), text(a.Department))
	if head != "" {
		parts = append(parts, head+".")
	}
	if org := joinNonEmpty(", ", text(a.Organization), text(place(a))); org != "" {
		parts = append(parts, org+".")
	}
	if p := period(a.Start, a.End, open); p != "" {
		parts = append(parts, text(p)+".")
	}
	return strings.Join(parts, " ")
}

// grantLine is "\textbf{Title}. Funder, grant PSY-1234\#5. 1955–1958."
func grantLine(g record.Grant) string {
	parts := []string{bold(g.Title) + "."}
	what := text(g.Funder)
	if g.Number != "" {
		what = joinNonEmpty(", ", what, text(grantNumber(g)))
	}
	if what != "" {
		parts = append(parts, what+".")
	}
	if p := period(g.Start, g.End, false); p != "" {
		parts = append(parts, text(p)+".")
	}
	return strings.Join(parts, " ")
}

// reviewLine is "The Psychoceramics Society: 1 review, latest 2004."
func reviewLine(r record.Reviewing) string {
	s := fmt.Sprintf("%s: %d review", r.Venue, r.Reviews)
	if r.Reviews != 1 {
		s += "s"
	}
	if r.Last.Year > 0 {
		s += fmt.Sprintf(", latest %d", r.Last.Year)
	}
	return text(s + ".")
}

// workLine is one work: authors (the researcher in bold, the user's
// marks raised), title, venue, date, link, the user's award and note;
// what the marks mean is said once, at the head of the list (legend).
func workLine(w Work) string {
	var parts []string
	if a := authorsLine(w); a != "" {
		parts = append(parts, a+".")
	}
	parts = append(parts, text(w.Title)+".")
	venue := text(w.In)
	if w.Venue != "" {
		venue = joinNonEmpty(" ", venue, "\\emph{"+text(w.Venue)+"}")
	}
	if where := joinNonEmpty(", ", venue, text(w.Detail)); where != "" {
		parts = append(parts, where+".")
	}
	if w.Year != "" {
		parts = append(parts, text(w.Year)+".")
	}
	if u := texURL(w.URL); u != "" {
		label := w.URL
		if w.DOI != "" {
			label = "doi:" + w.DOI
		}
		parts = append(parts, "\\href{"+u+"}{"+linkText(label)+"}")
	}
	for _, n := range w.Notes {
		parts = append(parts, text(n))
	}
	return strings.Join(parts, " ")
}

// legend is what the works' marks mean, said once for the list: the
// parts of every work's legend, in the order they first come.
func legend(groups []Group) string {
	var parts []string
	for _, g := range groups {
		for _, w := range g.Works {
			for _, p := range strings.Split(w.Legend, "; ") {
				if p != "" && !slices.Contains(parts, p) {
					parts = append(parts, p)
				}
			}
		}
	}
	return strings.Join(parts, "; ")
}

func authorsLine(w Work) string {
	var b strings.Builder
	for i, a := range w.Authors {
		if i > 0 {
			b.WriteString(", ")
		}
		if a.Gap {
			b.WriteString("\\ldots, ")
		}
		name := text(a.Name)
		if a.Me {
			name = "\\textbf{" + name + "}"
		}
		b.WriteString(name)
		if a.Mark != "" {
			b.WriteString("\\textsuperscript{" + text(a.Mark) + "}")
		}
	}
	if w.EtAl != "" {
		b.WriteString(" " + text(w.EtAl)) // text trims " et al. (40 authors)"'s space away
	}
	return b.String()
}

// marks is the legend with its marks raised as they are in the list.
func marks(legend string) string {
	s := text(legend)
	for _, m := range []string{"*", text("†")} {
		s = strings.ReplaceAll(s, m+" ", "\\textsuperscript{"+m+"} ")
	}
	return s
}

// text is s escaped for LaTeX: its specials as commands, its non-ASCII
// letters as the commands pdfLaTeX prints with T1. It is composed first
// (NFC), so a letter sent with a combining accent prints as the accented
// letter, and loses its invisible format characters (zero-width space,
// byte-order mark, bidi controls), which would print as their code
// points; a soft hyphen stays a hyphenation point.
func text(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Cf, r) && r != '\u00ad' {
			return -1
		}
		return r
	}, norm.NFC.String(s))
	return tex.ASCII(tex.Escape(strings.Join(strings.Fields(s), " ")))
}

// linkText is a link's printed text, free to break after its slashes
// and punctuation: a URL or DOI has no spaces, and a long one (Wiley's
// SICI DOIs, a news page's address) would otherwise run past the margin.
// The preamble's \emergencystretch lets a line that ends in one stretch
// rather than overflow, which is enough for a short one: only a link
// longer than a third of a line gets the breaks.
func linkText(s string) string {
	if len(s) <= 30 {
		return text(s)
	}
	var b strings.Builder
	if scheme, rest, ok := strings.Cut(s, "://"); ok {
		b.WriteString(text(scheme + "://"))
		s = rest
	}
	for {
		i := strings.IndexAny(s, "/.-_?&=;")
		if i < 0 {
			return b.String() + text(s)
		}
		b.WriteString(text(s[:i+1]) + `\allowbreak{}`)
		s = s[i+1:]
	}
}

func bold(s string) string {
	if s = text(s); s != "" {
		return "\\textbf{" + s + "}"
	}
	return ""
}

// texURL is a link for \href: only http(s), every byte outside a
// conservative set percent-encoded, and the two hyperref asks escaped
// (\% and \#); "" for anything else.
func texURL(raw string) string {
	raw = strings.TrimSpace(raw)
	if !strings.HasPrefix(raw, "https://") && !strings.HasPrefix(raw, "http://") {
		return ""
	}
	const keep = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._/:?=+,;@!()*'"
	var b strings.Builder
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch {
		case strings.IndexByte(keep, c) >= 0:
			b.WriteByte(c)
		case c == '%':
			b.WriteString(`\%`)
		default:
			fmt.Fprintf(&b, `\%%%02X`, c)
		}
	}
	return b.String()
}
