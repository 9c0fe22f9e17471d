#!/usr/bin/env python3
"""Regenerates the SVG conformance regression fixtures from a run of
../shared/conformance/run.py: every test that passed (tests.csv) is copied
here (SVG + reference PNG) with the resources they use and the suite's
licences, and passing.txt lists them. HairlineSVGTests/Render/
SVGConformanceTests.swift renders each one and fails if it stops passing.

    python3 Tests/SVGConformance/update.py --results /tmp/svgconf \
        --suite ../shared/conformance/resvg-tests

Only the groups of issue 33 are kept (structure, shapes, painting,
paint-servers, masking; `--groups` to change). With `--text-results DIR`,
a second run of the text category with only the repository's fonts
(`--font-dir Tests/HairlineTextTests/Fixtures/Fonts` instead of `{fonts}`),
the text tests that pass in both runs are kept too: the guard has only
those fonts, so a text test is guarded only if it passes with them. Text in them is drawn in
Noto Sans, as the harness draws it with the suite's fonts: the guard loads
Tests/HairlineTextTests/Fixtures/Fonts (run the harness with
`--hairline-args "--no-system-fonts --font-dir {fonts} --generic-family
'sans-serif=Noto Sans' ..."`).
"""
import argparse, csv, os, shutil

here = os.path.dirname(os.path.abspath(__file__))
ap = argparse.ArgumentParser()
ap.add_argument("--results", required=True)
ap.add_argument("--suite", required=True)
ap.add_argument("--groups", default="structure,shapes,painting,paint-servers,masking")
ap.add_argument("--text-results", help="a text run with the repository's fonts only")
args = ap.parse_args()
groups = set(args.groups.split(","))

def passed(results):
    rows = csv.DictReader(open(os.path.join(results, "tests.csv")))
    return {r["test"] for r in rows if r["hairline"] == "pass" and r["scored"] == "yes"}

first = passed(args.results)
passing = {t for t in first if t.split("/")[0] in groups}
if args.text_results:
    passing |= {t for t in passed(args.text_results) & first if t.split("/")[0] == "text"}
passing = sorted(passing)
tests_dir = os.path.join(here, "tests")
if os.path.isdir(tests_dir):
    shutil.rmtree(tests_dir)
for test in passing:
    for ext in (".svg", ".png"):
        src = os.path.join(args.suite, "tests", test + ext)
        dst = os.path.join(tests_dir, test + ext)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(src, dst)
# Resources the tests refer to (images), kept at the same relative place.
res_dst = os.path.join(here, "resources")
if os.path.isdir(res_dst):
    shutil.rmtree(res_dst)
shutil.copytree(os.path.join(args.suite, "resources"), res_dst)
for name in ("LICENSE-MIT", "LICENSE-APACHE", "SOURCE.txt"):
    shutil.copyfile(os.path.join(args.suite, name), os.path.join(here, name))
with open(os.path.join(here, "passing.txt"), "w") as fh:
    fh.write("\n".join(passing) + "\n")
print(f"{len(passing)} passing tests copied")
