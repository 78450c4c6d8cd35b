#!/usr/bin/env python3
"""The baseline for FinanceBenchmark's CSV import: import a Hearth transactions CSV into SQLite the way a
Python script would, with the standard library's csv and sqlite3 modules.

It does the work Hearth's importer does for this file: parse each row, check and convert the id, the
timestamps, the amount (exact, to cents), the category, the flag and the tags, skip ids already stored
(INSERT … ON CONFLICT DO NOTHING), and insert everything in one transaction into a WAL database with the
same table and indexes. Opening the database, its pragmas and its schema happen before the clock starts,
as on Hearth's side.

Usage: finance_import.py FILE DATABASE
Prints one JSON line: {"seconds": …, "rows": …, "inserted": …, "maxrss_kb": …, "start_kb": …}
"""
import csv
import datetime
import decimal
import json
import sqlite3
import sys
import time
import uuid

CATEGORIES = {
    "Food & Dining", "Transportation", "Shopping", "Entertainment", "Bills & Utilities", "Healthcare",
    "Income", "Transfer", "Investment", "Other",
}
EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)


def peak_rss_kb():
    """VmHWM, the process's peak resident memory."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def milliseconds(text):
    moment = datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
    return (moment - EPOCH) // datetime.timedelta(milliseconds=1)


def cents(text):
    value = decimal.Decimal(text)
    scaled = value * 100
    if scaled != scaled.to_integral_value() or value == 0:
        raise ValueError(f"bad amount {text}")
    return int(scaled)


def main(path, database):
    connection = sqlite3.connect(database)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=NORMAL")
    connection.executescript(
        """CREATE TABLE IF NOT EXISTS financeTransaction (
             localID INTEGER PRIMARY KEY,
             id BLOB NOT NULL UNIQUE CHECK (length(id) = 16),
             title TEXT NOT NULL COLLATE NOCASE,
             subtitle TEXT NOT NULL DEFAULT '',
             amount INTEGER NOT NULL CHECK (amount <> 0),
             category TEXT NOT NULL,
             date INTEGER NOT NULL,
             isRecurring INTEGER NOT NULL,
             tags TEXT NOT NULL DEFAULT '',
             updatedAt INTEGER NOT NULL);
           CREATE INDEX IF NOT EXISTS financeTransaction_date ON financeTransaction(date);
           CREATE INDEX IF NOT EXISTS financeTransaction_recurring ON financeTransaction(date) WHERE isRecurring = 1;"""
    )
    connection.commit()
    start_kb = peak_rss_kb()
    started = time.perf_counter()
    counts = {"rows": 0}

    with open(path, newline="", encoding="utf-8") as handle:
        reader = csv.reader(handle)
        header = next(reader)
        column = {name: index for index, name in enumerate(header)}
        id_i, date_i, title_i, subtitle_i = column["id"], column["date"], column["title"], column["subtitle"]
        amount_i, category_i, recurring_i = column["amount"], column["category"], column["isRecurring"]
        tags_i, updated_i = column["tags"], column["updatedAt"]

        def records():
            for row in reader:
                counts["rows"] += 1
                title = row[title_i].strip()
                if not title:
                    raise ValueError(f"row {counts['rows']}: empty title")
                category = row[category_i]
                if category not in CATEGORIES:
                    raise ValueError(f"row {counts['rows']}: unknown category {category}")
                tags = [tag.strip() for tag in row[tags_i].split(";") if tag.strip()]
                yield (
                    uuid.UUID(row[id_i]).bytes, title, row[subtitle_i], cents(row[amount_i]), category,
                    milliseconds(row[date_i]), row[recurring_i] == "true",
                    ";" + ";".join(tags) + ";" if tags else "", milliseconds(row[updated_i]),
                )

        with connection:
            before = connection.total_changes
            connection.executemany(
                "INSERT INTO financeTransaction (id, title, subtitle, amount, category, date, isRecurring, tags, updatedAt) "
                "VALUES (?,?,?,?,?,?,?,?,?) ON CONFLICT(id) DO NOTHING",
                records(),
            )
            inserted = connection.total_changes - before
    elapsed = time.perf_counter() - started
    connection.close()
    print(json.dumps({
        "seconds": elapsed, "rows": counts["rows"], "inserted": inserted,
        "maxrss_kb": peak_rss_kb(), "start_kb": start_kb,
    }))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: finance_import.py FILE DATABASE")
    main(sys.argv[1], sys.argv[2])
