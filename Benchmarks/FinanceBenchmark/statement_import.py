#!/usr/bin/env python3
"""The baseline for FinanceBenchmark's statement imports: import a bank statement into SQLite the way a
Python script would.

csv: the standard library's csv module on a bank export (`Date;Payee;Memo;Amount`, day-first dates,
decimal commas); ofx: ofxtools' parser (OFXTree, then its typed models). Either way each transaction is
checked and converted (the date, the amount exactly to cents), given an id derived with SHA-256 from its
account and content (or FITID), and inserted with INSERT … ON CONFLICT DO NOTHING in one transaction into
a WAL database with the same table and indexes as Hearth's. Opening the database and its schema happen
before the clock starts, as on Hearth's side.

Usage: statement_import.py csv|ofx FILE DATABASE
Prints one JSON line: {"seconds": …, "rows": …, "inserted": …, "maxrss_kb": …}
"""
import csv
import datetime
import decimal
import hashlib
import json
import sqlite3
import sys
import time

EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)


def peak_rss_kb():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def name_id(*parts):
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8")
        digest.update(len(data).to_bytes(4, "big"))
        digest.update(data)
    raw = bytearray(digest.digest()[:16])
    raw[6] = (raw[6] & 0x0F) | 0x80
    raw[8] = (raw[8] & 0x3F) | 0x80
    return bytes(raw)


def cents(value):
    scaled = value * 100
    if scaled != scaled.to_integral_value() or value == 0:
        raise ValueError(f"bad amount {value}")
    return int(scaled)


def csv_records(path, counts, now):
    with open(path, newline="", encoding="utf-8") as handle:
        reader = csv.reader(handle, delimiter=";")
        header = [name.strip().lower() for name in next(reader)]
        date_i, payee_i, memo_i, amount_i = (header.index(n) for n in ("date", "payee", "memo", "amount"))
        for row in reader:
            counts["rows"] += 1
            day, month, year = (int(part) for part in row[date_i].split("/"))
            moment = datetime.datetime(year, month, day, tzinfo=datetime.timezone.utc)
            ms = (moment - EPOCH) // datetime.timedelta(milliseconds=1)
            amount = decimal.Decimal(row[amount_i].strip().replace(".", "").replace(",", "."))
            payee, memo = row[payee_i].strip(), row[memo_i].strip()
            ident = name_id("", str(ms), str(amount), payee, memo)
            yield (ident, payee or memo, memo, cents(amount), "Other", ms, 0, "", now)


def ofx_records(path, counts, now):
    from ofxtools.Parser import OFXTree

    tree = OFXTree()
    tree.parse(path)
    ofx = tree.convert()
    for statement in ofx.statements:
        account = statement.account.acctid
        for transaction in statement.banktranlist:
            counts["rows"] += 1
            ms = (transaction.dtposted - EPOCH) // datetime.timedelta(milliseconds=1)
            ident = name_id(account, transaction.fitid)
            title = transaction.name or transaction.memo or "Bank transaction"
            yield (ident, title, transaction.memo or "", cents(transaction.trnamt), "Other", ms, 0, account, now)


def main(kind, path, database):
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
    started = time.perf_counter()
    counts = {"rows": 0}
    now = int(time.time() * 1000)
    records = csv_records(path, counts, now) if kind == "csv" else ofx_records(path, counts, now)
    with connection:
        before = connection.total_changes
        connection.executemany(
            "INSERT INTO financeTransaction (id, title, subtitle, amount, category, date, isRecurring, tags, updatedAt) "
            "VALUES (?,?,?,?,?,?,?,?,?) ON CONFLICT(id) DO NOTHING",
            records,
        )
        inserted = connection.total_changes - before
    elapsed = time.perf_counter() - started
    connection.close()
    print(json.dumps({"seconds": elapsed, "rows": counts["rows"], "inserted": inserted, "maxrss_kb": peak_rss_kb()}))


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] not in ("csv", "ofx"):
        sys.exit("usage: statement_import.py csv|ofx FILE DATABASE")
    main(sys.argv[1], sys.argv[2], sys.argv[3])
