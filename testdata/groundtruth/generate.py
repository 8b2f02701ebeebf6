#!/usr/bin/env python3
"""Writes the ground-truth record's service answers (see SOURCES.md).

Run from this folder: python3 generate.py. Shapes follow the real answers in
testdata/orcid, testdata/crossref, testdata/openalex and testdata/datacite."""
import json

OWNER = "0000-0002-5555-0005"  # checksum-valid, made up
MS = {"value": 1700000000000}


def orcid_id(value):
    return {"uri": "https://orcid.org/" + value, "path": value, "host": "orcid.org"}


def ext_ids(doi):
    if not doi:
        return {"external-id": []}
    return {"external-id": [{"external-id-type": "doi", "external-id-value": doi,
                             "external-id-normalized": {"value": doi.lower(), "transient": True},
                             "external-id-normalized-error": None, "external-id-url": None,
                             "external-id-relationship": "self"}]}


def pubdate(y, m=None):
    d = {"year": {"value": str(y)}, "month": None, "day": None}
    if m:
        d["month"] = {"value": "%02d" % m}
    return d


def source(name, client):
    if client:
        return {"source-orcid": None, "source-client-id": {"uri": "https://orcid.org/client/APP-0000000000000000", "path": "APP-0000000000000000", "host": "orcid.org"},
                "source-name": {"value": name}, "assertion-origin-orcid": None, "assertion-origin-client-id": None, "assertion-origin-name": None}
    return {"source-orcid": orcid_id(OWNER), "source-client-id": None, "source-name": {"value": name},
            "assertion-origin-orcid": None, "assertion-origin-client-id": None, "assertion-origin-name": None}


# put-code, DOI or None (typed by hand), title, ORCID type, year, month, contributors' credit names
WORKS = [
    (101, "10.5555/gt.bounds", "Is x < y? Bounds for catalysis robust", "journal-article", 2020, 3, ["Michael Jensen", "Nguyễn Văn An"]),
    (102, None, "Is X < Y? Bounds For Catalysis Robust.", "journal-article", 2020, None, ["Michael Jensen"]),
    (103, "10.5555/gt.effects", "Effects at p<0.05 and n>3", "journal-article", 2020, 11, ["Michael Jensen", "Łukasz Żółw"]),
    (104, None, "Effects At P<0.05 And N>3.", "journal-article", 2021, None, []),
    (105, "10.5281/zenodo.777", "Catalyst measurements from the Müller kiln", "data-set", 2019, None, ["Hans Müller", "Michael Jensen"]),
    (106, "10.5555/gt.kiln", "Kiln physics", "journal-article", 2015, None, ["Michael Jensen"]),
    (107, None, "Kiln Physics", "journal-article", 2019, None, ["Michael Jensen"]),
    (108, "10.5555/gt.crazing", "Glaze crazing in stoneware: a field study", "journal-article", 2021, None, ["Michael Jensen"]),
    (109, None, "Glaze Crazing in Stoneware", "journal-article", 2021, None, ["Michael Jensen"]),
    (110, None, "Catalysis at low temperature", "conference-poster", 2022, 6, ["Michael Jensen", "李明"]),
    (111, None, "Limits of catalysis", "journal-article", 2023, None, ["Michael Jensen"]),
    (112, "10.5555/gt.thermal", "Thermal stress in glazes", "journal-article", 2020, None, ["Łukasz Żółw", "Michael Jensen"]),
    (113, "10.1101/2023.01.02.000113", "Catalyst ageing, a preprint", "preprint", 2023, 1, ["Michael Jensen"]),
]


def contributors(names):
    out = []
    for i, n in enumerate(names):
        out.append({"contributor-orcid": orcid_id(OWNER) if n == "Michael Jensen" else None,
                    "credit-name": {"value": n}, "contributor-email": None,
                    "contributor-attributes": {"contributor-sequence": "first" if i == 0 else "additional", "contributor-role": "author"}})
    return {"contributor": out}


def orcid():
    groups, bulk = [], []
    for put, doi, title, typ, y, m, names in WORKS:
        hand = doi is None
        summary = {"created-date": MS, "last-modified-date": MS, "source": source("Michael Jensen" if hand else "Crossref", not hand),
                   "put-code": put, "title": {"title": {"value": title}, "subtitle": None, "translated-title": None},
                   "external-ids": ext_ids(doi), "url": None, "type": typ, "publication-date": pubdate(y, m),
                   "journal-title": None, "visibility": "public", "path": "/%s/work/%d" % (OWNER, put), "display-index": "1"}
        groups.append({"last-modified-date": MS, "external-ids": ext_ids(doi), "work-summary": [summary]})
        work = {k: v for k, v in summary.items() if k != "display-index"}
        work.update({"short-description": None, "citation": None, "contributors": contributors(names), "language-code": "en", "country": None})
        bulk.append({"work": work})
    return ({"last-modified-date": MS, "group": groups, "path": "/%s/works" % OWNER},
            {"bulk": bulk})


def person():
    return {"last-modified-date": None,
            "name": {"created-date": MS, "last-modified-date": MS, "given-names": {"value": "Michael"}, "family-name": {"value": "Jensen"},
                     "credit-name": {"value": "Michael Jensen"}, "source": None, "visibility": "public", "path": OWNER},
            "other-names": {"last-modified-date": None, "other-name": [], "path": "/%s/other-names" % OWNER},
            "biography": None, "path": "/%s/person" % OWNER}


def date_parts(y, m=None):
    return {"date-parts": [[y, m] if m else [y]]}


def crossref(doi, title, y, m, authors, license_url, typ="journal-article", publisher="Ground Truth Press"):
    msg = {"indexed": {"date-parts": [[2025, 1, 1]]}, "publisher": publisher, "DOI": doi, "type": typ,
           "title": [title], "prefix": doi.split("/")[0], "author": [], "container-title": ["Journal of Ground Truth"],
           "issued": date_parts(y, m), "published": date_parts(y, m), "URL": "https://doi.org/" + doi,
           "is-referenced-by-count": 3, "member": "7822", "source": "Crossref"}
    for i, (given, family) in enumerate(authors):
        a = {"given": given, "family": family, "sequence": "first" if i == 0 else "additional", "affiliation": []}
        if family == "Jensen":
            a["ORCID"] = "https://orcid.org/" + OWNER
            a["authenticated-orcid"] = True
        msg["author"].append(a)
    if typ == "posted-content":
        # bioRxiv's records: the publisher is the laboratory, the server an institution
        msg.update({"subtype": "preprint", "institution": [{"name": "bioRxiv"}], "container-title": []})
    if license_url:
        msg["license"] = [{"start": {"date-parts": [[y, 1, 1]]}, "content-version": "vor", "delay-in-days": 0, "URL": license_url}]
    return {"status": "ok", "message-type": "work", "message-version": "1.0.0", "message": msg}


def openalex(doi, n, title, date, typ, names, license, oa_url, known=None):
    """known: name -> (ORCID iD, institution) OpenAlex has and the registrar lacks."""
    known = known or {}
    w = {"id": "https://openalex.org/W900000%04d" % n, "doi": "https://doi.org/" + doi, "title": title, "display_name": title,
         "publication_year": int(date[:4]), "publication_date": date, "ids": {"openalex": "https://openalex.org/W900000%04d" % n, "doi": "https://doi.org/" + doi},
         "language": "en", "type": typ, "authorships": [], "cited_by_count": 4,
         "open_access": {"is_oa": True, "oa_status": "gold", "oa_url": oa_url, "any_repository_has_fulltext": False},
         "best_oa_location": {"is_oa": True, "landing_page_url": oa_url, "pdf_url": None, "source": None, "license": license,
                              "license_id": ("https://openalex.org/licenses/" + license) if license else None, "version": "publishedVersion"},
         "counts_by_year": [], "updated_date": "2025-01-01T00:00:00", "created_date": "2024-01-01"}
    for i, name in enumerate(names):
        w["authorships"].append({"author_position": "first" if i == 0 else "middle", "author": {"id": "https://openalex.org/A90000%02d" % i, "display_name": name,
                                 "orcid": ("https://orcid.org/" + OWNER) if name == "Michael Jensen" else (("https://orcid.org/" + known[name][0]) if name in known else None)},
                                 "institutions": [{"id": "https://openalex.org/I900000", "display_name": known[name][1], "type": "education"}] if name in known else [], "countries": [], "is_corresponding": False, "raw_author_name": name, "raw_affiliation_strings": []})
    return w


def datacite():
    doi = "10.5281/zenodo.777"
    return {"data": {"id": doi, "type": "dois", "attributes": {
        "doi": doi, "prefix": "10.5281", "suffix": "zenodo.777", "identifiers": [], "alternateIdentifiers": [],
        "creators": [{"name": "Müller, Hans", "nameType": "Personal", "givenName": "Hans", "familyName": "Müller", "affiliation": [], "nameIdentifiers": []},
                     {"name": "Jensen, Michael", "nameType": "Personal", "givenName": "Michael", "familyName": "Jensen", "affiliation": [],
                      "nameIdentifiers": [{"schemeUri": "https://orcid.org", "nameIdentifier": "https://orcid.org/" + OWNER, "nameIdentifierScheme": "ORCID"}]}],
        "titles": [{"title": "Catalyst measurements from the Müller kiln"}], "publisher": "Zenodo", "container": {},
        "publicationYear": 2019, "subjects": [], "contributors": [], "dates": [{"date": "2019", "dateType": "Issued"}],
        "language": None, "types": {"ris": "DATA", "bibtex": "misc", "citeproc": "dataset", "schemaOrg": "Dataset", "resourceTypeGeneral": "Dataset"},
        "relatedIdentifiers": [], "relatedItems": [], "sizes": [], "formats": [], "version": None, "rightsList": [],
        "descriptions": [], "url": "https://zenodo.org/records/777", "state": "findable",
        "published": "2019", "registered": "2019-05-14T10:00:00Z", "updated": "2024-01-01T00:00:00Z"}}}


def write(name, value):
    with open(name, "w", encoding="utf-8") as f:
        json.dump(value, f, ensure_ascii=False, indent=2)
        f.write("\n")


works, bulk = orcid()
write("orcid-works.json", works)
write("orcid-works-bulk.json", bulk)
write("orcid-person.json", person())
CC_BY = "http://creativecommons.org/licenses/by/4.0/"
write("crossref-10.5555-gt.bounds.json", crossref("10.5555/gt.bounds", "Is x < y? Bounds for catalysis robust", 2020, 3, [("M.", "Jensen"), ("Văn An", "Nguyễn")], CC_BY))
write("crossref-10.5555-gt.effects.json", crossref("10.5555/gt.effects", "Effects at p<0.05 and n>3", 2020, 11, [("M.", "Jensen"), ("Ł.", "Żółw")], CC_BY))
write("crossref-10.5555-gt.kiln.json", crossref("10.5555/gt.kiln", "Kiln physics", 2015, 4, [("Michael", "Jensen")], None))
write("crossref-10.5555-gt.crazing.json", crossref("10.5555/gt.crazing", "Glaze crazing in stoneware: a field study", 2021, 2, [("Michael", "Jensen")], None))
write("openalex-10.5555-gt.bounds.json", openalex("10.5555/gt.bounds", 1, "Is x < y? Bounds for catalysis robust", "2020-03-09", "article", ["Michael Jensen", "Nguyễn Văn An"], None, "https://gt.example.org/bounds"))
ZOLW = {"Łukasz Żółw": ("0000-0002-5555-0013", "University of Wrocław")}  # checksum-valid, made up
write("openalex-10.5555-gt.effects.json", openalex("10.5555/gt.effects", 2, "Effects at p<0.05 and n>3", "2020-11-20", "article", ["Michael Jensen", "Łukasz Żółw"], None, "https://gt.example.org/effects", ZOLW))
# Crossref and OpenAlex disagree on the year: the registrar's is kept, the other is a conflict
write("crossref-10.5555-gt.thermal.json", crossref("10.5555/gt.thermal", "Thermal stress in glazes", 2020, None, [("Łukasz", "Żółw"), ("Michael", "Jensen")], None))
write("openalex-10.5555-gt.thermal.json", openalex("10.5555/gt.thermal", 4, "Thermal stress in glazes", "2021-01-15", "article", ["Łukasz Żółw", "Michael Jensen"], None, None))
write("crossref-10.1101-2023.01.02.000113.json", crossref("10.1101/2023.01.02.000113", "Catalyst ageing, a preprint", 2023, 1, [("Michael", "Jensen")], None,
                                                           "posted-content", "Cold Spring Harbor Laboratory"))
write("openalex-10.5281-zenodo.777.json", openalex("10.5281/zenodo.777", 3, "Catalyst measurements from the Müller kiln", "2019-05-14", "dataset", ["Hans Müller", "Michael Jensen"], "cc-by", "https://zenodo.org/records/777"))
write("datacite-10.5281-zenodo.777.json", datacite())
