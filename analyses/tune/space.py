"""The search space of ``boardlab tune``: which numbers may change, over which domain.

Three kinds of dimension, each a ``[[space]]`` table of the tune file:

- ``param = "name"``: a declared rule parameter; its domain defaults to the parameter's own
  metadata (choices, or ``ge``..``le``) and may be narrowed with ``int``/``float``/``choice``.
- ``content = "stem"`` with ``path`` (one number or value) or ``permute`` (paths whose values
  are reordered: e.g. which effect sits on which card value; ``also`` lists paths given the same
  order, such as a second copy of the deck).
- ``policy_slot = k`` with ``option``: a policy option of line-up slot ``k`` (a heuristic's
  evaluation weight).

``[[constraint]] keep_sum = [names]`` keeps the total of integer dimensions: the last one is
derived from the others, and a candidate whose derived value falls outside its domain is
infeasible (it is told to the optimiser as such and never played).
"""

from __future__ import annotations

import difflib
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from optuna.distributions import (
    BaseDistribution,
    CategoricalDistribution,
    FloatDistribution,
    IntDistribution,
)

from analyses.tune import content as cf
from simcore.core import registry
from simcore.core.errors import ConfigError

_DOMAINS = ("int", "float", "choice")
_KEYS = {"name", "param", "content", "path", "permute", "also", "policy_slot", "option", *_DOMAINS}


@dataclass(frozen=True)
class Dim:
    """One named dimension: where its value goes and its domain."""

    name: str
    kind: str  # param | content | permute | policy
    domain: str  # int | float | choice | permutation
    bounds: tuple[Any, ...]  # (lo, hi) or the choices; a permutation: the values in order
    old: Any  # the current version's value (a permutation: the values in order)
    target: str = ""  # param name, content stem or policy option
    paths: tuple[tuple[str, ...], ...] = ()  # content paths (a permutation: one tuple per copy)
    slot: int = -1
    derived: bool = False  # set by a keep_sum constraint, not sampled

    def distributions(self) -> dict[str, BaseDistribution]:
        """The Optuna distributions that encode this dimension (a permutation: Lehmer code)."""
        if self.derived:
            return {}
        if self.domain == "int":
            return {self.name: IntDistribution(int(self.bounds[0]), int(self.bounds[1]))}
        if self.domain == "float":
            return {self.name: FloatDistribution(float(self.bounds[0]), float(self.bounds[1]))}
        if self.domain == "choice":
            return {self.name: CategoricalDistribution([_enc(c) for c in self.bounds])}
        n = len(self.bounds)
        return {f"{self.name}#{i}": IntDistribution(0, n - 1 - i) for i in range(n - 1)}

    def decode(self, params: Mapping[str, Any]) -> Any:
        """This dimension's value from a trial's parameters."""
        if self.domain == "permutation":
            pool = list(self.bounds)
            out = [pool.pop(int(params[f"{self.name}#{i}"])) for i in range(len(pool) - 1)]
            return out + pool
        if self.domain == "choice":
            return _dec(params[self.name])
        return params[self.name]

    def in_domain(self, value: Any) -> bool:
        """Whether a (derived) value lies in the domain."""
        if self.domain in ("int", "float"):
            return self.bounds[0] <= value <= self.bounds[1]
        return value in self.bounds


def _enc(v: Any) -> Any:
    return v if isinstance(v, bool | int | float | str) or v is None else json.dumps(v)


def _dec(v: Any) -> Any:
    if isinstance(v, str) and v[:1] in "[{":
        return json.loads(v)
    return v


@dataclass(frozen=True)
class Space:
    """All dimensions and the keep-sum groups (lists of dimension names, last one derived)."""

    game: str
    dims: tuple[Dim, ...]
    keep_sums: tuple[tuple[str, ...], ...] = ()
    policies: tuple[str, ...] = field(default=())

    def distributions(self) -> dict[str, BaseDistribution]:
        """Every sampled Optuna distribution, by name."""
        out: dict[str, BaseDistribution] = {}
        for d in self.dims:
            out.update(d.distributions())
        return out

    def values(self, params: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
        """Dimension name -> value for a trial's parameters, and whether it is feasible."""
        by_name = {d.name: d for d in self.dims}
        out = {d.name: d.decode(params) for d in self.dims if not d.derived}
        ok = True
        for group in self.keep_sums:
            total = sum(by_name[n].old for n in group)
            last = by_name[group[-1]]
            out[last.name] = total - sum(out[n] for n in group[:-1])
            ok = ok and last.in_domain(out[last.name])
        return out, ok

    def current(self) -> dict[str, Any]:
        """The current version's value of every dimension."""
        return {d.name: d.old for d in self.dims}

    def changes(self, values: Mapping[str, Any]) -> list[tuple[str, Any, Any]]:
        """``(name, old, new)`` for every dimension a candidate moves."""
        return [(d.name, d.old, values[d.name]) for d in self.dims if values[d.name] != d.old]


def build_space(
    raw_dims: Sequence[Mapping[str, Any]],
    constraints: Sequence[Mapping[str, Any]],
    game: str,
    base_params: Mapping[str, Any],
    policies: Sequence[str],
) -> Space:
    """Check every ``[[space]]`` and ``[[constraint]]`` table; ``ConfigError`` naming the first
    problem."""
    if not raw_dims:
        raise ConfigError("tune file: no [[space]] dimension: name what may change")
    dims = [_dim(i, dict(raw), game, base_params, policies) for i, raw in enumerate(raw_dims)]
    names = [d.name for d in dims]
    if len(set(names)) != len(names):
        dup = next(n for n in names if names.count(n) > 1)
        raise ConfigError(f"tune file: two [[space]] dimensions are named {dup!r}")
    groups = [_keep_sum(c, dims) for c in constraints]
    derived = {g[-1] for g in groups}
    dims = [Dim(**{**d.__dict__, "derived": d.name in derived}) for d in dims]
    return Space(game, tuple(dims), tuple(groups), tuple(policies))


def _dim(i: int, raw: dict, game: str, base: Mapping[str, Any], policies: Sequence[str]) -> Dim:
    where = f"tune file: [[space]] #{i + 1}"
    unknown = sorted(set(raw) - _KEYS)
    if unknown:
        raise ConfigError(f"{where}: unknown key {unknown[0]!r}{_near(unknown[0], _KEYS)}")
    kinds = [k for k in ("param", "content", "policy_slot") if k in raw]
    if len(kinds) != 1:
        raise ConfigError(f"{where}: give exactly one of param, content, policy_slot")
    domains = [k for k in _DOMAINS if k in raw]
    if len(domains) > 1:
        raise ConfigError(f"{where}: give at most one of int, float, choice")
    if kinds[0] == "param":
        return _param_dim(where, raw, game, base, domains)
    if kinds[0] == "content":
        return _content_dim(where, raw, game, base, domains)
    return _policy_dim(where, raw, game, base, policies, domains)


def _near(word: str, options: Any) -> str:
    close = difflib.get_close_matches(word, sorted(options), n=3)
    return f" (did you mean {', '.join(close)}?)" if close else ""


def _domain(where: str, raw: Mapping, domains: list[str], default: tuple[str, tuple] | None):
    """(domain, bounds) from the table's int/float/choice key, else ``default``."""
    if not domains:
        if default is None:
            raise ConfigError(
                f"{where}: give a domain: int = [lo, hi], float = [lo, hi] or choice = [...]"
            )
        return default
    kind = domains[0]
    value = raw[kind]
    if not isinstance(value, list) or not value:
        raise ConfigError(f"{where}: {kind} must be a non-empty list")
    if kind == "choice":
        if len(value) < 2:
            raise ConfigError(f"{where}: choice needs at least two values")
        return kind, tuple(value)
    number = int if kind == "int" else (int, float)
    if len(value) != 2 or not all(
        isinstance(v, number) and not isinstance(v, bool) and math.isfinite(v) for v in value
    ):
        raise ConfigError(
            f"{where}: {kind} must be [lo, hi] (finite {kind} numbers), got {value!r}"
        )
    if value[0] >= value[1]:
        raise ConfigError(f"{where}: {kind} = {value!r} is empty or a single value (lo < hi)")
    return kind, (value[0], value[1])


def _param_dim(where: str, raw: dict, game: str, base: Mapping[str, Any], domains) -> Dim:
    cls = registry.game_class(game).params_class
    meta = {row["name"]: row for row in cls.describe()}
    name = raw["param"]
    if name not in meta:
        raise ConfigError(f"{where}: unknown parameter {name!r} of {game}{_near(name, meta)}")
    m = meta[name]
    old = base.get(name, m["default"])
    default = None
    if m.get("choices") and not isinstance(old, list):
        default = ("choice", tuple(m["choices"]))
    elif isinstance(old, bool):
        default = ("choice", (False, True))
    elif m.get("ge") is not None and m.get("le") is not None:
        default = ("float" if isinstance(old, float) else "int", (m["ge"], m["le"]))
    kind, bounds = _domain(where, raw, domains, default)
    if kind in ("int", "float"):
        ge, le = m.get("ge"), m.get("le")
        if (ge is not None and bounds[0] < ge) or (le is not None and bounds[1] > le):
            raise ConfigError(
                f"{where}: {name} = {list(bounds)} leaves the parameter's range [{ge}, {le}]"
            )
        if kind == "int" and isinstance(old, float):
            raise ConfigError(f"{where}: {name} is a float parameter: use float = [lo, hi]")
    if kind == "choice" and m.get("choices"):
        bad = [c for c in bounds if c not in m["choices"]]
        if bad:
            raise ConfigError(
                f"{where}: {name} cannot be {bad[0]!r}; allowed: "
                f"{', '.join(map(str, m['choices']))}"
            )
    return Dim(raw.get("name", name), "param", kind, bounds, old, target=name)


def _content_dim(where: str, raw: dict, game: str, base: Mapping[str, Any], domains) -> Dim:
    files = cf.content_files(game, base)  # the version's own content: its values are "old"
    stem = raw["content"]
    if stem not in files:
        raise ConfigError(
            f"{where}: {game} has no content file {stem!r}{_near(stem, files)}"
            f"; files: {', '.join(files) or 'none'}"
        )
    cf.pointer_param(game, stem)
    from simcore.core.content import read_toml

    data = read_toml(files[stem])
    if ("path" in raw) == ("permute" in raw):
        raise ConfigError(f"{where}: give either path (one value) or permute (values to reorder)")
    if "permute" in raw:
        if domains:
            raise ConfigError(f"{where}: a permutation takes no int/float/choice domain")
        copies = [_paths(where, data, raw["permute"])]
        for extra in raw.get("also", []):
            copies.append(_paths(where, data, extra))
        if any(len(c) != len(copies[0]) for c in copies) or len(copies[0]) < 2:
            raise ConfigError(f"{where}: permute needs 2+ values and 'also' as many as it")
        old = tuple(cf.get(data, p) for p in copies[0])
        for c in copies[1:]:
            if tuple(cf.get(data, p) for p in c) != old:
                raise ConfigError(f"{where}: the paths in 'also' hold other values than permute")
        name = raw.get("name", f"{stem}:{raw['permute']}")
        return Dim(name, "permute", "permutation", old, old, stem, tuple(map(tuple, copies)))
    path = raw["path"]
    old = cf.get(data, path)
    if isinstance(old, list | dict):
        raise ConfigError(f"{where}: {path!r} holds a list or table, not one value")
    default = ("int", (0, max(1, 2 * old))) if isinstance(old, int) and old >= 0 else None
    kind, bounds = _domain(where, raw, domains, default)
    if kind == "int" and not isinstance(old, int):
        raise ConfigError(f"{where}: {path!r} holds {old!r}, not an integer")
    return Dim(raw.get("name", f"{stem}:{path}"), "content", kind, bounds, old, stem, ((path,),))


def _paths(where: str, data: Any, spec: Any) -> list[str]:
    specs = [spec] if isinstance(spec, str) else spec
    if not isinstance(specs, list) or not all(isinstance(s, str) for s in specs):
        raise ConfigError(f"{where}: paths must be a string or a list of strings")
    return [p for s in specs for p in cf.expand(data, s)]


def _policy_dim(where: str, raw: dict, game: str, base, policies: Sequence[str], domains) -> Dim:
    slot = raw["policy_slot"]
    if not isinstance(slot, int) or not 0 <= slot < len(policies):
        raise ConfigError(f"{where}: policy_slot must be 0..{len(policies) - 1}, got {slot!r}")
    option = raw.get("option")
    if not isinstance(option, str) or not option:
        raise ConfigError(f'{where}: a policy dimension needs option = "name"')
    kind, bounds = _domain(where, raw, domains, None)
    from strategies.base import parse_spec
    from strategies.registry import make_policy

    _, opts = parse_spec(policies[slot])
    spec = policies[slot] + ("," if opts else ":")
    built = registry.make_game(game, dict(base))
    for value in bounds:  # every policy option is checked by the policy itself
        try:
            policy = make_policy(f"{spec}{option}={value}", built)
        except ConfigError as exc:
            raise ConfigError(f"{where}: {exc}") from None
    policy = make_policy(policies[slot], built)
    old = opts.get(option, getattr(getattr(policy, "w", None), option, None))
    return Dim(
        raw.get("name", f"slot{slot}:{option}"), "policy", kind, bounds, old, option, slot=slot
    )


def _keep_sum(raw: Mapping[str, Any], dims: list[Dim]) -> tuple[str, ...]:
    names = raw.get("keep_sum")
    by_name = {d.name: d for d in dims}
    if set(raw) != {"keep_sum"} or not isinstance(names, list) or len(names) < 2:
        raise ConfigError(
            "tune file: [[constraint]] takes keep_sum = [two or more dimension names]"
        )
    for n in names:
        if n not in by_name:
            raise ConfigError(
                f"tune file: keep_sum names {n!r}, not a dimension{_near(str(n), by_name)}"
            )
        if by_name[n].domain != "int":
            raise ConfigError(f"tune file: keep_sum dimension {n!r} is not an integer")
    return tuple(names)
