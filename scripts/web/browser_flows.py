#!/usr/bin/env python3
"""Drives Hearth's web pages with a real browser (Chromium through selenium and the system's chromedriver).

Usage: browser_flows.py BASE_URL MAIL_FOLDER SCREENSHOT_FOLDER CHROMEDRIVER pantry
       browser_flows.py BASE_URL MAIL_FOLDER SCREENSHOT_FOLDER CHROMEDRIVER records EMAIL EXPECTED_JSON

MAIL_FOLDER is where the test's SMTP server writes the messages it receives (NNN.eml). `pantry` runs every flow a
household goes through with the pantry; `records` signs in as EMAIL (whose devices synced a garage and money
database) and compares the pages with what the command line printed for the same data (EXPECTED_JSON: the
outputs of `hearth garage due --json`, `hearth finance summary --json` and `hearth finance balances --json`),
then writes from the pages. Everything is done as a person would: typing into labelled fields and pressing
buttons. Prints one JSON object with the checks made and the screenshots saved; exits 1 with the failed check
on stderr.
"""
import email
import email.policy
import json
import os
import re
import struct
import sys
import time
import urllib.parse
import urllib.request
import uuid
import zlib

import icalendar

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

BASE, MAIL, SHOTS = sys.argv[1], sys.argv[2], sys.argv[3]
DRIVER = sys.argv[4]
MODE = sys.argv[5]
PASSWORD = "long enough password"
checks = []
shots = []


class Failed(Exception):
    pass


def check(condition, what):
    if not condition:
        raise Failed(what)
    checks.append(what)


def wait_for(condition, what, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if condition():
                checks.append(what)
                return
        except Exception:
            pass
        time.sleep(0.05)
    raise Failed("timed out: " + what)


def browser(width=390, javascript=True):
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--lang=en-US",
                     "--window-size=%d,900" % width, "--force-device-scale-factor=1"):
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)
    driver.set_page_load_timeout(30)
    return driver


def steady(action):
    """Runs `action` again when the page's live update replaced what it was reading (a page following a
    household swaps its content when anything changes, its own changes too), for up to five seconds."""
    def run(*arguments, **options):
        deadline = time.monotonic() + 5
        while True:
            try:
                return action(*arguments, **options)
            except StaleElementReferenceException:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
    return run


def go(driver, path):
    driver.get(BASE + path)


@steady
def field(driver, label):
    """The control whose label reads `label`, found as a person finds it: by its label."""
    for element in driver.find_elements(By.TAG_NAME, "label"):
        if element.text.strip().startswith(label) and element.get_attribute("for"):
            return driver.find_element(By.ID, element.get_attribute("for"))
    raise Failed("no field labelled %r on %s" % (label, driver.current_url))


def blank_png(width, height):
    """A white PNG of `width` x `height`, greyscale: a picture with nothing to read in it."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + b"\xff" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def part(driver, name):
    """The part box of `name` in a group expense's form, found by its label (read aloud, not shown)."""
    for element in driver.find_elements(By.TAG_NAME, "label"):
        if (element.get_attribute("textContent") or "").strip() == "%s's part" % name:
            return driver.find_element(By.ID, element.get_attribute("for"))
    raise Failed("no part for %r on %s" % (name, driver.current_url))


@steady
def fill(driver, label, text):
    control = field(driver, label)
    control.clear()
    control.send_keys(text)


@steady
def press(driver, text, scope=None):
    for button in (scope or driver).find_elements(By.CSS_SELECTOR, "button"):
        if button.text.strip() == text and button.is_displayed():
            page = driver.find_element(By.TAG_NAME, "html")
            button.click()
            # Every button sends a form: wait for the answer's page to replace this one.
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                try:
                    page.tag_name
                except (StaleElementReferenceException, WebDriverException):
                    # Gone with the old page (Chromium says so in one of two ways).
                    break
                time.sleep(0.02)
            else:
                raise Failed("pressing %r on %s loaded no page" % (text, driver.current_url))
            return
    raise Failed("no button %r on %s" % (text, driver.current_url))


@steady
def main_text(driver):
    return driver.find_element(By.TAG_NAME, "main").text


def shoot(driver, name):
    """Screenshots of the page as it is, whole, at a phone's width (390) and a laptop's (1280)."""
    original = driver.get_window_size()
    for width in (390, 1280):
        driver.set_window_size(width, 900)
        height = driver.execute_script("return Math.max(document.body.scrollHeight, 900)")
        driver.set_window_size(width, min(height, 4000))
        driver.execute_script("window.scrollTo(0, 0)")
        path = os.path.join(SHOTS, "%s-%d.png" % (name, width))
        driver.save_screenshot(path)
        shots.append(path)
    driver.set_window_size(original["width"], original["height"])


def code_for(address, after=0.0, timeout=20.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for name in sorted(os.listdir(MAIL), reverse=True):
            if not name.endswith(".eml"):
                continue
            path = os.path.join(MAIL, name)
            if os.path.getmtime(path) < after:
                continue
            with open(path, "rb") as handle:
                message = email.message_from_binary_file(handle, policy=email.policy.default)
            if address in str(message["To"]):
                found = re.search(r"\b(\d{6})\b", message.get_body(("plain",)).get_content())
                if found:
                    return found.group(1)
        time.sleep(0.1)
    raise Failed("no code was mailed to " + address)


def sign_up(driver, name):
    address = "%s-%s@example.com" % (name, uuid.uuid4().hex[:8])
    go(driver, "/signup")
    fill(driver, "Email", address)
    fill(driver, "Password", PASSWORD)
    fill(driver, "Password again", PASSWORD)
    press(driver, "Create account")
    check("/verify" in driver.current_url, "sign-up leads to the verification page")
    return address


def verify(driver, address):
    code = code_for(address)
    fill(driver, "Code", code)
    press(driver, "Verify")
    check("Your address is verified." in main_text(driver), "the mailed code verifies the address")


def sign_in(driver, address):
    go(driver, "/signin")
    fill(driver, "Email", address)
    fill(driver, "Password", PASSWORD)
    press(driver, "Sign in")
    if not driver.current_url.endswith("/pantry"):
        raise Failed("signing in led to %s: %s" % (driver.current_url, main_text(driver)[:300]))
    check(True, "signing in leads to the pantries")


def unfold(driver, summary):
    """Opens the folded form whose summary reads `summary`, as a person clicks it."""
    for details in driver.find_elements(By.CSS_SELECTOR, "details.add"):
        heading = details.find_element(By.TAG_NAME, "summary")
        if heading.text.strip() == summary:
            if not details.get_attribute("open"):
                heading.click()
            return
    raise Failed("no folded form %r on %s" % (summary, driver.current_url))


def add_item(driver, household, name, quantity, unit, location, expires=None):
    go(driver, "/pantry/" + household)
    details = driver.find_element(By.CSS_SELECTOR, "details.add")
    if not details.get_attribute("open"):
        details.find_element(By.TAG_NAME, "summary").click()
    fill(driver, "Name", name)
    fill(driver, "Quantity", quantity)
    fill(driver, "Unit", unit)
    fill(driver, "Location", location)
    if expires:
        driver.execute_script("document.getElementById('expirationDate').value = arguments[0]", expires)
    press(driver, "Add item")
    check("Added %s." % name in main_text(driver), "%s is added" % name)


@steady
def item_row(driver, name):
    for row in driver.find_elements(By.CSS_SELECTOR, "li.item"):
        if row.find_element(By.CSS_SELECTOR, ".name").text.strip() == name:
            return row
    raise Failed("no item %r on %s" % (name, driver.current_url))


@steady
def stock_verb(driver, name, quantity, verb):
    row = item_row(driver, name)
    amount = row.find_element(By.CSS_SELECTOR, "input[name=quantity]")
    amount.clear()
    amount.send_keys(quantity)
    press(driver, verb, row)


@steady
def amount_of(driver, name):
    return item_row(driver, name).find_element(By.CSS_SELECTOR, ".amount").text.strip()


def accessibility(driver, page):
    """Every control has an accessible name (Chromium's own accessibility tree, read through the DevTools protocol),
    every focusable control is reached with the Tab key, and every status colour comes with its word."""
    driver.execute_cdp_cmd("Accessibility.enable", {})
    tree = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})
    nameless = []
    for node in tree["nodes"]:
        role = node.get("role", {}).get("value")
        if node.get("ignored") or role not in ("textbox", "combobox", "button", "checkbox", "link", "spinbutton", "searchbox", "listbox"):
            continue
        name = (node.get("name") or {}).get("value", "").strip()
        if not name:
            nameless.append(role)
    check(not nameless, "%s: every control has an accessible name (%s)" % (page, nameless or "all named"))
    focusable = driver.execute_script("""
        return Array.from(document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary'))
            .filter(e => e.checkVisibility() && !e.disabled).length""")
    driver.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
    seen = set()
    for _ in range(focusable + 3):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        seen.add(driver.execute_script("""
            const e = document.activeElement;
            return e ? (e.id || '') + '|' + e.tagName + '|' + (e.name || '') + '|' + (e.getAttribute('href') || '') + '|' + e.textContent.trim().slice(0, 40) + '|' + Array.from(document.querySelectorAll('*')).indexOf(e) : ''"""))
    check(len(seen) >= focusable, "%s: the Tab key reaches all %d focusable controls (%d reached)" % (page, focusable, len(seen)))
    unlabelled = driver.execute_script("""
        return Array.from(document.querySelectorAll('.badge')).filter(b => !b.textContent.trim()).length +
               Array.from(document.querySelectorAll('li.item[class*=status-]')).filter(i => !i.querySelector('.badge')).length""")
    check(unlabelled == 0, "%s: every coloured status also says what it is in words" % page)


def run():
    os.makedirs(SHOTS, exist_ok=True)
    first = browser(390)
    second = browser(1280)
    plain = browser(390, javascript=False)
    try:
        # An account, verified with the code a real mail server received.
        owner = sign_up(first, "owner")
        verify(first, owner)
        shoot(first, "households")
        fill(first, "Name", "Home")
        press(first, "Create")
        household = re.search(r"/pantry/([^/?#]+)", first.current_url).group(1)
        check("Your household is ready" in main_text(first), "a household is created")
        add_item(first, household, "Flour", "1000", "g", "Pantry")
        add_item(first, household, "Milk", "1", "l", "Fridge", expires="2000-01-01")
        add_item(first, household, "Eggs", "6", "", "Fridge")
        go(first, "/pantry/" + household)
        check("Expired" in item_row(first, "Milk").text, "an expired item says Expired in words")

        # Consume and undo, one or two taps each.
        stock_verb(first, "Flour", "250", "Use")
        check(amount_of(first, "Flour") == "750 g", "using 250 g of flour leaves 750 g")
        press(first, "Undo")
        check(amount_of(first, "Flour") == "1000 g", "undo puts the flour back")

        # A second member, joined by invite code, sees the first's changes live.
        go(first, "/pantry/%s/settings" % household)
        press(first, "Make an invite code")
        code = first.find_element(By.CSS_SELECTOR, "code.invite").text.strip()
        member = sign_up(second, "member")
        go(second, "/pantry")
        fill(second, "Invite code", code)
        press(second, "Join")
        check("You joined the household." in main_text(second), "the member joins with the invite code")
        go(second, "/pantry/" + household)
        wait_for(lambda: second.find_element(By.TAG_NAME, "body").get_attribute("data-live-state") == "open",
                 "the second browser follows the household's changes")
        go(first, "/pantry/" + household)
        stock_verb(first, "Eggs", "2", "Use")
        wait_for(lambda: amount_of(second, "Eggs").split(" ")[0] == "4", "the second browser shows the first's change without a reload", timeout=2.0)
        shoot(first, "items")

        # Recipes ranked by what is in stock.
        for name, ingredients in (("Pancakes", "200 g flour\n2 eggs\n300 ml milk"), ("Boiled eggs", "2 eggs")):
            go(first, "/pantry/%s/recipes/new" % household)
            fill(first, "Name", name)
            fill(first, "Ingredients", ingredients)
            press(first, "Save recipe")
        ranking = [element.text for element in first.find_elements(By.CSS_SELECTOR, "ol.ranking .name")]
        check(ranking[:1] == ["Boiled eggs"], "what can be cooked now is ranked first: %s" % ranking)
        check("300 ml milk" in main_text(first), "a recipe shows what is missing")
        shoot(first, "recipes")

        # Shopping: add, check off into the pantry.
        go(first, "/pantry/%s/shopping" % household)
        fill(first, "What", "Coffee")
        fill(first, "Quantity", "2")
        fill(first, "Unit", "bags")
        press(first, "Add to list")
        line = first.find_element(By.CSS_SELECTOR, "ul.shopping li")
        Select(line.find_element(By.CSS_SELECTOR, "select[name=location]")).select_by_visible_text("Fridge")
        press(first, "Got it", line)
        check("Checked off and put in the pantry." in main_text(first), "a shopping line is checked off")
        go(first, "/pantry/" + household)
        check(amount_of(first, "Coffee") == "2 bags", "the checked-off coffee is in the pantry")
        # A second list: made, switched to and back with the list links.
        go(first, "/pantry/%s/shopping" % household)
        fill(first, "New list", "Weekend")
        press(first, "Make the list")
        check(first.find_element(By.TAG_NAME, "h1").text == "Weekend", "a new list is made and shown")
        fill(first, "What", "Charcoal")
        press(first, "Add to list")
        check("Charcoal" in main_text(first), "a line is added to the chosen list")
        first.find_element(By.CSS_SELECTOR, "nav.lists").find_element(By.LINK_TEXT, "Shopping list").click()
        wait_for(lambda: first.find_element(By.TAG_NAME, "h1").text == "Shopping list", "the list links switch lists")
        check("Charcoal" not in main_text(first), "the default list does not show the other list's lines")
        shoot(first, "shopping")

        # A vehicle shared with the member (who proves their address first), taken up from their garage page.
        go(second, "/verify")
        verify(second, member)
        go(first, "/garage")
        fill(first, "Name", "Family van")
        fill(first, "Make", "Honda")
        fill(first, "Model", "Odyssey")
        fill(first, "Year", "2020")
        fill(first, "Odometer", "30000")
        press(first, "Add vehicle")
        check("The vehicle is added" in main_text(first), "a vehicle is added from the garage page")
        van = urllib.parse.urlparse(first.current_url).path
        check("In your households:" in main_text(first) and member in main_text(first), "the sharing form offers the household's members")
        fill(first, "Their address", member)
        Select(field(first, "They may")).select_by_visible_text("see and change it")
        press(first, "Share")
        check("The vehicle is shared" in main_text(first) and member in main_text(first), "the owner shares the vehicle with the member")
        shoot(first, "vehicle-sharing")
        go(second, "/garage")
        check("%s shares a vehicle with you" % owner in main_text(second), "the member finds the invitation on the garage page")
        press(second, "Add it to my garage")
        check("The vehicle is in your garage" in main_text(second), "the member takes the vehicle up in one press")
        fill(second, "Odometer", "30500")
        press(second, "Save mileage")
        check("30,500 mi" in main_text(second), "the member updates the shared vehicle's mileage")
        go(second, "/garage")
        check("Shared by %s" % owner in main_text(second), "the shared vehicle is marked with who shared it")
        shoot(second, "garage-shared")
        go(first, van)
        check("30,500 mi" in main_text(first) and "has it" in main_text(first), "the owner sees the member's mileage and that they have it")

        # The owner's money book shared read-only with the member, who opens it beside their own and cannot change it.
        go(first, "/money")
        fill(first, "What", "Rent")
        fill(first, "Amount", "-900")
        press(first, "Add transaction")
        check("The transaction is saved" in main_text(first), "the owner adds a transaction to their book")
        check("Only you have this book" in main_text(first), "an unshared book says so")
        fill(first, "Their address", member)
        Select(field(first, "They may")).select_by_visible_text("only see it")
        press(first, "Share the book")
        check("The book is shared" in main_text(first) and member in main_text(first), "the owner shares the book with the member")
        shoot(first, "money-sharing")
        go(second, "/money")
        check("%s offers you their money book" % owner in main_text(second), "the member finds the book offered on the money page")
        press(second, "Accept")
        check("Book of %s, shared with you, read-only" % owner in main_text(second), "the accepted book opens, marked read-only")
        go(second, "/money/transactions")
        check("Rent" in main_text(second), "the member sees the owner's transactions")
        go(second, "/money")
        shoot(second, "money-shared")
        check("Add a transaction" not in main_text(second) and "owner's to set" in main_text(second), "a read-only book offers no form that would be refused")
        Select(field(second, "Open")).select_by_visible_text("your own book")
        press(second, "Open")
        check("Your own book." in main_text(second), "the member goes back to their own book")
        go(second, "/money/transactions")
        check("Rent" not in main_text(second), "the member's own book holds none of the owner's")

        # The same flows with JavaScript off: forms post, pages reload.
        plain.get(BASE + "/signin")
        fill(plain, "Email", owner)
        fill(plain, "Password", PASSWORD)
        press(plain, "Sign in")
        go(plain, "/pantry/" + household)
        check(plain.find_element(By.TAG_NAME, "body").get_attribute("data-live-state") is None, "with JavaScript off, no script runs")
        stock_verb(plain, "Flour", "100", "Use")
        check(amount_of(plain, "Flour") == "900 g", "with JavaScript off, using flour works")
        press(plain, "Undo")
        check(amount_of(plain, "Flour") == "1000 g", "with JavaScript off, undo works")
        go(plain, "/pantry/%s/items/%s" % (household, item_row(plain, "Flour").get_attribute("id")[5:]))
        fill(plain, "Keep at least", "2000")
        press(plain, "Save")
        go(plain, "/pantry/" + household)
        check("Below minimum" in item_row(plain, "Flour").text, "with JavaScript off, an edit is saved and a status follows")

        # Accessibility on every pantry page and the account pages.
        for path, name in (("/pantry", "households"), ("/pantry/" + household, "items"), ("/pantry/%s/recipes" % household, "recipes"),
                           ("/pantry/%s/shopping" % household, "shopping"), ("/pantry/%s/settings" % household, "settings"),
                           ("/account", "account"), ("/health-records", "health")):
            go(first, path)
            accessibility(first, name)
        shoot(first, "account")
        go(first, "/pantry/%s/settings" % household)
        shoot(first, "settings")
    finally:
        for driver in (first, second, plain):
            driver.quit()


STATUS_LABELS = {"overdue": "OVERDUE", "dueSoon": "DUE SOON", "good": "GOOD", "neutral": "—"}
DOCUMENT_LABELS = {"expired": "EXPIRED", "expires-soon": "EXPIRES SOON", "good": "GOOD", "no-expiry": "—"}


def cookie_header(driver):
    """The browser's cookies, for fetching a download as the signed-in browser would."""
    return "; ".join("%s=%s" % (cookie["name"], cookie["value"]) for cookie in driver.get_cookies())


def money(value):
    """An amount of the money book as the pages show it, in the book currency (EUR until set, as on a device)."""
    return "-€%s" % format(abs(value), ",.2f") if value < 0 else "€%s" % format(value, ",.2f")


def run_records(address, expected_path):
    with open(expected_path) as handle:
        expected = json.load(handle)
    os.makedirs(SHOTS, exist_ok=True)
    driver = browser(390)
    try:
        sign_in(driver, address)
        # The garage: every vehicle's due list as `hearth garage due --json` has it.
        go(driver, "/garage")
        for vehicle in expected["due"]:
            section = [element for element in driver.find_elements(By.CSS_SELECTOR, "section.vehicle")
                       if element.find_element(By.TAG_NAME, "h2").text.strip() == vehicle["vehicle"]["name"] or
                       vehicle["vehicle"]["name"] in element.find_element(By.TAG_NAME, "h2").text]
            check(len(section) == 1, "the garage page shows %s" % vehicle["vehicle"]["name"])
            rows = [[cell.get_attribute("textContent").strip() for cell in row.find_elements(By.TAG_NAME, "td")] for row in section[0].find_elements(By.CSS_SELECTOR, "tbody tr")]
            wanted = [[item["service"]["name"], STATUS_LABELS[item["status"]], item["service"].get("dueDate", "—"),
                       "{:,} mi".format(item["service"]["dueMileage"]) if "dueMileage" in item["service"] else "—",
                       item.get("effectiveDueDate", "—")] for item in vehicle["items"]]
            wanted += [[due["expense"]["category"], STATUS_LABELS[due["status"]], due["dueDate"], "—", due["dueDate"]]
                       for due in vehicle.get("expenses", [])]
            wanted += [["%s: %s" % (due["document"]["kind"].capitalize(), due["document"]["label"]),
                        DOCUMENT_LABELS[due["status"]], due["document"]["expiresOn"], "—", due["document"]["expiresOn"]]
                       for due in vehicle.get("documents", [])]
            check(rows == wanted, "the due list of %s is the command line's: %s" % (vehicle["vehicle"]["name"], rows))
        shoot(driver, "garage")
        link = driver.find_element(By.CSS_SELECTOR, "section.vehicle h2 a")
        link.click()
        shoot(driver, "vehicle")
        check("fuel economy" in driver.find_element(By.CSS_SELECTOR, "figure.chart svg").get_attribute("aria-label"), "the vehicle page draws its fuel economy as a chart")
        # A service done and a new mileage, from the page.
        Select(field(driver, "Service")).select_by_visible_text(expected["logService"])
        fill(driver, "Mileage", str(expected["serviceMileage"]))
        fill(driver, "Cost", "45.50")
        receipt = os.path.join(SHOTS, "receipt.png")
        with open(receipt, "wb") as handle:
            handle.write(blank_png(40, 60))
        field(driver, "Receipt").send_keys(receipt)
        press(driver, "Log service")
        check("The service is logged" in main_text(driver), "a service is logged from the page, with its receipt")
        kept = urllib.request.urlopen(urllib.request.Request(
            driver.find_element(By.LINK_TEXT, "Receipt").get_attribute("href"), headers={"Cookie": cookie_header(driver)}))
        with open(receipt, "rb") as handle:
            check(kept.read() == handle.read(), "the receipt sent with the work downloads from its history entry, byte for byte")
        fill(driver, "Odometer", str(expected["newMileage"]))
        press(driver, "Save mileage")
        check("{:,} mi".format(expected["newMileage"]) in main_text(driver), "the mileage is updated from the page")
        fill(driver, "Odometer", "-5")
        press(driver, "Save mileage")
        check("Nothing was saved" in main_text(driver), "a negative mileage is refused and named")
        # The vehicle's papers and expenses, and an expense added from the page.
        check(expected["document"] in main_text(driver), "the vehicle page lists the insurance card")
        Select(field(driver, "Expense kind")).select_by_visible_text("Tolls")
        fill(driver, "Expense description", expected["expense"])
        fill(driver, "Amount paid", "4.75")
        press(driver, "Add expense")
        check("The expense is saved" in main_text(driver), "an expense is added from the page")
        check(expected["expense"] in main_text(driver), "the new expense is listed")
        fill(driver, "Amount paid", "-3")
        press(driver, "Add expense")
        check("amount -3 is negative" in main_text(driver), "a negative expense is refused and named")
        shoot(driver, "vehicle-expenses")

        # Fuel: the page's average is the command line's; a fill-up logged, then corrected on its own page.
        average = expected["fuel"]["averageMPG"]
        check("%.1f mpg" % (round(average * 10) / 10) in main_text(driver), "the average economy is the command line's")
        unfold(driver, "Log a fill-up")
        fill(driver, "Odometer at the pump", "42950")
        fill(driver, "Gallons", "10.2")
        fill(driver, "Fill-up cost", "37.50")
        press(driver, "Log fill-up")
        check("The fill-up is logged" in main_text(driver), "a fill-up is logged from the page")
        driver.find_element(By.CSS_SELECTOR, "a[href*='/fuel/']").click()
        check(field(driver, "Gallons").get_attribute("value") == "10.2", "the fill-up's page shows what was logged")
        fill(driver, "Gallons", "10.4")
        shoot(driver, "fillup")
        press(driver, "Save fill-up")
        check("The fill-up is saved" in main_text(driver), "a fill-up is corrected from its page")
        # A service's schedule changed on its page.
        driver.find_element(By.CSS_SELECTOR, "a[href*='/services/']").click()
        fill(driver, "Every how many months", "9")
        shoot(driver, "service")
        press(driver, "Save service")
        check("The service is saved" in main_text(driver), "a service's interval is changed from its page")
        vehicle_page = driver.current_url.split("?")[0]
        # The mileage read from an odometer photo, as `hearth garage ocr odometer` reads the same photo, then left
        # unsaved; and a blank picture, where nothing can be read.
        reading = expected.get("odometerReading") or {}
        field(driver, "Or read it from a photo of the odometer").send_keys(expected["odometerPhoto"])
        press(driver, "Read the photo")
        if reading.get("value") is not None:
            shown = "{:,} mi".format(reading["value"])
            check(shown in main_text(driver) and field(driver, "Odometer").get_attribute("value") == str(reading["value"]),
                  "the odometer photo reads on the page as the command line reads it: %s" % shown)
        else:
            check("Nothing could be read" in main_text(driver),
                  "the odometer photo reads on the page as the command line reads it: nothing")
        shoot(driver, "odometer-photo")
        driver.find_element(By.LINK_TEXT, "Cancel").click()
        blank = os.path.join(SHOTS, "blank.png")
        with open(blank, "wb") as handle:
            handle.write(blank_png(64, 32))
        field(driver, "Or read it from a photo of the odometer").send_keys(blank)
        press(driver, "Read the photo")
        check("Nothing could be read from the photo" in main_text(driver), "a blank picture reads as nothing, said so")
        driver.get(vehicle_page)
        # A paper kept with its scan, and a photo the vehicle is shown with.
        unfold(driver, "Keep a document")
        Select(field(driver, "What it is")).select_by_visible_text("Insurance")
        fill(driver, "Label", "Geico card")
        field(driver, "Scan or photo").send_keys(blank)
        press(driver, "Keep document")
        check("The document is kept with its file" in main_text(driver), "a document is kept with its scan from the page")
        scan = urllib.request.urlopen(urllib.request.Request(
            driver.find_element(By.PARTIAL_LINK_TEXT, "blank").get_attribute("href"), headers={"Cookie": cookie_header(driver)}))
        with open(blank, "rb") as handle:
            check(scan.read() == handle.read() and scan.headers["Content-Type"] == "image/png",
                  "the document's scan downloads as it was sent")
        field(driver, "A photo of it").send_keys(expected["odometerPhoto"])
        press(driver, "Save photo")
        check("The photo is saved" in main_text(driver), "a photo of the vehicle is saved from the page")
        check(driver.execute_script("return document.querySelector('img.vehicle-photo').naturalWidth") > 0,
              "the page shows the vehicle's photo")
        shoot(driver, "vehicle-photo")
        # The reports download as files, the same the command line writes.
        report = urllib.request.urlopen(urllib.request.Request(vehicle_page + "/history-report", headers={"Cookie": cookie_header(driver)}))
        check(report.headers["Content-Type"] == "application/pdf" and report.read(5) == b"%PDF-",
              "the service history downloads as a PDF")

        # Reminders, and a calendar subscribed to them.
        go(driver, "/garage/reminders")
        press(driver, "Make a calendar address")
        feed_address = field(driver, "Calendar address").get_attribute("value")
        check("/calendar/" in feed_address and driver.find_element(By.PARTIAL_LINK_TEXT, "open in your calendar")
              .get_attribute("href").startswith("webcal://"), "a calendar address is made, with its webcal link")
        shoot(driver, "reminders")
        feed = icalendar.Calendar.from_ical(urllib.request.urlopen(feed_address).read())
        events = [str(event["SUMMARY"]) for event in feed.walk("VEVENT")]
        check(str(feed["X-WR-CALNAME"]) == "Hearth Garage" and len(events) > 0,
              "a calendar app reads the reminders from the address without signing in: %s" % events[:3])
        # The first reminder put off to tomorrow, as the app's notification offers.
        press(driver, "Remind Tomorrow")
        check("You will be reminded again tomorrow" in main_text(driver), "a reminder is put off to tomorrow from the page")

        # Money: the month and the subscriptions as `hearth finance summary --json`, the group as `balances`.
        go(driver, "/money")
        figures = [element.text for element in driver.find_elements(By.CSS_SELECTOR, ".figure strong")]
        summary = expected["summary"]
        check(figures[:3] == [money(summary["income"]), money(summary["expenses"]), money(summary["net"])],
              "the month's income, spending and net are the command line's: %s" % figures)
        check("Subscriptions: %s a month" % money(summary["monthlySubscriptionCost"]) in main_text(driver), "the monthly subscription cost is the command line's")
        shoot(driver, "money")
        fill(driver, "What", "Bakery")
        fill(driver, "Amount", "-7.25")
        press(driver, "Add transaction")
        check("The transaction is saved" in main_text(driver), "a transaction is added from the page")
        go(driver, "/money/transactions?q=Bakery")
        check("Bakery" in main_text(driver), "the search finds the new transaction")
        go(driver, "/money")
        driver.find_element(By.LINK_TEXT, expected["balances"]["name"]).click()
        for payment in expected["balances"]["suggestedPayments"]:
            check("%s pays %s %s" % (payment["fromName"], payment["toName"], money(payment["amount"])) in main_text(driver),
                  "the group's suggested payment is the command line's")
        fill(driver, "What", "Taxi")
        fill(driver, "Amount", "30")
        Select(field(driver, "Paid by")).select_by_visible_text("Ana")
        press(driver, "Add expense")
        check("The expense is saved" in main_text(driver), "a group expense is added from the page")
        shoot(driver, "group")
        # Each suggested payment recorded as paid, until everyone is square.
        while "Everyone is settled." not in main_text(driver):
            press(driver, "Record as paid")
            check("The payment is recorded" in main_text(driver), "a suggested payment is recorded from the page")
        shoot(driver, "group-settled")

        # An expense split by shares (Ana 1, Ben 3), then corrected on its own page to exact amounts.
        fill(driver, "What", "Boat")
        fill(driver, "Amount", "40")
        Select(field(driver, "Split")).select_by_visible_text("By shares (such as nights stayed)")
        part(driver, "Ana").send_keys("1")
        part(driver, "Ben").send_keys("3")
        press(driver, "Add expense")
        check("The expense is saved" in main_text(driver) and "Ben owes" in main_text(driver)
              and "€30.00" in main_text(driver), "an expense split by shares is added, and Ben owes three quarters")
        driver.find_element(By.LINK_TEXT, "Boat").click()
        check(Select(field(driver, "Split")).first_selected_option.text.startswith("By shares"),
              "the expense opens with how it is split")
        shoot(driver, "group-expense")
        # Its receipt kept on its page (the same picture the service's receipt was): the device downloads it.
        field(driver, "Keep its receipt").send_keys(os.path.join(SHOTS, "receipt.png"))
        press(driver, "Keep receipt")
        check("The receipt is kept with the expense" in main_text(driver), "a group expense's receipt is kept from its page")
        driver.find_element(By.LINK_TEXT, "Boat").click()
        check(driver.find_element(By.PARTIAL_LINK_TEXT, "receipt").get_attribute("href").endswith("/receipt"),
              "the expense's page links its receipt")
        Select(field(driver, "Split")).select_by_visible_text("By exact amounts")
        for name, amount in (("Ana", "15"), ("Ben", "25")):
            part(driver, name).clear()
            part(driver, name).send_keys(amount)
        press(driver, "Save expense")
        check("The expense is changed" in main_text(driver) and "€25.00" in main_text(driver),
              "the expense is corrected to exact amounts, and the balances follow")

        # A person renamed on their page, and the rename undone from the money page.
        go(driver, "/money")
        driver.find_element(By.LINK_TEXT, "Ben").click()
        shoot(driver, "person")
        fill(driver, "Person's name", "Benedict")
        press(driver, "Save person")
        check("The person is saved" in main_text(driver) and "Benedict" in main_text(driver), "a person is renamed")
        check("Last change from these pages: Update person Benedict" in main_text(driver), "the page offers to undo it")
        press(driver, "Undo it")
        check("The last change is undone" in main_text(driver) and "Benedict" not in main_text(driver),
              "the rename is undone from the page")

        # Transactions found by category and month, and one corrected on its own page.
        go(driver, "/money/transactions")
        Select(field(driver, "Category")).select_by_visible_text("Food & Dining")
        press(driver, "Show")
        check("Groceries" in main_text(driver) and "Salary" not in main_text(driver),
              "the transactions are filtered by category")
        shoot(driver, "transactions")
        driver.find_element(By.LINK_TEXT, "Groceries").click()
        fill(driver, "Amount", "-56.20")
        shoot(driver, "transaction")
        press(driver, "Save transaction")
        check("The transaction is saved" in main_text(driver) and "-€56.20" in main_text(driver),
              "a transaction is corrected from its page")

        # A bank statement uploaded as Chromium sends a file, previewed, then imported.
        statement = os.path.join(SHOTS, "statement.ofx")
        with open(statement, "w") as handle:
            handle.write("OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD\n"
                         "<BANKACCTFROM><BANKID>1<ACCTID>42<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>\n"
                         "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260301<TRNAMT>-18.40<FITID>7001<NAME>Hardware store</STMTTRN>\n"
                         "<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20260302<TRNAMT>60.00<FITID>7002<NAME>Refund</STMTTRN>\n"
                         "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n")
        go(driver, "/money/statements")
        field(driver, "Statement file").send_keys(statement)
        press(driver, "Show what it adds")
        check("2 transactions would be added" in main_text(driver) and "Hardware store" in main_text(driver),
              "an uploaded statement is previewed before anything is saved")
        shoot(driver, "statement-preview")
        press(driver, "Import 2 transactions")
        check("Imported 2 transactions" in main_text(driver), "the previewed statement is imported")

        # A subscription paused, and a budget with its month's bar.
        go(driver, "/money")
        driver.find_element(By.LINK_TEXT, "Streaming").click()
        shoot(driver, "subscription")
        press(driver, "Pause")
        check("Streaming (paused)" in main_text(driver), "a subscription is paused from its page")
        unfold(driver, "Set a budget")
        Select(field(driver, "Budget category")).select_by_visible_text("Food & Dining")
        fill(driver, "A month", "100")
        press(driver, "Set budget")
        check("of €100.00" in main_text(driver), "a budget is set, with the month's bar")
        shoot(driver, "budgets")
        # The book shown in dollars, with the bank's rates for amounts in other currencies.
        fill(driver, "Book currency", "usd")
        press(driver, "Save currency")
        check("are in USD" in main_text(driver) and "of $100.00" in main_text(driver),
              "the book currency is changed from the page, and the amounts follow")
        rates = os.path.join(SHOTS, "eurofxref-hist.csv")
        with open(rates, "w") as handle:
            handle.write("Date,USD,GBP,\n%s,1.0800,0.8400,\n" % time.strftime("%Y-%m-%d", time.gmtime()))
        field(driver, "Exchange rates").send_keys(rates)
        press(driver, "Import rates")
        check("The rates are imported" in main_text(driver), "the bank's rates file is imported from the page")
        shoot(driver, "money-currency")

        # A vehicle added from the page, a service from a preset, then deleted after the page says what goes.
        go(driver, "/garage")
        unfold(driver, "Add a vehicle")
        for label, text in (("Name", "Weekend"), ("Make", "Mazda"), ("Model", "MX-5"), ("Year", "1995"),
                            ("Odometer", "88000")):
            fill(driver, label, text)
        press(driver, "Add vehicle")
        check("The vehicle is added" in main_text(driver), "a vehicle is added from the page")
        Select(field(driver, "From a preset")).select_by_visible_text("Oil Change")
        press(driver, "Add service")
        check("The service is added" in main_text(driver) and "Oil Change" in main_text(driver),
              "a service is added to the new vehicle from a preset")
        shoot(driver, "vehicle-added")
        # Archived: out of the due lists, listed apart; then brought back.
        press(driver, "Archive this vehicle")
        check("The vehicle is archived" in main_text(driver), "a vehicle is archived from its page")
        go(driver, "/garage")
        archived = driver.find_element(By.XPATH, "//h2[text()='Archived']/..")
        check("Weekend" in archived.text, "the archived vehicle is listed apart on the garage page")
        archived.find_element(By.LINK_TEXT, "Weekend").click()
        press(driver, "Bring it back")
        check("back in the due lists" in main_text(driver), "an archived vehicle is brought back")
        driver.find_element(By.PARTIAL_LINK_TEXT, "Delete this vehicle").click()
        check("1 service" in main_text(driver), "the page says what deleting the vehicle removes")
        shoot(driver, "vehicle-delete")
        press(driver, "Delete Weekend")
        check("The vehicle is deleted" in main_text(driver) and "Weekend" not in main_text(driver),
              "the vehicle is deleted from the page")

        # A person, a subscription and a group of people from the money page.
        go(driver, "/money")
        unfold(driver, "Add a person")
        fill(driver, "Person's name", "Cy")
        press(driver, "Add person")
        check("The person is added" in main_text(driver), "a person is added from the page")
        unfold(driver, "Add a subscription")
        fill(driver, "Subscription name", "Cloud storage")
        fill(driver, "Price of a bill", "2.99")
        press(driver, "Add subscription")
        check("Cloud storage" in main_text(driver), "a subscription is added from the page")
        unfold(driver, "Make a group")
        fill(driver, "Group name", "Flat")
        for name in ("Ana", "Cy"):
            field(driver, name).click()
        press(driver, "Make group")
        check("The group is made" in main_text(driver), "a group is made from the page")
        shoot(driver, "money-book")
        for path, name in (("/garage", "garage"), ("/money", "money"), ("/garage/reminders", "reminders"),
                           ("/money/transactions", "transactions")):
            go(driver, path)
            accessibility(driver, name)
    finally:
        driver.quit()

    # With JavaScript off, the forms still do their work.
    plain = browser(1280, javascript=False)
    try:
        sign_in(plain, address)
        go(plain, "/money")
        press(plain, "Undo it")
        check("The last change is undone" in main_text(plain) and "Flat" not in main_text(plain),
              "with JavaScript off, the last change (the group Flat) is undone")
        plain.find_element(By.LINK_TEXT, "Streaming").click()
        press(plain, "Resume")
        check("The subscription is active again" in main_text(plain), "with JavaScript off, a subscription is resumed")
        go(plain, "/money/transactions?month=2099-01")
        check("No transactions match" in main_text(plain), "with JavaScript off, the transactions are filtered by month")
    finally:
        plain.quit()


try:
    if MODE == "records":
        run_records(sys.argv[6], sys.argv[7])
    else:
        run()
except Failed as failure:
    print(json.dumps({"checks": checks, "screenshots": shots}))
    print("FAILED: %s" % failure, file=sys.stderr)
    sys.exit(1)
print(json.dumps({"checks": checks, "screenshots": shots}))
