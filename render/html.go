package render

import (
	"bytes"
	"fmt"
	"html"
	"strconv"
	"strings"
)

// pageCSS styles the HTML page. It is inline so the page is one file with
// no external assets: system fonts, colours from custom properties that a
// dark colour scheme and print each replace, one column that fits a phone.
// It holds no '<' or '&', so the page stays well-formed XML too.
const pageCSS = `
:root {
  color-scheme: light dark;
  --bg: #fdfcfa; --fg: #1f2328; --muted: #57606a; --faint: #7d848c; --rule: #e4e1dc;
  --accent: #0b57d0; --chip: #edf2fb; --chip-fg: #0b57d0; --oa: #e5f3e8; --oa-fg: #17693a;
  --mark: #ffe9a6;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #111318; --fg: #e7e7ea; --muted: #a7afba; --faint: #838b96; --rule: #2b3038;
    --accent: #8ab4f8; --chip: #1b2535; --chip-fg: #a8c7fa; --oa: #15291d; --oa-fg: #86d7a0;
    --mark: #5b4a0f;
  }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body {
  margin: 0; background: var(--bg); color: var(--fg);
  font: 1rem/1.6 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif;
}
.page { max-width: 48rem; margin: 0 auto; padding: 3rem 1.25rem 3rem; }
h1 {
  font-family: Charter, "Bitstream Charter", "Sitka Text", Cambria, Georgia, serif;
  font-size: clamp(1.6rem, 5vw, 2.25rem); line-height: 1.2; letter-spacing: -0.01em; margin: 0 0 0.4rem;
}
.lede { color: var(--muted); margin: 0 0 1.25rem; }
.lede a { white-space: nowrap; }
a { color: var(--accent); text-underline-offset: 0.15em; }
nav { display: flex; flex-wrap: wrap; gap: 0.4rem; margin: 0 0 1rem; }
nav a {
  font-size: 0.85rem; text-decoration: none; color: var(--muted);
  padding: 0.1rem 0.65rem; border: 1px solid var(--rule); border-radius: 999px;
}
nav a:hover, nav a:focus-visible { color: var(--accent); border-color: var(--accent); }
h2 {
  display: flex; align-items: baseline; gap: 0.6rem;
  font-size: 1.2rem; margin: 2.5rem 0 1rem; padding-bottom: 0.4rem; border-bottom: 1px solid var(--rule);
}
h2 .n { font-size: 0.8rem; font-weight: 400; color: var(--faint); }
.works { list-style: none; margin: 0; padding: 0; }
.work { margin: 0 0 1.5rem; overflow-wrap: anywhere; }
.work p { margin: 0; }
.title { font-weight: 600; font-size: 1.05rem; line-height: 1.4; }
.authors { color: var(--muted); font-size: 0.95rem; margin-top: 0.15rem; }
.me { color: var(--fg); font-weight: 700; background: linear-gradient(transparent 62%, var(--mark) 62%); }
.venue { color: var(--muted); font-size: 0.92rem; }
.venue cite { color: var(--fg); font-style: italic; }
.type { font-size: 0.72rem; letter-spacing: 0.05em; text-transform: uppercase; color: var(--faint); white-space: nowrap; }
.links { display: flex; flex-wrap: wrap; gap: 0.4rem; margin-top: 0.5rem; font-size: 0.82rem; }
.links a, .cites {
  display: inline-block; padding: 0.1rem 0.6rem; border-radius: 0.4rem; line-height: 1.55;
  background: var(--chip); color: var(--chip-fg); text-decoration: none;
}
.links a:hover, .links a:focus-visible { text-decoration: underline; }
.links a.oa { background: var(--oa); color: var(--oa-fg); }
.cites { background: transparent; color: var(--muted); border: 1px solid var(--rule); }
.versions { display: inline-block; padding: 0.1rem 0.6rem; border-radius: 0.4rem; line-height: 1.55; color: var(--muted); border: 1px solid var(--rule); }
.links .versions a { display: inline; padding: 0; border-radius: 0; background: none; color: var(--accent); }
footer { margin-top: 3.5rem; padding-top: 1rem; border-top: 1px solid var(--rule); color: var(--faint); font-size: 0.8rem; }
footer p { margin: 0.25rem 0; }
footer a { color: inherit; }
@media (max-width: 32rem) {
  .page { padding: 1.75rem 1rem 2rem; }
  .title { font-size: 1rem; }
}
@media print {
  :root {
    --bg: #fff; --fg: #000; --muted: #333; --faint: #555; --rule: #bbb;
    --accent: #000; --chip: transparent; --chip-fg: #000; --oa: transparent; --oa-fg: #000; --mark: transparent;
  }
  body { font-size: 10pt; }
  .page { max-width: none; padding: 0; }
  nav { display: none; }
  h2 { margin-top: 1.5rem; break-after: avoid; }
  .work { margin-bottom: 0.8rem; break-inside: avoid; }
  .links { margin-top: 0.15rem; gap: 0.9rem; }
  .links a, .cites, .versions { padding: 0; border: 0; }
  a { text-decoration: none; }
}
`

// projectURL is where the page's "made with" line points.
const projectURL = "https://github.com/aboutscholar/about"

// writeHTML writes the page as one self-contained HTML5 document. Every
// value goes through html.EscapeString; links only come from webURL,
// doiURL or encodeURLBytes, so no value can add markup or a script.
// Elements are always closed and void elements written as <x />, so the
// page is also well-formed XML (the tests parse it as such).
func writeHTML(buf *bytes.Buffer, p *page) error {
	esc := html.EscapeString
	title := p.pageTitle()
	buf.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n")
	buf.WriteString("<meta charset=\"utf-8\" />\n")
	buf.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />\n")
	buf.WriteString("<meta name=\"color-scheme\" content=\"light dark\" />\n")
	buf.WriteString("<meta name=\"generator\" content=\"about\" />\n")
	buf.WriteString("<title>" + esc(title) + "</title>\n")
	buf.WriteString("<style>" + pageCSS + "</style>\n</head>\n<body>\n<div class=\"page\">\n")

	buf.WriteString("<header>\n<h1>" + esc(title) + "</h1>\n<p class=\"lede\">" + esc(p.summary()))
	for _, o := range p.person.ORCIDs {
		buf.WriteString(" · <a href=\"" + esc("https://orcid.org/"+encodeURLBytes(o, "")) + "\">ORCID " + esc(o) + "</a>")
	}
	buf.WriteString("</p>\n")
	if len(p.groups) > 1 {
		buf.WriteString("<nav aria-label=\"Sections\">")
		for _, g := range p.groups {
			buf.WriteString("<a href=\"#s-" + esc(g.slug) + "\">" + esc(g.title) + "</a>")
		}
		buf.WriteString("</nav>\n")
	}
	buf.WriteString("</header>\n<main>\n")

	for _, g := range p.groups {
		fmt.Fprintf(buf, "<section id=\"s-%s\" aria-labelledby=\"h-%s\">\n", esc(g.slug), esc(g.slug))
		fmt.Fprintf(buf, "<h2 id=\"h-%s\">%s <span class=\"n\">%s</span></h2>\n", esc(g.slug), esc(g.title), esc(countLabel(len(g.items))))
		buf.WriteString("<ol class=\"works\">\n")
		for _, e := range g.items {
			htmlEntry(buf, p, e)
		}
		buf.WriteString("</ol>\n</section>\n")
	}
	buf.WriteString("</main>\n<footer>\n")
	if len(p.credits) > 0 {
		buf.WriteString("<p>Sources: ")
		for i, c := range p.credits {
			if i > 0 {
				buf.WriteString(" · ")
			}
			text := clean(c.Attribution)
			if text == "" {
				text = p.providerTitle(c.Name)
			}
			if u := webURL(c.Terms); u != "" {
				buf.WriteString("<a href=\"" + esc(u) + "\">" + esc(text) + "</a>")
			} else {
				buf.WriteString(esc(text))
			}
		}
		buf.WriteString(".</p>\n")
	}
	buf.WriteString("<p>Made with <a href=\"" + projectURL + "\">about</a> from committed snapshots.</p>\n")
	buf.WriteString("</footer>\n</div>\n</body>\n</html>\n")
	return nil
}

func countLabel(n int) string {
	if n == 1 {
		return "1 work"
	}
	return strconv.Itoa(n) + " works"
}

func htmlEntry(buf *bytes.Buffer, p *page, e *entry) {
	esc := html.EscapeString
	buf.WriteString("<li class=\"work\" id=\"" + esc(e.key) + "\">\n")
	buf.WriteString("<p class=\"title\">" + esc(e.titleOf()) + "</p>\n")
	if len(e.rec.Authors) > 0 {
		buf.WriteString("<p class=\"authors\">" + htmlAuthors(e) + "</p>\n")
	}
	buf.WriteString("<p class=\"venue\">" + strings.Join(htmlVenue(p, e), " · ") + "</p>\n")
	if links := htmlLinks(p, e); len(links) > 0 {
		buf.WriteString("<p class=\"links\">" + strings.Join(links, " ") + "</p>\n")
	}
	buf.WriteString("</li>\n")
}

// htmlVenue is the venue line's parts: where the work appeared, its date
// and, on a page by year, its type.
func htmlVenue(p *page, e *entry) []string {
	esc := html.EscapeString
	var parts []string
	in, container, detail := venue(e.rec)
	if container != "" {
		v := "<cite>" + esc(container) + "</cite>"
		if in != "" {
			v = esc(in) + " " + v
		}
		if detail != "" {
			v += ", " + esc(detail)
		}
		parts = append(parts, v)
	} else if detail != "" {
		parts = append(parts, esc(detail))
	}
	if d := e.rec.Issued; !d.IsZero() {
		parts = append(parts, "<time datetime=\""+esc(d.String())+"\">"+esc(longDate(d))+"</time>")
	}
	if p.group == ByYear {
		parts = append(parts, "<span class=\"type\">"+esc(typeLabel(e.rec.Type))+"</span>")
	}
	return parts
}

// htmlLinks is the links line's chips: the DOI or landing page, open
// access, preprints, versions and the citation count.
func htmlLinks(p *page, e *entry) []string {
	esc := html.EscapeString
	var links []string
	link := func(class, href, text string) {
		links = append(links, "<a class=\""+class+"\" href=\""+esc(href)+"\">"+esc(text)+"</a>")
	}
	if doi := e.rec.IDs.DOI; doi != "" {
		link("doi", doiURL(doi), "doi:"+doi)
	} else if u := landingURL(e.rec); u != "" {
		link("url", u, "Link")
	}
	if oa := e.rec.OA; oa != nil {
		u := webURL(oa.URL)
		lic := licenceLabel(oa.License)
		switch {
		case u != "" && lic != "":
			link("oa", u, "Open access · "+lic)
		case u != "":
			link("oa", u, "Open access")
		case lic != "":
			links = append(links, "<span class=\"cites\">Licence "+esc(lic)+"</span>")
		}
	}
	for _, pre := range e.preprints {
		text := "Preprint"
		if s := preprintServer(pre); s != "" {
			text += " · " + s
		}
		if u := workURL(pre); u != "" {
			link("pre", u, text)
		} else {
			links = append(links, "<span class=\"cites\">"+esc(text)+"</span>")
		}
	}
	if len(e.versions) > 0 {
		links = append(links, htmlVersions(e.versions))
	}
	if c := p.citedBy(e); c != "" {
		links = append(links, "<span class=\"cites\">"+esc(c)+"</span>")
	}
	return links
}

// htmlVersions is the chip listing an entry's versions, each linked when
// it has a URL.
func htmlVersions(versions []*entry) string {
	esc := html.EscapeString
	var vs []string
	for _, v := range versions {
		if u := workURL(v); u != "" {
			vs = append(vs, "<a href=\""+esc(u)+"\">"+esc(versionLabel(v))+"</a>")
		} else {
			vs = append(vs, esc(versionLabel(v)))
		}
	}
	return "<span class=\"versions\">Versions " + strings.Join(vs, ", ") + "</span>"
}

func htmlAuthors(e *entry) string {
	return authorList(e, html.EscapeString, func(name string) string { return "<strong class=\"me\">" + name + "</strong>" })
}
