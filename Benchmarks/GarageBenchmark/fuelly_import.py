#!/usr/bin/env python3
"""The baseline for GarageBenchmark: import a fuelly.com CSV export into SQLite the way a Python
script would, with the standard library's csv and sqlite3 modules.

It does the same work as Hearth's importer for this file shape: parse each row, convert the date,
numbers and flags, compute the total from price × gallons, derive a content id so a re-import adds
nothing (INSERT OR IGNORE), and insert everything in one transaction into a WAL database.

As on Hearth's side, opening the database, its pragmas and its schema happen before the clock starts.

Usage: fuelly_import.py FILE DATABASE
Prints one JSON line: {"seconds": …, "rows": …, "inserted": …, "maxrss_kb": …, "start_kb": …}
"""
import csv
import datetime
import hashlib
import json
import resource
import sqlite3
import sys
import time


def peak_rss_kb():
    """VmHWM, the process's peak resident memory. (ru_maxrss is not used: on Linux it keeps the peak of
    the process that forked this one.)"""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def main(path, database):
    connection = sqlite3.connect(database)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=NORMAL")
    connection.execute(
        """CREATE TABLE IF NOT EXISTS fuel_log (
             id BLOB PRIMARY KEY, vehicle_id BLOB NOT NULL, date TEXT NOT NULL, odometer INTEGER,
             gallons TEXT, total_cost TEXT, is_partial INTEGER NOT NULL, missed_previous INTEGER NOT NULL,
             station TEXT, notes TEXT, created_at TEXT NOT NULL, modified_at TEXT NOT NULL)"""
    )
    connection.commit()
    start_kb = peak_rss_kb()
    started = time.perf_counter()
    vehicle_id = bytes(16)
    now = datetime.datetime.now(datetime.timezone.utc).isoformat()
    counts = {"rows": 0}

    with open(path, newline="", encoding="utf-8") as handle:
        reader = csv.reader(handle)
        header = next(reader)
        column = {name: index for index, name in enumerate(header)}
        date_i, odometer_i, gallons_i = column["fuelup_date"], column["odometer"], column["gallons"]
        price_i, partial_i, missed_i = column["price"], column["partial_fuelup"], column["missed_fuelup"]
        brand_i, notes_i = column["brand"], column["notes"]

        def records():
            for row in reader:
                counts["rows"] += 1
                day = datetime.datetime.strptime(row[date_i].split(" ")[0], "%m/%d/%Y").date().isoformat()
                odometer = int(round(float(row[odometer_i]))) if row[odometer_i] else None
                gallons = round(float(row[gallons_i]), 3) if row[gallons_i] else None
                total = round(float(row[price_i]) * gallons, 2) if row[price_i] and gallons is not None else None
                gallons_text = f"{gallons:.3f}" if gallons is not None else None
                total_text = f"{total:.2f}" if total is not None else None
                key = f"{day}|{odometer}|{gallons_text}|{total_text}".encode()
                record_id = hashlib.sha256(vehicle_id + key).digest()[:16]
                yield (record_id, vehicle_id, day, odometer, gallons_text, total_text,
                       row[partial_i] == "1", row[missed_i] == "1", row[brand_i] or None, row[notes_i] or None, now, now)

        with connection:
            before = connection.total_changes
            connection.executemany("INSERT OR IGNORE INTO fuel_log VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", records())
            inserted = connection.total_changes - before
    elapsed = time.perf_counter() - started
    connection.close()
    print(json.dumps({
        "seconds": elapsed, "rows": counts["rows"], "inserted": inserted,
        "maxrss_kb": peak_rss_kb(), "start_kb": start_kb,
    }))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: fuelly_import.py FILE DATABASE")
    main(sys.argv[1], sys.argv[2])
