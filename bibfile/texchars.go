package bibfile

// The tables below mirror render/tex's (ascii.go, escape.go) in the
// other direction, with the commands people type that about never
// writes; TestTextReadsWhatRenderWrites holds them to render/tex.

// accents are LaTeX's accent commands and the combining mark each puts
// on its argument.
var accents = map[string]string{
	"`": "\u0300", "'": "\u0301", "^": "\u0302", "~": "\u0303", "=": "\u0304",
	"u": "\u0306", ".": "\u0307", "\"": "\u0308", "r": "\u030a", "H": "\u030b",
	"v": "\u030c", "d": "\u0323", "textcommabelow": "\u0326", "c": "\u0327",
	"k": "\u0328", "b": "\u0331", "t": "\u0361",
}

// symbols are the commands that print one character (or none).
var symbols = map[string]string{
	// letters of their own
	"o": "ø", "O": "Ø", "l": "ł", "L": "Ł", "ss": "ß", "SS": "SS", "ae": "æ", "AE": "Æ",
	"oe": "œ", "OE": "Œ", "aa": "å", "AA": "Å", "i": "ı", "j": "ȷ",
	"dh": "ð", "DH": "Ð", "th": "þ", "TH": "Þ", "dj": "đ", "DJ": "Đ", "ng": "ŋ", "NG": "Ŋ",
	// escaped specials
	"&": "&", "%": "%", "$": "$", "#": "#", "_": "_", "{": "{", "}": "}",
	"textbackslash": "\\", "textbraceleft": "{", "textbraceright": "}",
	"textasciitilde": "~", "textasciicircum": "^", "textless": "<", "textgreater": ">",
	"textunderscore": "_", "textbar": "|",
	// spaces and invisible marks
	",": "\u2009", "-": "\u00ad", " ": " ", "\\": " ", "/": "", "relax": "",
	"@": "", "nobreakspace": "\u00a0", "quad": " ", "qquad": " ",
	// punctuation and signs
	"textendash": "–", "textemdash": "—", "textquoteleft": "‘", "textquoteright": "’",
	"textquotedblleft": "“", "textquotedblright": "”", "dots": "…", "ldots": "…", "textellipsis": "…",
	"S": "§", "P": "¶", "pounds": "£", "textsterling": "£", "texteuro": "€", "euro": "€",
	"copyright": "©", "textcopyright": "©", "textregistered": "®", "texttrademark": "™",
	"textdegree": "°", "textbullet": "•", "dag": "†", "dagger": "†", "ddag": "‡", "ddagger": "‡",
	"textdagger": "†", "textdaggerdbl": "‡",
	"guillemotleft": "«", "guillemotright": "»", "guilsinglleft": "‹", "guilsinglright": "›",
	"quotedblbase": "„", "quotesinglbase": "‚", "textexclamdown": "¡", "textquestiondown": "¿",
	"LaTeX": "LaTeX", "TeX": "TeX", "BibTeX": "BibTeX",
}

// unwrapped are the commands whose argument is their text: fonts,
// emphasis, case protection, boxes, URLs. The switches (\em, \bf) print
// nothing.
var unwrapped = map[string]bool{
	"textit": true, "emph": true, "textbf": true, "textsc": true, "textrm": true,
	"texttt": true, "textsf": true, "textsl": true, "textup": true, "textmd": true,
	"textnormal": true, "mbox": true, "hbox": true, "text": true,
	"textsuperscript": true, "textsubscript": true, "NoCaseChange": true, "nocase": true,
	"ensuremath": true, "enquote": true, "mkbibquote": true, "mkbibemph": true,
	"em": true, "it": true, "bf": true, "sc": true, "rm": true, "tt": true, "sf": true, "sl": true,
	"itshape": true, "bfseries": true, "scshape": true, "upshape": true, "normalfont": true,
	"mdseries": true, "slshape": true, "small": true, "footnotesize": true, "scriptsize": true,
	"large": true, "Large": true, "tiny": true, "normalsize": true,
}

// dropsArgument are the commands whose argument prints nothing: sorting
// tricks BibTeX files define in their @preamble.
var dropsArgument = map[string]bool{
	"noopsort": true, "sortnoop": true, "SortNoop": true, "noop": true, "href": true,
}

// mathSigns are the math that is one character: what render/tex writes
// for Greek letters and signs, and the common ways people type them.
var mathSigns = map[string]string{
	"$-$": "−", `$\times$`: "×", `$\div$`: "÷", `$\pm$`: "±", `$\cdot$`: "·",
	`$\leq$`: "≤", `$\le$`: "≤", `$\geq$`: "≥", `$\ge$`: "≥", `$\approx$`: "≈", `$\neq$`: "≠",
	`$\sim$`: "∼", `$\infty$`: "∞", `$\rightarrow$`: "→", `$\to$`: "→", `$\leftarrow$`: "←",
	`$\leftrightarrow$`: "↔", `$\in$`: "∈", `$\sum$`: "∑", `$\int$`: "∫", `$\surd$`: "√",
	`$\partial$`: "∂", "$'$": "′", "$''$": "″", "$^{1}$": "¹", "$^{2}$": "²", "$^{3}$": "³",
	"$^1$": "¹", "$^2$": "²", "$^3$": "³", "$^{+}$": "⁺", "$^{-}$": "⁻",
	"$_{0}$": "₀", "$_{1}$": "₁", "$_{2}$": "₂", "$_{3}$": "₃", "$_{4}$": "₄",
	"$_{5}$": "₅", "$_{6}$": "₆", "$_{7}$": "₇", "$_{8}$": "₈", "$_{9}$": "₉",
	"$_2$": "₂", "$_3$": "₃",
	`$\alpha$`: "α", `$\beta$`: "β", `$\gamma$`: "γ", `$\delta$`: "δ", `$\epsilon$`: "ε",
	`$\varepsilon$`: "ε", `$\zeta$`: "ζ", `$\eta$`: "η", `$\theta$`: "θ", `$\iota$`: "ι",
	`$\kappa$`: "κ", `$\lambda$`: "λ", `$\mu$`: "μ", `$\nu$`: "ν", `$\xi$`: "ξ", "$o$": "ο",
	`$\pi$`: "π", `$\rho$`: "ρ", `$\varsigma$`: "ς", `$\sigma$`: "σ", `$\tau$`: "τ",
	`$\upsilon$`: "υ", `$\phi$`: "φ", `$\varphi$`: "φ", `$\chi$`: "χ", `$\psi$`: "ψ", `$\omega$`: "ω",
	`$\Gamma$`: "Γ", `$\Delta$`: "Δ", `$\Theta$`: "Θ", `$\Lambda$`: "Λ", `$\Xi$`: "Ξ",
	`$\Pi$`: "Π", `$\Sigma$`: "Σ", `$\Upsilon$`: "Υ", `$\Phi$`: "Φ", `$\Psi$`: "Ψ", `$\Omega$`: "Ω",
	`$\mathrm{A}$`: "Α", `$\mathrm{B}$`: "Β", `$\mathrm{E}$`: "Ε", `$\mathrm{Z}$`: "Ζ",
	`$\mathrm{H}$`: "Η", `$\mathrm{I}$`: "Ι", `$\mathrm{K}$`: "Κ", `$\mathrm{M}$`: "Μ",
	`$\mathrm{N}$`: "Ν", `$\mathrm{O}$`: "Ο", `$\mathrm{P}$`: "Ρ", `$\mathrm{T}$`: "Τ",
	`$\mathrm{X}$`: "Χ",
}
