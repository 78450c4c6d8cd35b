#!/usr/bin/env python3
"""Drives Hearth's web pages with a real browser (Chromium through selenium and the system's chromedriver).

Usage: browser_flows.py BASE_URL MAIL_FOLDER SCREENSHOT_FOLDER [CHROMEDRIVER]

MAIL_FOLDER is where the test's SMTP server writes the messages it receives (NNN.eml). Every flow a household
goes through is run as a person would: typing into labelled fields and pressing buttons. Prints one JSON object
with the checks made and the screenshots saved; exits 1 with the failed check on stderr.
"""
import email
import email.policy
import json
import os
import re
import sys
import time
import uuid

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

BASE, MAIL, SHOTS = sys.argv[1], sys.argv[2], sys.argv[3]
DRIVER = sys.argv[4] if len(sys.argv) > 4 else "/usr/bin/chromedriver"
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


def go(driver, path):
    driver.get(BASE + path)


def field(driver, label):
    """The control whose label reads `label`, found as a person finds it: by its label."""
    for element in driver.find_elements(By.TAG_NAME, "label"):
        if element.text.strip().startswith(label) and element.get_attribute("for"):
            return driver.find_element(By.ID, element.get_attribute("for"))
    raise Failed("no field labelled %r on %s" % (label, driver.current_url))


def fill(driver, label, text):
    control = field(driver, label)
    control.clear()
    control.send_keys(text)


def press(driver, text, scope=None):
    for button in (scope or driver).find_elements(By.CSS_SELECTOR, "button"):
        if button.text.strip() == text and button.is_displayed():
            button.click()
            return
    raise Failed("no button %r on %s" % (text, driver.current_url))


def main_text(driver):
    return driver.find_element(By.TAG_NAME, "main").text


def shoot(driver, name, width):
    driver.set_window_size(width, 900)
    height = driver.execute_script("return Math.max(document.body.scrollHeight, 900)")
    driver.set_window_size(width, min(height, 4000))
    path = os.path.join(SHOTS, "%s-%d.png" % (name, width))
    driver.save_screenshot(path)
    shots.append(path)
    driver.set_window_size(width, 900)


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
    check(driver.current_url.endswith("/pantry"), "signing in leads to the pantries")


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


def item_row(driver, name):
    for row in driver.find_elements(By.CSS_SELECTOR, "li.item"):
        if row.find_element(By.CSS_SELECTOR, ".name").text.strip() == name:
            return row
    raise Failed("no item %r on %s" % (name, driver.current_url))


def stock_verb(driver, name, quantity, verb):
    row = item_row(driver, name)
    amount = row.find_element(By.CSS_SELECTOR, "input[name=quantity]")
    amount.clear()
    amount.send_keys(quantity)
    press(driver, verb, row)


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
            .filter(e => e.offsetParent !== null && !e.disabled).length""")
    driver.find_element(By.TAG_NAME, "body").click()
    seen = set()
    for _ in range(focusable + 3):
        driver.switch_to.active_element.send_keys(Keys.TAB)
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
        shoot(first, "households", 390)
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
        wait_for(lambda: amount_of(second, "Eggs") == "4", "the second browser shows the first's change without a reload", timeout=2.0)
        shoot(second, "items", 1280)
        shoot(first, "items", 390)

        # Recipes ranked by what is in stock.
        for name, ingredients in (("Pancakes", "200 g flour\n2 eggs\n300 ml milk"), ("Boiled eggs", "2 eggs")):
            go(first, "/pantry/%s/recipes/new" % household)
            fill(first, "Name", name)
            fill(first, "Ingredients", ingredients)
            press(first, "Save recipe")
        ranking = [element.text for element in first.find_elements(By.CSS_SELECTOR, "ol.ranking .name")]
        check(ranking[:1] == ["Boiled eggs"], "what can be cooked now is ranked first: %s" % ranking)
        check("300 ml milk" in main_text(first), "a recipe shows what is missing")
        shoot(first, "recipes", 390)

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
        go(first, "/pantry/%s/shopping" % household)
        shoot(first, "shopping", 390)

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
        shoot(first, "account", 390)
        go(first, "/pantry/%s/settings" % household)
        shoot(first, "settings", 1280)
    finally:
        for driver in (first, second, plain):
            driver.quit()


try:
    run()
except Failed as failure:
    print(json.dumps({"checks": checks, "screenshots": shots}))
    print("FAILED: %s" % failure, file=sys.stderr)
    sys.exit(1)
print(json.dumps({"checks": checks, "screenshots": shots}))
