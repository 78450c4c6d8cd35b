"""The pantry's dashboard fields served by Strawberry, for PantryBenchmark.

The same schema shape as Hearth's pantry server for the fields the dashboard asks for (same field names and
types), reading the same SQLite database Hearth wrote (opened read-only), with the same rules: a bearer token
from Hearth's sign-in names the caller, only members read a household, items' statuses are computed for today
(UTC), and recipes are ranked by how much of their ingredients the stock covers, converting units, matching
food names by their folded, singular form, using the earliest-due stock first and leaving expired stock out.
Nested lists and per-household reads go through strawberry.dataloader.DataLoader, created per request.

    PANTRY_DATABASE=/path/to/cloud.sqlite uvicorn app:app --workers 2 --port 8000
"""

from __future__ import annotations

import datetime as dt
import enum
import functools
import hashlib
import math
import os
import re
import sqlite3
import time
import unicodedata
from dataclasses import dataclass
from typing import Optional

import strawberry
from strawberry.asgi import GraphQL
from strawberry.dataloader import DataLoader
from strawberry.types import Info

EPSILON = 1e-9
DUE_SOON_DAYS = 5

_connection: Optional[sqlite3.Connection] = None


def database() -> sqlite3.Connection:
    """This worker's read-only connection to Hearth's database."""
    global _connection
    if _connection is None:
        path = os.environ["PANTRY_DATABASE"]
        _connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
    return _connection


def select(sql: str, keys: list[str], order: str) -> list[tuple]:
    unique = list(dict.fromkeys(keys))
    if not unique:
        return []
    marks = ", ".join("?" * len(unique))
    return database().execute(f"{sql} ({marks}) ORDER BY {order}", unique).fetchall()


# MARK: Rules (as HearthPantryModel has them)


def clean(value: float) -> float:
    """`value` rounded to nine decimals, halves away from zero, without float noise."""
    if not math.isfinite(value) or abs(value) >= 1e9:
        return value
    scaled = abs(value) * 1e9
    whole = math.floor(scaled)
    if scaled - whole >= 0.5:
        whole += 1
    cleaned = math.copysign(whole, value) / 1e9
    return 0.0 if cleaned == 0 else cleaned


def fold(text: str) -> str:
    if text.isascii():
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


_WORD = re.compile(r"[^\W_]+")


def singular(word: str) -> str:
    if len(word) <= 3 or not word.endswith("s"):
        return word
    if word.endswith(("ss", "us", "is")):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    for ending in ("sses", "ches", "shes", "xes", "oes"):
        if word.endswith(ending):
            return word[:-2]
    return word[:-1]


def stem(word: str) -> str:
    if word.endswith("ie") and len(word) > 2:
        return word[:-1]
    if word.endswith("y") and len(word) > 2 and word[-2] not in "aeiou":
        return word[:-1] + "i"
    return word


@functools.lru_cache(maxsize=4096)
def food_key(name: str) -> str:
    return " ".join(stem(singular(w)) for w in _WORD.findall(fold(name)))


@dataclass(frozen=True)
class Unit:
    symbol: str
    dimension: str
    factor: float


def _aliases() -> dict[str, Unit]:
    table = [
        (Unit("mg", "mass", 0.001), ["mg", "milligram", "milligramme"]),
        (Unit("g", "mass", 1), ["g", "gr", "gm", "gram", "gramme"]),
        (Unit("kg", "mass", 1000), ["kg", "kilo", "kilogram", "kilogramme"]),
        (Unit("oz", "mass", 28.349523125), ["oz", "ounce"]),
        (Unit("lb", "mass", 453.59237), ["lb", "lbs", "pound"]),
        (Unit("ml", "volume", 1), ["ml", "milliliter", "millilitre", "cc"]),
        (Unit("cl", "volume", 10), ["cl", "centiliter", "centilitre"]),
        (Unit("dl", "volume", 100), ["dl", "deciliter", "decilitre"]),
        (Unit("l", "volume", 1000), ["l", "ltr", "liter", "litre"]),
        (Unit("tsp", "volume", 4.92892159375), ["tsp", "teaspoon"]),
        (Unit("tbsp", "volume", 14.78676478125), ["tbsp", "tbs", "tbl", "tablespoon"]),
        (Unit("fl oz", "volume", 29.5735295625), ["fl oz", "floz", "fluid ounce"]),
        (Unit("cup", "volume", 236.5882365), ["cup"]),
        (Unit("pint", "volume", 473.176473), ["pt", "pint"]),
        (Unit("quart", "volume", 946.352946), ["qt", "quart"]),
        (Unit("gallon", "volume", 3785.411784), ["gal", "gallon"]),
        (Unit("piece", "count", 1), ["", "piece", "pc", "pcs", "each", "ea", "count", "ct", "unit", "item", "whole"]),
        (Unit("dozen", "count", 12), ["dozen", "dz", "doz"]),
    ]
    return {name: unit for unit, names in table for name in names}


ALIASES = _aliases()


@functools.lru_cache(maxsize=1024)
def unit_of(text: str) -> Unit:
    key = " ".join(text.lower().replace(".", " ").split())
    if key in ALIASES:
        return ALIASES[key]
    for suffix in ("s", "es"):
        if key.endswith(suffix) and len(key) > len(suffix) and key[: -len(suffix)] in ALIASES:
            return ALIASES[key[: -len(suffix)]]
    return Unit(singular(key), "other", 1)


def compatible(lhs: str, rhs: str) -> bool:
    a, b = unit_of(lhs), unit_of(rhs)
    if a.dimension == "other":
        return b.dimension == "other" and a.symbol == b.symbol
    return a.dimension == b.dimension


def convert(quantity: float, source: str, target: str) -> Optional[float]:
    if not math.isfinite(quantity) or not compatible(source, target):
        return None
    a, b = unit_of(source), unit_of(target)
    if a.factor == b.factor:
        return quantity
    return clean(quantity * a.factor / b.factor)


# MARK: Types


@strawberry.enum
class ItemCategory(enum.Enum):
    produce = "produce"
    dairy = "dairy"
    meat = "meat"
    pantry = "pantry"
    frozen = "frozen"
    beverages = "beverages"
    other = "other"


@strawberry.enum
class DueDateKind(enum.Enum):
    best_before = "best_before"
    expiration = "expiration"


@strawberry.enum
class ExpiryStatus(enum.Enum):
    expired = "expired"
    overdue = "overdue"
    due_soon = "due_soon"
    below_minimum = "below_minimum"
    ok = "ok"


@strawberry.enum
class Difficulty(enum.Enum):
    easy = "easy"
    medium = "medium"
    hard = "hard"


@strawberry.enum
class CoverageStatus(enum.Enum):
    covered = "covered"
    partial = "partial"
    missing = "missing"
    unit_mismatch = "unit_mismatch"


def statuses(item: "PantryItem", today: dt.date, due_soon_days: int = DUE_SOON_DAYS) -> list[ExpiryStatus]:
    result = []
    if item.quantity > EPSILON and item.due is not None:
        days = (item.due - today).days
        if days < 0:
            result.append(ExpiryStatus.expired if item.dueDateKind == DueDateKind.expiration else ExpiryStatus.overdue)
        elif days <= max(0, due_soon_days):
            result.append(ExpiryStatus.due_soon)
    if item.minimumQuantity is not None and item.minimumQuantity > EPSILON and item.quantity < item.minimumQuantity - EPSILON:
        result.append(ExpiryStatus.below_minimum)
    return result or [ExpiryStatus.ok]


def timestamp(milliseconds: int) -> str:
    moment = dt.datetime.fromtimestamp(milliseconds / 1000, dt.timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


@strawberry.type
class PantryItem:
    id: str
    householdId: str
    name: str
    quantity: float
    unit: str
    category: ItemCategory
    expirationDate: Optional[str] = strawberry.field(description="The day, YYYY-MM-DD.")
    dueDateKind: DueDateKind
    minimumQuantity: Optional[float]
    location: Optional[str]
    notes: Optional[str]
    addedBy: str
    created: strawberry.Private[int]
    updated: strawberry.Private[int]
    due: strawberry.Private[Optional[dt.date]]

    @strawberry.field
    def createdAt(self) -> str:
        return timestamp(self.created)

    @strawberry.field
    def updatedAt(self) -> str:
        return timestamp(self.updated)

    @strawberry.field(description="Most urgent first; [ok] when nothing applies.")
    def statuses(self, info: Info) -> list[ExpiryStatus]:
        return statuses(self, info.context["today"])


@strawberry.type
class Household:
    id: str
    name: str
    description: Optional[str]
    createdBy: str

    @strawberry.field
    async def memberCount(self, info: Info) -> int:
        return len(await info.context["members"].load(self.id))


@strawberry.type
class Ingredient:
    name: str
    quantity: float
    unit: str


@strawberry.type
class Recipe:
    id: str
    householdId: str
    name: str
    description: Optional[str]
    ingredients: list[Ingredient]
    instructions: list[str]
    prepTime: Optional[int]
    cookTime: Optional[int]
    servings: Optional[int]
    difficulty: Difficulty
    tags: list[str]

    @strawberry.field
    def totalTime(self) -> Optional[int]:
        if self.prepTime is None and self.cookTime is None:
            return None
        return (self.prepTime or 0) + (self.cookTime or 0)


@strawberry.type
class IngredientCoverage:
    ingredient: Ingredient
    available: float
    missing: float
    status: CoverageStatus
    itemIds: list[str]


@strawberry.type(name="CookableRecipe")
class RecipeCoverage:
    recipe: Recipe
    servings: Optional[int]
    ingredients: list[IngredientCoverage]

    @strawberry.field
    def coverage(self) -> float:
        if not self.ingredients:
            return 1.0
        total = 0.0
        for ingredient in self.ingredients:
            total += fraction(ingredient)
        return clean(total / len(self.ingredients))

    @strawberry.field
    def canCook(self) -> bool:
        return all(i.status == CoverageStatus.covered for i in self.ingredients)

    @strawberry.field
    def missing(self) -> list[IngredientCoverage]:
        return [i for i in self.ingredients if i.status != CoverageStatus.covered]


@strawberry.type
class ShoppingListItem:
    id: str
    householdId: str
    name: str
    quantity: float
    unit: str
    checked: bool
    note: Optional[str]
    recipeId: Optional[str]


# MARK: Cookable ranking (as CookableRanking has it)


def fraction(coverage: IngredientCoverage) -> float:
    if coverage.ingredient.quantity <= EPSILON:
        return 1.0 if coverage.status == CoverageStatus.covered else 0.0
    return min(1.0, max(0.0, coverage.available / coverage.ingredient.quantity))


def scaled(recipe: Recipe, servings: Optional[int]) -> list[Ingredient]:
    if servings is None or servings <= 0 or recipe.servings is None or recipe.servings <= 0 or servings == recipe.servings:
        return recipe.ingredients
    factor = servings / recipe.servings
    return [Ingredient(name=i.name, quantity=clean(i.quantity * factor), unit=i.unit) for i in recipe.ingredients]


def cover(ingredient: Ingredient, items: list[PantryItem], left: dict[str, float]) -> IngredientCoverage:
    mismatched = [i.id for i in items if not compatible(i.unit, ingredient.unit)]
    usable = [i for i in items if compatible(i.unit, ingredient.unit)]
    needed = max(0.0, ingredient.quantity if math.isfinite(ingredient.quantity) else 0.0)
    if needed <= EPSILON:
        in_stock = any(left.get(i.id, i.quantity) > EPSILON for i in items)
        return IngredientCoverage(
            ingredient=ingredient, available=0.0, missing=0.0, itemIds=[i.id for i in items] if in_stock else [],
            status=CoverageStatus.covered if in_stock else CoverageStatus.missing)
    remaining = needed
    used = []
    for item in usable:
        if remaining <= EPSILON:
            break
        pool = left.get(item.id, item.quantity)
        if pool <= EPSILON:
            continue
        in_ingredient_unit = convert(pool, item.unit, ingredient.unit)
        if in_ingredient_unit is None:
            continue
        taken = min(in_ingredient_unit, remaining)
        remaining = clean(remaining - taken)
        in_item_unit = convert(taken, ingredient.unit, item.unit)
        left[item.id] = clean(max(0.0, pool - (in_item_unit if in_item_unit is not None else pool)))
        used.append(item.id)
    available = clean(needed - remaining)
    if remaining <= EPSILON:
        status = CoverageStatus.covered
    elif available > EPSILON:
        status = CoverageStatus.partial
    else:
        status = CoverageStatus.missing if not mismatched else CoverageStatus.unit_mismatch
    return IngredientCoverage(ingredient=ingredient, available=available, missing=remaining if remaining > EPSILON else 0.0,
                              itemIds=used, status=status)


def rank(recipes: list[Recipe], stock: list[PantryItem], servings: Optional[int], today: dt.date) -> list[RecipeCoverage]:
    usable = [i for i in stock if i.quantity > EPSILON and ExpiryStatus.expired not in statuses(i, today)]
    # Earliest due first, undated last, then the stored order (the sort is stable).
    ordered = sorted(usable, key=lambda i: (i.due is None, i.due or dt.date.min))
    by_food: dict[str, list[PantryItem]] = {}
    for item in ordered:
        by_food.setdefault(food_key(item.name), []).append(item)
    scored = []
    for offset, recipe in enumerate(recipes):
        left: dict[str, float] = {}
        covered = [cover(i, by_food.get(food_key(i.name), []), left) for i in scaled(recipe, servings)]
        scaled_to = servings if (servings or 0) > 0 and (recipe.servings or 0) > 0 else None
        scored.append((offset, RecipeCoverage(recipe=recipe, servings=scaled_to, ingredients=covered)))

    def compare(lhs, rhs) -> int:
        l, r = lhs[1], rhs[1]
        lc, rc = l.coverage(), r.coverage()
        if abs(lc - rc) > EPSILON:
            return -1 if lc > rc else 1
        for a, b in ((fold(l.recipe.name), fold(r.recipe.name)), (l.recipe.name, r.recipe.name), (l.recipe.id, r.recipe.id), (lhs[0], rhs[0])):
            if a != b:
                return -1 if a < b else 1
        return 0

    return [coverage for _, coverage in sorted(scored, key=functools.cmp_to_key(compare))]


# MARK: Loading


ITEM_COLUMNS = "id, household_id, name, quantity, unit, category, expiration_date, location, notes, minimum_quantity, due_date_kind, added_by, created_at, updated_at"


def item_from(row: tuple) -> PantryItem:
    (id_, household, name, quantity, unit, category, expiration, location, notes, minimum, kind, added_by, created, updated) = row
    return PantryItem(
        id=id_, householdId=household, name=name, quantity=float(quantity), unit=unit, category=ItemCategory(category),
        expirationDate=expiration, dueDateKind=DueDateKind(kind), minimumQuantity=None if minimum is None else float(minimum),
        location=location, notes=notes, addedBy=added_by, created=created, updated=updated,
        due=dt.date.fromisoformat(expiration) if expiration else None)


def group(rows, keys: list[str], key_index: int, make) -> list[list]:
    grouped: dict[str, list] = {k: [] for k in keys}
    for row in rows:
        grouped.setdefault(row[key_index], []).append(make(row))
    return [grouped[k] for k in keys]


async def load_households(ids: list[str]) -> list[Optional[Household]]:
    rows = select("SELECT id, name, description, created_by FROM pantry_households WHERE id IN", ids, "id")
    found = {r[0]: Household(id=r[0], name=r[1], description=r[2], createdBy=r[3]) for r in rows}
    return [found.get(i) for i in ids]


async def load_members(ids: list[str]) -> list[list[tuple]]:
    rows = select("SELECT id, household_id, user_id, role, joined_at FROM pantry_members WHERE household_id IN", ids, "joined_at, id")
    return group(rows, ids, 1, lambda r: r)


async def load_memberships(user_ids: list[str]) -> list[list[tuple]]:
    rows = select("SELECT id, household_id, user_id, role, joined_at FROM pantry_members WHERE user_id IN", user_ids, "joined_at, id")
    return group(rows, user_ids, 2, lambda r: r)


async def load_items(ids: list[str]) -> list[list[PantryItem]]:
    rows = select(f"SELECT {ITEM_COLUMNS} FROM pantry_items WHERE household_id IN", ids, "name, id")
    return group(rows, ids, 1, item_from)


async def load_recipes(ids: list[str]) -> list[list[Recipe]]:
    rows = select("SELECT id, household_id, name, description, prep_time, cook_time, servings, difficulty FROM pantry_recipes WHERE household_id IN", ids, "name, id")
    recipe_ids = [r[0] for r in rows]
    ingredients = dict(zip(recipe_ids, group(
        select("SELECT recipe_id, name, quantity, unit FROM pantry_recipe_ingredients WHERE recipe_id IN", recipe_ids, "recipe_id, position"),
        recipe_ids, 0, lambda r: Ingredient(name=r[1], quantity=float(r[2]), unit=r[3]))))
    steps = dict(zip(recipe_ids, group(
        select("SELECT recipe_id, text FROM pantry_recipe_steps WHERE recipe_id IN", recipe_ids, "recipe_id, position"), recipe_ids, 0, lambda r: r[1])))
    tags = dict(zip(recipe_ids, group(
        select("SELECT recipe_id, tag FROM pantry_recipe_tags WHERE recipe_id IN", recipe_ids, "recipe_id, tag"), recipe_ids, 0, lambda r: r[1])))
    recipes = [
        Recipe(id=r[0], householdId=r[1], name=r[2], description=r[3], ingredients=ingredients[r[0]], instructions=steps[r[0]],
               prepTime=r[4], cookTime=r[5], servings=r[6], difficulty=Difficulty(r[7]), tags=tags[r[0]])
        for r in rows
    ]
    return _by_household(recipes, ids)


def _by_household(recipes: list[Recipe], ids: list[str]) -> list[list[Recipe]]:
    grouped: dict[str, list[Recipe]] = {k: [] for k in ids}
    for recipe in recipes:
        grouped.setdefault(recipe.householdId, []).append(recipe)
    return [grouped[k] for k in ids]


async def load_shopping(ids: list[str]) -> list[list[ShoppingListItem]]:
    rows = select("SELECT id, household_id, name, quantity, unit, checked, note, recipe_id FROM pantry_shopping_items WHERE household_id IN",
                  ids, "created_at, id")
    return group(rows, ids, 1, lambda r: ShoppingListItem(
        id=r[0], householdId=r[1], name=r[2], quantity=float(r[3]), unit=r[4], checked=r[5] != 0, note=r[6], recipeId=r[7]))


class NotAuthenticated(Exception):
    pass


class Forbidden(Exception):
    pass


class NotFound(Exception):
    pass


def viewer(request) -> Optional[str]:
    header = request.headers.get("authorization") if request is not None else None
    if header is None:
        return None
    if not header.lower().startswith("bearer "):
        raise NotAuthenticated('The Authorization header must be "Bearer <token>".')
    token = header[7:].strip()
    digest = hashlib.sha256(token.encode()).hexdigest()
    row = database().execute(
        "SELECT a.id, s.expires_at FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.token_hash = ?", (digest,)).fetchone()
    if row is None or row[1] <= int(time.time() * 1000):
        raise NotAuthenticated("The bearer token is unknown, revoked or expired; sign in again.")
    return row[0]


async def readable(info: Info, household_id: str) -> Household:
    """The household, when the caller is a member of it."""
    context = info.context
    user = context["viewer"]
    if user is None:
        raise NotAuthenticated('Sign in first: send "Authorization: Bearer <token>".')
    household = await context["households"].load(household_id)
    if household is None:
        raise NotFound(f"Household {household_id} not found")
    memberships = await context["memberships"].load(user)
    if not any(m[1] == household_id for m in memberships):
        raise Forbidden(f"You are not a member of {household.name}; ask its owner or an admin for an invite code.")
    return household


@strawberry.type
class Query:
    @strawberry.field(description="One household you belong to.")
    async def household(self, info: Info, id: str) -> Household:
        return await readable(info, id)

    @strawberry.field(description="A household's items, by name.")
    async def items(self, info: Info, householdId: str, expiringWithinDays: Optional[int] = None) -> list[PantryItem]:
        household = await readable(info, householdId)
        items = await info.context["items"].load(household.id)
        if expiringWithinDays is not None:
            if expiringWithinDays < 0:
                raise ValueError(f"expiringWithinDays must be 0 or more; it is {expiringWithinDays}.")
            today = info.context["today"]
            dated = {ExpiryStatus.expired, ExpiryStatus.overdue, ExpiryStatus.due_soon}
            items = [i for i in items if any(s in dated for s in statuses(i, today, expiringWithinDays))]
        return items

    @strawberry.field(description="What can I cook with what I have: recipes ranked by how much the stock covers, most first.")
    async def cookableRecipes(self, info: Info, householdId: str, servings: Optional[int] = None) -> list[RecipeCoverage]:
        household = await readable(info, householdId)
        if servings is not None and servings < 1:
            raise ValueError(f"servings must be at least 1; it is {servings}.")
        recipes = await info.context["recipes"].load(household.id)
        items = await info.context["items"].load(household.id)
        return rank(recipes, items, servings, info.context["today"])

    @strawberry.field(description="A household's shopping list, in the order lines were added.")
    async def shoppingList(self, info: Info, householdId: str) -> list[ShoppingListItem]:
        household = await readable(info, householdId)
        return await info.context["shopping"].load(household.id)


class PantryGraphQL(GraphQL):
    async def get_context(self, request, response) -> dict:
        return {
            "viewer": viewer(request),
            "today": dt.datetime.now(dt.timezone.utc).date(),
            "households": DataLoader(load_fn=load_households),
            "members": DataLoader(load_fn=load_members),
            "memberships": DataLoader(load_fn=load_memberships),
            "items": DataLoader(load_fn=load_items),
            "recipes": DataLoader(load_fn=load_recipes),
            "shopping": DataLoader(load_fn=load_shopping),
        }


schema = strawberry.Schema(query=Query)
app = PantryGraphQL(schema, graphql_ide=None)
