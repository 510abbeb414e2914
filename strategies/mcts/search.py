"""Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012).

Each iteration determinizes the root for the acting seat, so the search only ever sees a
resample of what that seat cannot observe. Nodes are keyed by action sequence; an action that
is legal only in some determinizations is scored with UCB1 over its *availability* count (how
often it could have been chosen) instead of the parent's visits. Every node keeps a reward sum
per seat, so selection scores a child for whichever seat moves in the current determinization
(2-4 players, compound decisions and chance-dependent turn order all work unchanged).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from math import log, sqrt
from time import perf_counter
from typing import Any, Final

from simcore.core.rng import randbelow, shuffle
from strategies.mcts.config import NO_CAP, MctsConfig

MAX_ROLLOUT_STEPS: Final = 100_000
"""Safety cap for ``horizon=0`` rollouts; a game that runs longer is scored by the evaluator."""

Rewarder = Callable[[Any], list[float]]


class Node:
    """One tree node: visits, availability and the reward sum of every seat.

    ``rank`` (progressive widening only): the order in which actions are unpruned here, the
    prior policy's choice first, then the rest in random order.
    """

    __slots__ = ("avail", "children", "rank", "total", "visits")

    def __init__(self, n_players: int) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = [0.0] * n_players
        self.rank: dict[int, int] | None = None


class Stats:
    """Time split of an instrumented search (seconds per phase)."""

    __slots__ = ("determinize", "iterations", "rollout", "total")

    def __init__(self) -> None:
        self.determinize = 0.0
        self.rollout = 0.0
        self.total = 0.0
        self.iterations = 0

    @property
    def tree(self) -> float:
        """Everything except determinizations and rollouts (selection, expansion, backup)."""
        return self.total - self.determinize - self.rollout


def search(
    state: Any,
    rng: random.Random,
    config: MctsConfig,
    rollout_policy: Any = None,
    stats: Stats | None = None,
    prior_policy: Any = None,
    root: Node | None = None,
) -> Node:
    """Run the search from ``state`` for its current player; return the root node.

    ``root``: a subtree kept from the seat's previous search (tree reuse); the iterations are
    added to its statistics.
    """
    seat = state.current_player
    n = state.n_players
    root_actions = state.legal_actions()
    root = Node(n) if root is None else root
    rewarder = margin_rewards if config.reward == "margin" else win_rewards
    cap = config.iterations if config.iterations != NO_CAP else 1 << 62
    deadline = perf_counter() + config.time_ms / 1000.0 if config.time_ms else None
    c = config.c
    horizon = config.horizon or MAX_ROLLOUT_STEPS
    widen = config.widen
    start = perf_counter()
    done = 0
    while done < cap:
        if deadline is not None and done and perf_counter() >= deadline:
            break
        if stats is None:
            det = state.determinize(seat, rng)
            path = _descend(root, root_actions, det, rng, c, n, widen, prior_policy)
            reward = _rollout(det, rng, rollout_policy, horizon, rewarder)
        else:
            t0 = perf_counter()
            det = state.determinize(seat, rng)
            t1 = perf_counter()
            path = _descend(root, root_actions, det, rng, c, n, widen, prior_policy)
            t2 = perf_counter()
            reward = _rollout(det, rng, rollout_policy, horizon, rewarder)
            stats.determinize += t1 - t0
            stats.rollout += perf_counter() - t2
        _backup(path, reward, n)
        done += 1
    if stats is not None:
        stats.total += perf_counter() - start
        stats.iterations += done
    return root


def best_action(root: Node, seat: int, actions: list[int]) -> int:
    """Most visited root action; ties go to the higher mean reward, then to legal order."""
    best, key = actions[0], (-1, -1.0)
    for a in actions:
        child = root.children.get(a)
        if child is None:
            continue
        k = (child.visits, child.total[seat] / child.visits)
        if k > key:
            best, key = a, k
    return best


def _descend(
    root: Node,
    root_actions: list[int],
    det: Any,
    rng: random.Random,
    c: float,
    n: int,
    widen: float = 0.0,
    prior: Any = None,
) -> list[Node]:
    """Select with availability-UCB1 down the tree, expand one node; ``det`` follows along.

    With ``widen`` > 0 (progressive widening; Chaslot et al. 2008, Coulom 2007) a node visited
    ``v`` times considers only its first ``max(1, widen * sqrt(v))`` actions in rank order: the
    prior policy's choice (in the determinization that first reached the node) first, then the
    others in random order. Big compound-turn branchings (where to jump, which hex to fill) are
    then searched deep along the prior's line before they are searched wide.
    """
    node: Node | None = root
    path = [root]
    actions = root_actions  # the acting seat's legal actions are the same in every determinization
    while node is not None:
        player = det.current_player
        if player < 0:
            break
        if node is not root:
            actions = det.legal_actions()
        if widen:
            actions = _widened(node, actions, det, rng, widen, prior)
        node = _step(node, actions, player, c, n, det, path, None if widen else rng)
    return path


def _widened(
    node: Node, actions: list[int], det: Any, rng: random.Random, widen: float, prior: Any
) -> list[int]:
    """The actions progressive widening allows at ``node`` now, best-ranked first."""
    rank = node.rank
    if rank is None:
        first = prior.act(det, rng) if prior is not None and len(actions) > 1 else actions[0]
        rest = [a for a in actions if a != first]
        shuffle(rest, rng)
        rank = node.rank = {a: i for i, a in enumerate([first, *rest])}
    else:
        for a in actions:
            if a not in rank:
                rank[a] = len(rank)  # legal only in some determinizations: unpruned last
    allowed = max(1, int(widen * sqrt(node.visits)))
    return sorted(actions, key=rank.__getitem__)[:allowed]


def _step(
    node: Node,
    actions: list[int],
    player: int,
    c: float,
    n: int,
    det: Any,
    path: list[Node],
    rng: random.Random | None,
) -> Node | None:
    """One level of the descent: expand an untried action (then None) or follow UCB1.

    Untried actions come first (a random one with ``rng``, else the first in ``actions``
    order); availability is counted for every tried child that was legal here.
    """
    get = node.children.get
    untried: list[int] | None = None
    best_child: Node | None = None
    best_action = 0
    best_value = -1.0
    ln, root2 = log, sqrt  # locals: this loop is the tree's hot path
    for a in actions:
        child = get(a)
        if child is None:
            if untried is None:
                untried = [a]
            else:
                untried.append(a)
            continue
        child.avail = avail = child.avail + 1
        if untried is not None:
            continue  # expansion comes first; availability still has to be counted
        visits = child.visits
        value = child.total[player] / visits + c * root2(ln(avail) / visits)
        if value > best_value:
            best_value, best_child, best_action = value, child, a
    if untried is not None:
        a = (
            untried[randbelow(rng, len(untried))]
            if rng is not None and len(untried) > 1
            else untried[0]
        )
        child = Node(n)
        node.children[a] = child
        det.apply(a)
        path.append(child)
        return None
    det.apply(best_action)
    path.append(best_child)  # type: ignore[arg-type]
    return best_child


def _rollout(
    det: Any, rng: random.Random, policy: Any, horizon: int, rewarder: Rewarder
) -> list[float]:
    """Play on from ``det`` (random or ``policy``) up to ``horizon`` steps; return rewards."""
    steps = 0
    if policy is None:
        randrange = rng.randrange
        while det.current_player >= 0 and steps < horizon:
            actions = det.legal_actions()
            det.apply(actions[randrange(len(actions))])
            steps += 1
    else:
        while det.current_player >= 0 and steps < horizon:
            det.apply(policy.act(det, rng))
            steps += 1
    if det.current_player < 0:
        return rewarder(det)
    return heuristic_rewards(det)


def _backup(path: list[Node], reward: list[float], n: int) -> None:
    """Add the reward vector to every node on the path."""
    if n == 2:
        r0, r1 = reward
        for node in path:
            node.visits += 1
            total = node.total
            total[0] += r0
            total[1] += r1
        return
    for node in path:
        node.visits += 1
        total = node.total
        for i in range(n):
            total[i] += reward[i]


def win_rewards(state: Any) -> list[float]:
    """Win share of every seat (1/k to each of k tied winners)."""
    return state.returns()


def margin_rewards(state: Any) -> list[float]:
    """Normalised score margin: 0.5 + 0.5 * (own score - best other) / max |score|, in [0, 1]."""
    scores = state.scores()
    scale = max(abs(s) for s in scores)
    if scale == 0 or len(scores) < 2:
        return [0.5] * len(scores)
    out = []
    for i, s in enumerate(scores):
        best_other = max(o for j, o in enumerate(scores) if j != i)
        margin = max(-1.0, min(1.0, (s - best_other) / scale))
        out.append(0.5 + 0.5 * margin)
    return out


def heuristic_rewards(state: Any) -> list[float]:
    """Cut-off evaluation: ``heuristic_value`` of every seat, normalised to sum to 1."""
    n = state.n_players
    values = [max(0.0, float(state.heuristic_value(i))) for i in range(n)]
    total = sum(values)
    if total <= 0:
        return [1.0 / n] * n
    return [v / total for v in values]
