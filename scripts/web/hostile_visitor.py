#!/usr/bin/env python3
"""Tries Hearth's sign-in redirect in Chromium with every open-redirect form of a table, as an attacker's link would.

Usage: hostile_visitor.py BASE_URL CHROMEDRIVER TABLE_JSON

TABLE_JSON is scripts/web/open-redirects.json: `next` values, each marked local or not. Signed in, the browser opens
`/signin?next=…` for each and is sent on at once; signed out, it opens the link, signs in with the form the page
shows, and is sent on after. Either way the page it ends on must be on the server's own host and port: the
hostile values on /pantry, the local ones where they point. A browser's URL parser, not ours, decides where a
`Location` leads (it drops tabs and newlines, reads `\\` as `/`), which is why this runs in one. Prints one JSON
object with the checks made; exits 1 with the failed check on stderr.
"""
import json
import sys
import time
import urllib.parse
import uuid

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

BASE, DRIVER, TABLE = sys.argv[1], sys.argv[2], sys.argv[3]
PASSWORD = "long enough password"
ORIGIN = urllib.parse.urlsplit(BASE)
checks = []


class Failed(Exception):
    pass


def check(condition, what):
    if not condition:
        raise Failed(what)
    checks.append(what)


def browser():
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--lang=en-US"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)
    driver.set_page_load_timeout(30)
    return driver


def settle(driver):
    """Waits until the navigation has ended on a page that finished loading (at most ten seconds)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            if driver.execute_script("return document.readyState") == "complete":
                return driver.current_url
        except Exception:
            pass
        time.sleep(0.05)
    return driver.current_url


def press(driver, button):
    """Presses the button labelled `button` and waits for the page its form leads to."""
    page = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.XPATH, "//button[normalize-space()='%s']" % button).click()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            page.tag_name  # the old page's element: it stops answering once the next page has replaced it
        except Exception:
            return settle(driver)
        time.sleep(0.05)
    raise Failed("pressing %r led nowhere on %s" % (button, driver.current_url))


def submit(driver, fields, button):
    for name, value in fields.items():
        control = driver.find_element(By.NAME, name)
        control.clear()
        control.send_keys(value)
    return press(driver, button)


def landed(url, row, how):
    place = urllib.parse.urlsplit(url)
    check((place.scheme, place.hostname, place.port) == (ORIGIN.scheme, ORIGIN.hostname, ORIGIN.port),
          "%s, next %r ends on this server (%s)" % (how, row["next"], url))
    if row["local"]:
        expected = urllib.parse.urlsplit(row["next"])
        check(place.path == expected.path, "%s, the local next %r is followed (%s)" % (how, row["next"], url))
    else:
        check(place.path == "/pantry", "%s, the hostile next %r ends on /pantry (%s)" % (how, row["next"], url))


def sign_up(driver):
    email = "redirects-%s@example.com" % uuid.uuid4().hex[:8]
    driver.get(BASE + "/signup")
    settle(driver)
    submit(driver, {"email": email, "password": PASSWORD, "confirm": PASSWORD}, "Create account")
    check("/verify" in driver.current_url, "signed up and signed in as %s" % email)
    return email


def sign_out(driver):
    driver.get(BASE + "/pantry")
    settle(driver)
    press(driver, "Sign out")


def link(next_value):
    return BASE + "/signin?next=" + urllib.parse.quote(next_value, safe="")


def main():
    rows = json.load(open(TABLE))["redirects"]
    driver = browser()
    try:
        email = sign_up(driver)
        # Signed in: every link sends the browser on at once.
        for row in rows:
            driver.get(link(row["next"]))
            landed(settle(driver), row, "signed in")
        # Signed out: the sign-in form carries only a local next, so signing in lands on this site too. An email
        # may sign in 20 times in a row before its limit slows it down: a new account every 15 rows.
        for index, row in enumerate(rows):
            if index and index % 15 == 0:
                sign_out(driver)
                email = sign_up(driver)
            sign_out(driver)
            driver.get(link(row["next"]))
            check("/signin" in settle(driver), "signed out, next %r shows the sign-in page" % row["next"])
            url = submit(driver, {"email": email, "password": PASSWORD}, "Sign in")
            landed(url, row, "signing in")
    finally:
        driver.quit()
    print(json.dumps({"checks": checks}))


try:
    main()
except Failed as failure:
    print(str(failure), file=sys.stderr)
    sys.exit(1)
