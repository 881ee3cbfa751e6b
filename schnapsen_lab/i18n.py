"""The languages the widgets speak: English, German (Austrian usage), French and Russian.

Every text a person reads in a widget, the HTML views, the shared page and the plots is
written in English in the source, marked for extraction (:func:`N_`, :func:`NP_` for a
text that depends on a number, :func:`C_` for a text whose meaning needs a context) and
looked up at the moment it is shown in the language chosen::

    import schnapsen_lab
    schnapsen_lab.set_language("fr")       # from now on; None: the locale's, else English
    replay("deal.psn", lang="ru")          # one widget in another language

The translations are GNU gettext catalogs in the package (``locale/<lang>/LC_MESSAGES/
schnapsen_lab.mo``, compiled from the ``.po`` files beside them and kept in git; see
docs/languages.md for how a text is added). This module imports nothing of the package:
every layer may use it.

A module keeps its texts in a :class:`Texts` table (``TEXT["key"]`` gives the text in
the current language) and its counted texts in a :class:`Plurals` table
(``PLURALS.text("tricks", 3)`` gives "3 tricks", "3 plis", "3 Stiche", "3 взятки").
A widget made with ``lang=`` runs every method in its language (:func:`localized`).
"""

from __future__ import annotations

import functools
import gettext as _gettext
import inspect
import os
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

__all__ = [
    "C_",
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "NP_",
    "N_",
    "Plurals",
    "Texts",
    "default_language",
    "get_language",
    "gettext",
    "language",
    "localized",
    "ngettext",
    "normalize",
    "pgettext",
    "plural_form",
    "resolve",
    "set_language",
    "translations",
]

LANGUAGES = ("en", "de", "fr", "ru")
"""The languages there are catalogs for (English is the source: it needs none)."""

DOMAIN = "schnapsen_lab"
"""The gettext domain: the catalogs' file name."""

LOCALE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")
"""Where the catalogs are: ``LOCALE_DIR/<lang>/LC_MESSAGES/schnapsen_lab.mo``."""

_ENV_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


# -- marking texts for extraction ----------------------------------------------------------------

class _InContext(str):
    """A source text with the context that tells its meaning apart (see :func:`C_`)."""

    __slots__ = ("context",)
    context: str

    def __new__(cls, text: str, context: str) -> _InContext:
        self = super().__new__(cls, text)
        self.context = context
        return self


def N_(text: str) -> str:
    """Mark ``text`` for translation where it is written; it is translated when shown."""
    return text


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a text that depends on a number: English singular and plural, with ``{n}``."""
    return (singular, plural)


def C_(context: str, text: str) -> str:
    """Mark ``text`` with a ``context`` that tells this meaning apart from the same
    English words elsewhere (a translator sees the context; pgettext looks it up)."""
    return _InContext(text, context)


# -- choosing the language -----------------------------------------------------------------------

def normalize(lang: str) -> str:
    """The language code of ``lang`` (``"fr_FR.UTF-8"``, ``"de-AT"``, ``"RU"``): one of
    :data:`LANGUAGES`; raise ValueError for a language there is no catalog for."""
    code = str(lang).strip().replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    if code not in LANGUAGES:
        raise ValueError(f"no catalog for the language {lang!r}: choose one of "
                         f"{', '.join(LANGUAGES)}")
    return code


def default_language() -> str:
    """The language of the user's locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``, as gettext reads them) when there is a catalog for it, else English."""
    return _language_of(tuple(os.environ.get(var, "") for var in _ENV_VARS))


@functools.lru_cache(maxsize=8)
def _language_of(values: tuple[str, ...]) -> str:
    for var, value in zip(_ENV_VARS, values, strict=True):
        for part in value.split(":"):
            if not part or part.split(".")[0] in ("C", "POSIX"):
                continue
            try:
                return normalize(part)
            except ValueError:
                continue
        if value and var != "LANGUAGE":
            break  # the first locale variable that is set decides (as in gettext)
    return "en"


_chosen: str | None = None
_override: ContextVar[str | None] = ContextVar("schnapsen_lab_language", default=None)


def set_language(lang: str | None = None) -> str:
    """Speak ``lang`` (``"en"``, ``"de"``, ``"fr"``, ``"ru"``; a locale such as
    ``"de_AT"`` works too) from now on; None goes back to the locale's language.
    Widgets made earlier keep theirs. Returns the language now spoken."""
    global _chosen
    _chosen = None if lang is None else normalize(lang)
    return get_language()


def get_language() -> str:
    """The language spoken now: a :func:`language` block's, else :func:`set_language`'s,
    else the locale's (English when there is no catalog for it)."""
    lang = _override.get()
    if lang is not None:
        return lang
    return _chosen if _chosen is not None else default_language()


def resolve(lang: str | None) -> str:
    """``lang`` normalized, or the language spoken now when None."""
    return get_language() if lang is None else normalize(lang)


@contextmanager
def language(lang: str | None) -> Iterator[str]:
    """Speak ``lang`` inside the block (None: no change); yields the language."""
    if lang is None:
        yield get_language()
        return
    token = _override.set(normalize(lang))
    try:
        yield _override.get() or "en"
    finally:
        _override.reset(token)


# -- looking texts up ----------------------------------------------------------------------------

@functools.cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The catalog of ``lang`` (English: the source texts themselves)."""
    code = normalize(lang)
    if code == "en":
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])


def gettext(message: str) -> str:
    """``message`` in the language spoken now (a :func:`C_` text in its context)."""
    t = translations(get_language())
    if isinstance(message, _InContext):
        return t.pgettext(message.context, str(message))
    return t.gettext(message)


def pgettext(context: str, message: str) -> str:
    """``message`` with its ``context`` in the language spoken now."""
    return translations(get_language()).pgettext(context, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted text for ``n`` in the language spoken now (Russian has
    three: 1 взятка, 2 взятки, 5 взяток)."""
    return translations(get_language()).ngettext(singular, plural, n)


def plural_form(n: int) -> int:
    """Which plural form the language spoken gives the number ``n``, as its catalog's
    Plural-Forms rule says (0 the first; Russian: 0 for 1 and 21, 1 for 2-4, 2 for 5-20)."""
    rule = getattr(translations(get_language()), "plural", None)
    return int(rule(n)) if rule is not None else int(n != 1)


class Texts(Mapping[str, str]):
    """A module's texts by key: English in :attr:`source`; ``TEXT[key]`` is the text in
    the language spoken now. Values are marked with :func:`N_` or :func:`C_`."""

    __slots__ = ("source",)

    def __init__(self, source: Mapping[str, str]) -> None:
        self.source: dict[str, str] = dict(source)

    def __getitem__(self, key: str) -> str:
        return gettext(self.source[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self.source)

    def __len__(self) -> int:
        return len(self.source)

    def __repr__(self) -> str:
        return f"Texts({len(self.source)} texts)"


class Plurals(Mapping[str, tuple[str, str]]):
    """A module's counted texts by key: ``PLURALS[key]`` is the English (singular,
    plural) pair, marked with :func:`NP_`; :meth:`text` gives the form for a number in
    the language spoken now."""

    __slots__ = ("source",)

    def __init__(self, source: Mapping[str, tuple[str, str]]) -> None:
        self.source: dict[str, tuple[str, str]] = dict(source)

    def __getitem__(self, key: str) -> tuple[str, str]:
        return self.source[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.source)

    def __len__(self) -> int:
        return len(self.source)

    def form(self, key: str, n: int) -> str:
        """The format string of ``key`` for the number ``n`` (``{n}`` not yet filled)."""
        one, many = self.source[key]
        return ngettext(one, many, n)

    def text(self, key: str, n: int, **fields: object) -> str:
        """The text of ``key`` for the number ``n``, its fields filled."""
        return self.form(key, n).format(n=n, **fields)


# -- objects that speak their own language -------------------------------------------------------

T = TypeVar("T")


def _speaking(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        with language(getattr(self, "lang", None)):
            return method(self, *args, **kwargs)

    return wrapper


def _constructing(init: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(init)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> None:
        with language(kwargs.get("lang")):
            init(self, *args, **kwargs)

    return wrapper


def localized(cls: type[T]) -> type[T]:
    """Run every method of the class in the instance's language (its ``lang``
    attribute), and ``__init__`` in the ``lang`` it is given, so that what is shown
    later (after a click, a step) speaks the language the object was made in."""
    for name, value in list(vars(cls).items()):
        if not inspect.isfunction(value):
            continue
        if name == "__init__":
            setattr(cls, name, _constructing(value))
        elif not name.startswith("__"):
            setattr(cls, name, _speaking(value))
    return cls
