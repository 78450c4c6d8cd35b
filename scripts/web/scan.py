#!/usr/bin/env python3
"""Scans Hearth's web pages with wapiti, signed in as a household member, and reports what it found.

Usage: scan.py WAPITI BASE_URL EMAIL PASSWORD REPORT_FOLDER MAX_SECONDS

EMAIL is an account whose devices synced a garage and money book to the server at BASE_URL. The script signs in
through the sign-in page, makes a household with items, a recipe and a shopping line through the pages (as a
person would, reading each form's CSRF token), and then runs wapiti (the WAPITI executable) over every page with
every attack module that can run on a machine without the internet, carrying the session's cookie. Wapiti's JSON
report is kept in REPORT_FOLDER. Prints one JSON object: the modules run, the forms crawled (the paths wapiti
found a POST form for, from its session), the findings and the anomalies (any 500 answer); exits 1 when there is a finding or an anomaly, 2 when the scan could not run.
"""
import glob
import html
import http.cookiejar
import json
import os
import re
import sqlite3
import subprocess
import sys
import urllib.parse
import urllib.request

WAPITI, BASE, EMAIL, PASSWORD, REPORTS, MAX_SECONDS = sys.argv[1:7]
MAX_SECONDS = int(MAX_SECONDS)

# Modules left out, each with its reason: none of them can run here, and none looks at Hearth's own code.
EXCLUDED = {
    "nikto": "downloads its database of known-vulnerable files from GitHub at each run; there is no internet here",
    "wapp": "downloads the Wappalyzer fingerprints from GitHub at each run; there is no internet here",
    "htp": "downloads the HashThePlanet database at each run; there is no internet here",
    "cms": "fingerprints Drupal, Joomla, WordPress and the like, which Hearth is not; it downloads their data first",
    "takeover": "looks for dangling DNS records of subdomains on the internet; the scan runs on 127.0.0.1",
    "network_device": "fingerprints routers and firewalls by their login pages; it downloads their data first",
    "log4shell": "needs a DNS endpoint on the internet to see a callback (--dns-endpoint)",
    "spring4shell": "needs an endpoint on the internet to see a callback",
    "ssl": "checks a TLS certificate and ciphers; the test server speaks plain HTTP on loopback",
    "https_redirect": "checks that plain HTTP redirects to HTTPS; behind its proxy Hearth is reached over https only",
    "ldap": "Hearth talks to no directory server, so no input of it reaches an LDAP filter. The module's blind test "
            "compares a page after a reference value (`nosuchvalue`) with pages after its payloads, with the payload "
            "cut out of each; on forms that store what they are sent (a shopping list named `nosuchvalue` is listed "
            "on every later page) or that a per-account limit answers (password checks, invite codes), those pages "
            "differ for reasons of their own, and it reports an injection where there is no LDAP at all (seen on "
            "/pantry/{id}/lists, /pantry/{id}/shopping and /account/password, each traced by hand).",
}
# Wapiti keeps its session in SQLite through SQLAlchemy, in the default rollback journal. When a module reaches its
# attack time, wapiti cancels it mid-read; the cancelled read keeps its transaction open until it is collected, and
# on a busy machine wapiti's next write ("set_attacked") then fails after five seconds with "database is locked"
# and ends the scan without a report. Run it with its session database in WAL mode, where an open read does not
# stop a write, and with a longer wait for the lock.
LAUNCH = """
import sys
from sqlalchemy import event
from sqlalchemy.engine import Engine

@event.listens_for(Engine, "connect")
def session_database(connection, record):
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=60000")
    cursor.close()

from wapitiCore.main.wapiti import wapiti_asyncio_wrapper
sys.argv[0] = "wapiti"
sys.exit(wapiti_asyncio_wrapper())
"""
PYTHON = os.path.join(os.path.dirname(WAPITI), "python3")

# Pages the crawler must not follow or attack: they end the session it scans with.
SIGN_OUT = ["/signout", "/account/signout-everywhere", "/pantry/*/leave"]


class Browser:
    def __init__(self):
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), NoRedirect())
        self.page = ""

    def get(self, path):
        with self.opener.open(BASE + path, timeout=30) as answer:
            self.page = answer.read().decode()
            return answer.status, self.page

    def post(self, path, fields):
        token = re.search(r'name="csrf" value="([^"]+)"', self.page)
        data = dict(fields, csrf=html.unescape(token.group(1)) if token else "")
        request = urllib.request.Request(BASE + path, data=urllib.parse.urlencode(data).encode(), method="POST")
        try:
            with self.opener.open(request, timeout=30) as answer:
                return answer.status, answer.headers.get("Location", "")
        except urllib.error.HTTPError as error:
            return error.code, error.headers.get("Location", "")

    def cookie(self, name):
        return next((cookie.value for cookie in self.jar if cookie.name == name), None)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *arguments):
        return None

    def http_error_303(self, request, answer, code, message, headers):
        return answer

    http_error_302 = http_error_301 = http_error_303


def seed(browser):
    browser.get("/signin")
    status, _ = browser.post("/signin", {"email": EMAIL, "password": PASSWORD})
    if status != 303 or not browser.cookie("hearth_session"):
        raise SystemExit("could not sign in as %s (%s)" % (EMAIL, status))
    browser.get("/pantry")
    status, location = browser.post("/pantry/households", {"name": "Home"})
    household = re.search(r"/pantry/([0-9a-f-]{36})", location).group(1)
    for name, quantity, unit, place in (("Flour", "1000", "g", "Pantry"), ("Milk", "1", "l", "Fridge")):
        browser.get("/pantry/%s" % household)
        browser.post("/pantry/%s/items" % household,
                     {"name": name, "quantity": quantity, "unit": unit, "location": place, "category": "other"})
    browser.get("/pantry/%s/recipes/new" % household)
    browser.post("/pantry/%s/recipes" % household,
                 {"name": "Pancakes", "ingredients": "200 g flour\n300 ml milk", "servings": "4"})
    browser.get("/pantry/%s/shopping" % household)
    browser.post("/pantry/%s/shopping" % household, {"name": "Coffee", "quantity": "2", "unit": "bags"})
    return household


def posted_forms(session, base):
    """The paths (below BASE) of the POST forms wapiti's crawl found, from its session database."""
    paths = set()
    for database in glob.glob(os.path.join(session, "*.db")):
        connection = sqlite3.connect(database)
        try:
            paths.update(row[0][len(base) - 1:] for row in connection.execute(
                "SELECT DISTINCT path FROM paths WHERE method = 'POST' AND path LIKE ?", (base + "%",)))
        finally:
            connection.close()
    return sorted(paths)


def main():
    browser = Browser()
    household = seed(browser)
    os.makedirs(REPORTS, exist_ok=True)
    report = os.path.join(REPORTS, "wapiti.json")
    listed = subprocess.run([WAPITI, "--list-modules"], capture_output=True, text=True, timeout=60).stdout
    modules = sorted(set(re.findall(r"^\t(\w+)", listed, re.M)) - set(EXCLUDED))
    if len(modules) < 20:
        raise SystemExit("wapiti listed only %d modules: %s" % (len(modules), listed[-2000:]))
    base = BASE.rstrip("/") + "/"
    command = [
        PYTHON, "-c", LAUNCH, "-u", base, "--scope", "folder", "-m", ",".join(modules),
        "-C", "hearth_session=%s" % browser.cookie("hearth_session"),
        "-s", base + "pantry", "-s", base + "pantry/%s" % household, "-s", base + "garage", "-s", base + "money",
        "-s", base + "account", "-s", base + "garage/reminders", "-s", base + "money/transactions", "-s", base + "money/statements",
        "--max-scan-time", str(MAX_SECONDS), "--max-attack-time", str(max(10, MAX_SECONDS // len(modules))),
        "--flush-session", "--store-session", os.path.join(REPORTS, "session"),
        "--store-config", os.path.join(REPORTS, "config"), "--no-bugreport",
        "-f", "json", "-o", report, "-v", "1", "--tasks", "4", "-t", "20",
    ]
    for path in SIGN_OUT:
        command += ["-x", base + path.lstrip("/")]
    # A scan that could not start (wapiti gives up when its first requests time out on a machine busy with other
    # tests, and writes no report) is tried once more; its output is kept either way.
    if os.path.exists(report):
        os.unlink(report)  # a report left by an earlier run must not stand for this one
    for attempt in (1, 2):
        scan = subprocess.run(command, capture_output=True, text=True, timeout=MAX_SECONDS + 240)
        with open(os.path.join(REPORTS, "wapiti-%d.log" % attempt), "w") as log:
            log.write(scan.stdout + scan.stderr)
        if os.path.exists(report):
            break
        print("wapiti wrote no report (attempt %d, exit %d): %s" % (attempt, scan.returncode,
              (scan.stdout[-3000:] + scan.stderr[-3000:]).strip()), file=sys.stderr)
    if not os.path.exists(report):
        sys.exit(2)
    with open(report) as file:
        found = json.load(file)
    vulnerabilities = {name: entries for name, entries in found.get("vulnerabilities", {}).items() if entries}
    anomalies = {name: entries for name, entries in found.get("anomalies", {}).items() if entries}
    summary = {
        "modules": modules, "excluded": EXCLUDED, "forms": posted_forms(os.path.join(REPORTS, "session"), base),
        "crawledCount": found.get("infos", {}).get("crawled_pages_nbr"),
        "vulnerabilities": vulnerabilities, "anomalies": anomalies, "report": report,
    }
    print(json.dumps(summary))
    sys.exit(1 if vulnerabilities or anomalies else 0)


main()
