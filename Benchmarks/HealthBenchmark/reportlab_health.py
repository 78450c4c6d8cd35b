"""The PDF baseline of HealthBenchmark: one PDF per medical record, from its JSON v1 export, with ReportLab.

    python3 reportlab_health.py JSON_DIR OUT_DIR COUNT

Prints the seconds spent rendering (reading the JSON files is outside the timing).
"""
import json
import os
import sys
import time

from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

SECTIONS = [
    ("Vaccinations", "vaccinations", ["vaccinationDate", "vaccinationName", "vaccinationInfo", "vaccinationPlace", "vaccinationComment"]),
    ("Allergies", "allergy", ["allergyDate", "allergyName", "allergyInformation", "allergyComment"]),
    ("Medications", "drugs", ["drugDate", "drugName", "drugComment"]),
    ("Illnesses", "illness", ["illnessDate", "illnessName", "illnessComment"]),
    ("Blood", "blood", ["bloodDate", "bloodName", "bloodComment"]),
    ("Weights", "weights", ["weightDate", "weightKg", "weightComment"]),
]


def table(rows):
    t = Table(rows, repeatRows=1)
    t.setStyle(TableStyle([("FONT", (0, 0), (-1, 0), "Helvetica-Bold"), ("GRID", (0, 0), (-1, -1), 0.25, colors.grey)]))
    return t


def render(record, path):
    styles = getSampleStyleSheet()
    info = record.get("petinformation") or record["personalinformation"]
    name = info.get("personalName") or " - ".join(v for v in (info.get("personalFamilyName"), info.get("personalGivenName")) if v) or "Person"
    story = [Paragraph(name + " - Medical Record", styles["Title"])]
    story.append(table([["Field", "Value"]] + [[k, str(v)] for k, v in sorted(record["personalinformation"].items())]))
    for title, key, columns in SECTIONS:
        entries = record.get(key) or []
        if not entries:
            continue
        story += [Spacer(1, 8), Paragraph(title, styles["Heading2"]), table([columns] + [[str(e.get(c, "")) for c in columns] for e in entries])]
    weights = [(i, float(w["weightKg"])) for i, w in enumerate(record.get("weights") or [])]
    if weights:
        drawing = Drawing(400, 150)
        plot = LinePlot()
        plot.x, plot.y, plot.width, plot.height = 40, 20, 340, 110
        plot.data = [weights]
        drawing.add(plot)
        story += [Paragraph("Weight", styles["Heading2"]), drawing]
    SimpleDocTemplate(path, pagesize=A4).build(story)


def main():
    source, target, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    records = []
    for index in range(count):
        with open(os.path.join(source, f"{index}.json"), encoding="utf-8") as handle:
            records.append(json.load(handle))
    start = time.perf_counter()
    for index, record in enumerate(records):
        render(record, os.path.join(target, f"{index}.pdf"))
    print(time.perf_counter() - start)


if __name__ == "__main__":
    main()
