"""The ask kinds, as data: rules_asp/asks/schema.toml, plus a researcher's own.

A kind says which fields its [[ask]] takes (typed, so that the one generic
reader checks them), what the answer's keys are (typed, so that the one
generic answer builder reads them from answer/3 and answer_item/4), and how
a bare expectation compares. What a kind means is its rule file's business.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules_asp import RULES_DIR

from .errors import MtgaspError

SCHEMA_FILE = RULES_DIR / "asks" / "schema.toml"

FIELD_TYPES = ("object", "player", "object_or_player", "objects_or_players", "count", "positive", "bool", "word",
               "string", "count_table", "card")
ANSWER_TYPES = ("value", "bool", "list", "sorted_list", "rules", "map", "event_outcomes")


@dataclass(frozen=True)
class AskKind:
    name: str
    main: str                                  # the type of `KIND = ...`
    fields: dict[str, str]                     # the other fields and their types
    table_fields: dict[str, str]               # main = "table:...": its fields' types
    required: tuple[str, ...]
    echo: tuple[str, ...]
    answer: dict[str, str]                     # answer keys and their types, in order
    inline: str | None                         # an answer key whose table is the answer itself
    makes: str | None                          # how answers name the object the ask makes
    expect: str | None
    expect_field: str | None
    unordered: tuple[str, ...]                 # answer keys whose lists an expectation may give in any order
    spec: str
    # main = "variant": `KIND = NAME` picks one of these, each with its own fields and required ones
    variants: dict[str, tuple[dict[str, str], tuple[str, ...]]] = field(default_factory=dict)

    def fields_of(self, variant: str | None) -> dict[str, str]:
        """The fields an ask of this kind takes (of its variant, for a kind with variants)."""
        if variant in self.variants:
            return {**self.fields, **self.variants[variant][0]}
        return self.fields

    def required_of(self, variant: str | None) -> tuple[str, ...]:
        return self.required + (self.variants[variant][1] if variant in self.variants else ())


@dataclass(frozen=True)
class Shape:
    keys: tuple[str, ...]
    lists: dict[str, str] = field(default_factory=dict)
    defaults: dict[str, Any] = field(default_factory=dict)
    sort: tuple[str, ...] = ()
    formats: dict[str, str] = field(default_factory=dict)  # type_word, capitalized


@dataclass
class Schema:
    kinds: dict[str, AskKind]
    shapes: dict[str, Shape]
    errors: dict[str, str]
    planned: dict[str, str] = field(default_factory=dict)  # kinds of the format not answered yet

    def extended(self, paths: list[Path]) -> Schema:
        """This schema with the kinds, shapes and messages of a researcher's files."""
        schema = Schema(dict(self.kinds), dict(self.shapes), dict(self.errors), dict(self.planned))
        for path in paths:
            other = _read(Path(path))
            for name in other.kinds:
                if name in self.kinds:
                    raise MtgaspError(f"{path}: ask kind '{name}' is built in; give yours another name")
            schema.kinds.update(other.kinds)
            schema.shapes.update(other.shapes)
            schema.errors.update(other.errors)
        schema.check_shapes()
        return schema

    def check_shapes(self) -> None:
        for kind in self.kinds.values():
            for key, kind_type in kind.answer.items():
                shape = kind_type.partition(":")[2]
                if ":" in kind_type and shape not in self.shapes:
                    raise MtgaspError(f"ask kind '{kind.name}': answer key '{key}' names the shape '{shape}', "
                                      f"which no schema defines (shapes: {', '.join(self.shapes)})")


_builtin: Schema | None = None


def builtin_schema() -> Schema:
    global _builtin
    if _builtin is None:
        _builtin = _read(SCHEMA_FILE)
        _builtin.check_shapes()
    return _builtin


def load_schema(extra: list[Path] = ()) -> Schema:
    return builtin_schema().extended(list(extra)) if extra else builtin_schema()


def _read(path: Path) -> Schema:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise MtgaspError(f"cannot read the ask schema {path}: {error.strerror}") from None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise MtgaspError(f"{path}: not a valid ask schema ({error})") from None
    unknown = set(data) - {"kinds", "shapes", "errors", "planned"}
    if unknown:
        raise MtgaspError(f"{path}: unknown schema section '{sorted(unknown)[0]}'; "
                          "expected kinds, shapes, errors, planned")
    kinds = {name: _kind(path, name, entry) for name, entry in _tables(path, data, "kinds").items()}
    shapes = {name: _shape(path, name, entry) for name, entry in _tables(path, data, "shapes").items()}
    errors = data.get("errors", {})
    if not isinstance(errors, dict) or not all(isinstance(v, str) for v in errors.values()):
        raise MtgaspError(f"{path}: [errors] should map codes to message strings")
    planned = data.get("planned", {})
    if not isinstance(planned, dict) or not all(isinstance(v, str) for v in planned.values()):
        raise MtgaspError(f"{path}: [planned] should map kinds to message strings")
    return Schema(kinds, shapes, errors, planned)


def _tables(path: Path, data: dict, section: str) -> dict[str, dict]:
    value = data.get(section, {})
    if not isinstance(value, dict) or not all(isinstance(v, dict) for v in value.values()):
        raise MtgaspError(f"{path}: [{section}] should hold one table per name ([{section}.NAME])")
    return value


KIND_KEYS = ("spec", "main", "fields", "table_fields", "required", "echo", "answer", "inline", "makes",
             "expect", "expect_field", "unordered", "variants")


def _typed(where: str, entry: dict, key: str, kind: str, default: Any) -> Any:
    """A schema value of the expected shape: a word, a list of words, or a table of words."""
    value = entry.get(key, default)
    ok = {"word": isinstance(value, str),
          "words": isinstance(value, list) and all(isinstance(v, str) for v in value),
          "table": isinstance(value, dict) and all(isinstance(v, str) for v in value.values()),
          "flag": isinstance(value, bool)}[kind]
    if not ok and value is not None:
        expected = {"word": "a string", "words": "a list of strings", "table": "a table of strings",
                    "flag": "true or false"}[kind]
        raise MtgaspError(f"{where}: '{key}' should be {expected}, got {value!r}")
    return value


def _kind(path: Path, name: str, entry: dict) -> AskKind:
    where = f"{path}: [kinds.{name}]"
    if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
        raise MtgaspError(f"{where}: a kind's name is a lower-case word (letters, digits, _), got {name!r}")
    for key in entry:
        if key not in KIND_KEYS:
            raise MtgaspError(f"{where}: unknown key '{key}'; expected some of: {', '.join(KIND_KEYS)}")
    main = _typed(where, entry, "main", "word", "object")
    table_fields = dict(_typed(where, entry, "table_fields", "table", {}))
    if main.startswith("table:"):
        listed = main.partition(":")[2].split("|")
        missing = [f for f in listed if f not in table_fields]
        if missing:
            raise MtgaspError(f"{where}: table field '{missing[0]}' has no type in table_fields")
    fields = dict(_typed(where, entry, "fields", "table", {}))
    for field_name, field_type in {**fields, **table_fields, "main": main}.items():
        if not _known_field_type(field_type) and not (field_name == "main" and field_type == "variant"):
            raise MtgaspError(f"{where}: field '{field_name}' has unknown type '{field_type}'; "
                              f"expected one of: {', '.join(FIELD_TYPES)}, one_of:A|B, table:F|G")
    variants = _variants(where, entry) if main == "variant" else {}
    if entry.get("variants") is not None and main != "variant":
        raise MtgaspError(f"{where}: 'variants' needs main = \"variant\"")
    answer = dict(_typed(where, entry, "answer", "table", {}))
    for key, answer_type in answer.items():
        if answer_type not in ANSWER_TYPES and answer_type.partition(":")[0] not in ("table", "tables"):
            raise MtgaspError(f"{where}: answer key '{key}' has unknown type '{answer_type}'; "
                              f"expected one of: {', '.join(ANSWER_TYPES)}, table:SHAPE, tables:SHAPE")
    if name in fields or name in ("expect", "ask", "object"):
        raise MtgaspError(f"{where}: a field cannot be named like the kind, 'ask', 'object' or 'expect'")
    return AskKind(
        name=name, main=main, fields=fields, table_fields=table_fields,
        required=tuple(_typed(where, entry, "required", "words", [])),
        echo=tuple(_typed(where, entry, "echo", "words", [])), answer=answer,
        inline=_typed(where, entry, "inline", "word", None), makes=_typed(where, entry, "makes", "word", None),
        expect=_typed(where, entry, "expect", "word", None),
        expect_field=_typed(where, entry, "expect_field", "word", None),
        unordered=tuple(_typed(where, entry, "unordered", "words", [])),
        spec=_typed(where, entry, "spec", "word", "extension"), variants=variants,
    )


def _variants(where: str, entry: dict) -> dict[str, tuple[dict[str, str], tuple[str, ...]]]:
    """[kinds.K.variants.NAME]: each with `fields` and `required`, typed as a kind's."""
    tables = entry.get("variants")
    if not isinstance(tables, dict) or not tables or not all(isinstance(v, dict) for v in tables.values()):
        raise MtgaspError(f"{where}: main = \"variant\" needs [variants.NAME] tables")
    variants = {}
    for name, table in tables.items():
        at = f"{where} variant '{name}'"
        for key in table:
            if key not in ("fields", "required"):
                raise MtgaspError(f"{at}: unknown key '{key}'; expected fields, required")
        fields = dict(_typed(at, table, "fields", "table", {}))
        for field_name, field_type in fields.items():
            if not _known_field_type(field_type):
                raise MtgaspError(f"{at}: field '{field_name}' has unknown type '{field_type}'; "
                                  f"expected one of: {', '.join(FIELD_TYPES)}, one_of:A|B, table:F|G")
        variants[name] = (fields, tuple(_typed(at, table, "required", "words", [])))
    return variants


def _known_field_type(field_type: Any) -> bool:
    if not isinstance(field_type, str):
        return False
    prefix, _, rest = field_type.partition(":")
    return field_type in FIELD_TYPES or (prefix in ("one_of", "table") and bool(rest))


def _shape(path: Path, name: str, entry: dict) -> Shape:
    where = f"{path}: [shapes.{name}]"
    return Shape(tuple(_typed(where, entry, "keys", "words", [])), dict(_typed(where, entry, "lists", "table", {})),
                 dict(entry.get("defaults", {}) if isinstance(entry.get("defaults", {}), dict) else
                      _typed(where, entry, "defaults", "table", {})),
                 tuple(_typed(where, entry, "sort", "words", [])), dict(_typed(where, entry, "formats", "table", {})))
