#!/usr/bin/env python3
"""Checks an OpenACR report as GSA's validator does: the JSON Schema (draft-07, Python's jsonschema
over PyYAML's safe_load, so a date or number YAML reads as something else fails), then against a
catalog: every criterion number exists in its chapter, every component is one the criterion allows,
and every level is one of the catalog's terms. Prints a JSON report; exits 1 when the report fails
a check, 2 when the check cannot run.

    python3 Scripts/check_openacr.py REPORT.yaml OPENACR_FOLDER [CATALOG_NAME]

OPENACR_FOLDER holds openacr-0.1.0.json and the catalogs (../shared/openacr); CATALOG_NAME defaults
to the report's own `catalog`.
"""
import json
import pathlib
import sys


def main():
    if len(sys.argv) not in (3, 4):
        print(__doc__, file=sys.stderr)
        return 2
    try:
        import jsonschema
        import yaml
    except ImportError as error:
        print(f"cannot check: {error}; run Scripts/install-deps.sh", file=sys.stderr)
        return 2
    report_path, folder = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    problems = []
    try:
        report = yaml.safe_load(report_path.read_text(encoding="utf-8"))
    except yaml.YAMLError as error:
        print(json.dumps({"valid": False, "problems": [f"not YAML: {error}"]}, indent=2))
        return 1
    schema = json.loads((folder / "openacr-0.1.0.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft7Validator(schema)
    for error in sorted(validator.iter_errors(report), key=lambda e: list(e.path)):
        problems.append(f"schema: {'/'.join(str(p) for p in error.path)}: {error.message}")
    name = sys.argv[3] if len(sys.argv) == 4 else (report or {}).get("catalog", "")
    catalog_path = folder / f"{name}.yaml"
    if not catalog_path.exists():
        problems.append(f"catalog: no catalog named {name!r} in {folder}")
    else:
        catalog = yaml.safe_load(catalog_path.read_text(encoding="utf-8"))
        terms = {term["id"] for term in catalog.get("terms", [])}
        if not terms:
            terms = {term["id"] for term in yaml.safe_load((folder / "terms.yaml").read_text())["terms"]}
        chapters = {chapter["id"]: {c["id"]: c.get("components", []) for c in chapter.get("criteria", [])}
                    for chapter in catalog.get("chapters", [])}
        for chapter_id, chapter in ((report or {}).get("chapters") or {}).items():
            if chapter_id not in chapters:
                problems.append(f"catalog: chapter {chapter_id} is not in {name}")
                continue
            for criterion in chapter.get("criteria") or []:
                number = criterion.get("num")
                if number not in chapters[chapter_id]:
                    problems.append(f"catalog: {chapter_id} has no criterion {number!r}")
                    continue
                for component in criterion.get("components") or []:
                    if component.get("name") not in chapters[chapter_id][number]:
                        problems.append(f"catalog: {number} does not allow the component {component.get('name')!r}")
                    level = (component.get("adherence") or {}).get("level")
                    if level not in terms:
                        problems.append(f"catalog: {number} {component.get('name')}: {level!r} is not a term")
    print(json.dumps({"valid": not problems, "problems": problems}, indent=2))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
