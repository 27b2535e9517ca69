#!/usr/bin/env python3
"""Writes the Section 508 and EN 301 549 chapters and clauses Exhibit's ACR editions report on, from
GSA's VPAT 2.5 International edition catalog, as two tab-separated tables in
Sources/ExhibitKit/Conformance/Resources:

- acr-chapters.tsv: `standard` (508 or en), `chapter` (OpenACR's chapter key), `label` (the VPAT's
  chapter heading), in the catalog's order;
- acr-clauses.tsv: `chapter`, `number`, `handle`, in the catalog's order.

Run it again when the catalog changes; the tests write the tables into a temporary folder (the
second argument) and compare them with the shipped ones.

    python3 Scripts/make_acr_clauses.py ../shared/openacr/2.5-edition-wcag-2.2-508-eu-en.yaml [FOLDER]
"""
import pathlib
import re
import sys

import yaml

STANDARDS = {"508": "508", "eu": "en"}


def main():
    if len(sys.argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    catalog = yaml.safe_load(pathlib.Path(sys.argv[1]).read_text(encoding="utf-8"))
    standard_of = {}
    for standard in catalog["standards"]:
        for chapter in standard.get("chapters", []):
            if standard["id"] in STANDARDS:
                standard_of[chapter] = STANDARDS[standard["id"]]
    chapters = ["standard\tchapter\tlabel"]
    clauses = ["chapter\tnumber\thandle"]
    for chapter in catalog["chapters"]:
        standard = standard_of.get(chapter["id"])
        if standard is None:
            continue
        chapters.append(f"{standard}\t{chapter['id']}\t{chapter['label']}")
        for criterion in chapter.get("criteria") or []:
            number = str(criterion["id"])
            # One handle in the catalog repeats its own number ("11.5.2.4 Assistive technology").
            handle = re.sub(rf"^{re.escape(number)}\s+", "", criterion["handle"].strip())
            clauses.append(f"{chapter['id']}\t{number}\t{handle}")
    folder = (pathlib.Path(sys.argv[2]) if len(sys.argv) == 3
              else pathlib.Path(__file__).resolve().parent.parent / "Sources/ExhibitKit/Conformance/Resources")
    (folder / "acr-chapters.tsv").write_text("\n".join(chapters) + "\n", encoding="utf-8")
    (folder / "acr-clauses.tsv").write_text("\n".join(clauses) + "\n", encoding="utf-8")
    print(f"{len(chapters) - 1} chapters, {len(clauses) - 1} clauses")
    return 0


if __name__ == "__main__":
    sys.exit(main())
