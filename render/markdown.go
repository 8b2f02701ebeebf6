package render

import (
	"bufio"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/render/wording"
)

// writeMarkdown writes the page as CommonMark that GitHub, Hugo (goldmark)
// and Jekyll (kramdown) read alike: one list item per work, the person's
// name in bold, links written out.
func writeMarkdown(buf *bufio.Writer, p *page) error {
	buf.WriteString("# " + mdText(p.pageTitle()) + "\n\n")
	buf.WriteString(mdText(p.summary()))
	if p.lab != nil {
		buf.WriteString(mdLabHeader(p))
	} else {
		for _, o := range p.person.ORCIDs {
			buf.WriteString(" · ORCID " + mdLink(o, wording.ORCIDURL(o)))
		}
	}
	buf.WriteString("\n")
	if p.counts {
		buf.WriteString("\n" + mdLineStart(mdText(p.figuresLine())) + "\n")
	}
	for _, g := range p.groups {
		buf.WriteString("\n## " + mdText(g.title) + "\n\n")
		for _, e := range g.items {
			buf.WriteString("- " + mdEntry(p, e) + "\n")
		}
	}
	if len(p.credits) > 0 {
		buf.WriteString("\n---\n\n")
		var credits []string
		for _, c := range p.credits {
			text := wording.Clean(c.Attribution)
			if text == "" {
				text = p.providerTitle(c.Name)
			}
			if u := wording.WebURL(c.Terms); u != "" {
				credits = append(credits, mdLink(text, u))
			} else {
				credits = append(credits, mdText(text))
			}
		}
		buf.WriteString("Sources: " + strings.Join(credits, " · ") + ".\n")
	}
	return nil
}

func mdEntry(p *page, e *entry) string {
	var parts []string
	if names := mdAuthors(e); names != "" {
		parts = append(parts, names+".")
	}
	parts = append(parts, mdText(wording.Sentence(e.titleOf())))
	in, container, detail := wording.Venue(e.rec)
	var where []string
	if in != "" {
		where = append(where, mdText(in)) // it names the editors, as a service sent them
	}
	if container != "" {
		c := "*" + mdText(container) + "*"
		if detail != "" {
			c += ","
		}
		where = append(where, c)
	}
	if detail != "" {
		where = append(where, mdText(detail))
	}
	if len(where) > 0 {
		parts = append(parts, strings.Join(where, " ")+".")
	}
	if v := wording.VersionPhrase(entryVersion(e)); v != "" {
		parts = append(parts, mdText(v)+".")
	}
	if d := wording.LongDate(e.rec.Issued); d != "" {
		parts = append(parts, mdText(d)+".")
	}
	if p.group == ByYear {
		parts = append(parts, mdText(wording.KindLabel(e.rec))+".")
	}
	parts = append(parts, mdUserText(e)...)
	if _, credited := htmlEntryMembers(p, e); credited != "" { // a lab's page says why a member's list has it, as the HTML does
		parts = append(parts, mdText(credited)+".")
	}
	line := mdLineStart(strings.Join(parts, " "))
	if links := mdLinks(p, e); len(links) > 0 {
		line += " " + strings.Join(links, " · ")
	}
	return line
}

func mdAuthors(e *entry) string {
	return authorList(e, mdText, func(name string) string { return "**" + name + "**" })
}

func mdLinks(p *page, e *entry) []string {
	var out []string
	if doi := e.rec.IDs.DOI; doi != "" {
		out = append(out, mdLink("doi:"+doi, wording.DOIURL(doi)))
	} else if u := wording.LandingURL(e.rec); u != "" {
		out = append(out, mdLink("link", u))
	}
	for _, l := range p.idLinks(e.rec.IDs) {
		// Of the identifiers, a list links only the PubMed one, as it
		// always has; the others would change every list's lines.
		if l.Field == string(manifest.KindPMID) {
			out = append(out, mdLink(l.Text, l.URL))
		}
	}
	out = append(out, mdUserLinks(e)...)
	if oa := e.rec.OA; oa != nil {
		u := wording.WebURL(oa.URL)
		lic := wording.LicenceLabel(oa.License)
		switch {
		case u != "" && lic != "":
			out = append(out, mdLink("open access", u)+" ("+mdText(lic)+")")
		case u != "":
			out = append(out, mdLink("open access", u))
		case lic != "":
			out = append(out, "licence "+mdText(lic))
		}
	}
	for _, pre := range e.preprints {
		text := "preprint"
		if s := preprintServer(pre); s != "" {
			text += " (" + s + ")"
		}
		if u := p.workURL(pre); u != "" {
			out = append(out, mdLink(text, u))
		} else {
			out = append(out, mdText(text))
		}
	}
	if len(e.versions) > 0 {
		var vs []string
		for _, v := range e.versions {
			if u := p.workURL(v); u != "" {
				vs = append(vs, mdLink(versionLabel(v), u))
			} else {
				vs = append(vs, mdText(versionLabel(v)))
			}
		}
		out = append(out, "versions "+strings.Join(vs, ", "))
	}
	if c := p.citedBy(e); c != "" {
		out = append(out, mdText(c))
	}
	return out
}

// mdLink writes [text](url); url must come from wording.WebURL, wording.DOIURL or
// wording.EncodeURLBytes, so it holds no space, parenthesis or angle bracket.
func mdLink(text, url string) string { return "[" + mdText(text) + "](" + url + ")" }

// mdText is service text as Markdown shows it (wording.MarkdownText).
func mdText(s string) string { return wording.MarkdownText(s) }

// mdLineStart escapes what would turn the start of a list item into a
// block of its own: "- 1. x" is a nested list, "- + x" too.
func mdLineStart(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '-', '+', '=':
		return "\\" + s
	}
	if i := orderedListDelimiter(s); i > 0 {
		return s[:i] + "\\" + s[i:]
	}
	return s
}

// orderedListDelimiter is the offset of the "." or ")" after the digits
// s starts with ("1984. A novel"), which could make it an ordered list
// item; -1 when s does not start so.
func orderedListDelimiter(s string) int {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i > 0 && i < len(s) && (s[i] == '.' || s[i] == ')') {
		return i
	}
	return -1
}
