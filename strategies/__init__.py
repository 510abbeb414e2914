"""Policies: the Policy protocol, spec strings, random play, restricted play."""

from strategies.base import Policy, parse_spec
from strategies.random_policy import RandomPolicy
from strategies.registry import describe_policies, make_policy, policy_names
from strategies.restricted import Restricted, RestrictedView

__all__ = [
    "Policy",
    "RandomPolicy",
    "Restricted",
    "RestrictedView",
    "describe_policies",
    "make_policy",
    "parse_spec",
    "policy_names",
]
