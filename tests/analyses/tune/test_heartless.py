"""A RUNNING trial that never recorded a heartbeat (its process killed between Optuna's ask
and the first beat) is failed once its grace period is over, as a stale one is: another process
on the shared storage no longer waits for it forever."""

from __future__ import annotations

import time

import optuna

from analyses.tune import study as st


def test_a_trial_without_heartbeat_is_failed_after_the_grace_period(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path / 's.db'}"
    storage = optuna.storages.RDBStorage(url, heartbeat_interval=5, grace_period=20)
    study = optuna.create_study(study_name="s", storage=storage)
    dead = study.ask()  # killed before its first heartbeat
    live = study.ask()
    storage.record_heartbeat(live._trial_id)
    assert st.heartless(study) == []  # both younger than the grace period
    monkeypatch.setattr(st, "GRACE_SECONDS", 0)
    time.sleep(0.05)
    assert st.heartless(study) == [dead._trial_id]
    assert st.fail_dead(study, alone=False) == 1
    states = {t.number: t.state for t in study.get_trials(deepcopy=False)}
    assert states == {0: optuna.trial.TrialState.FAIL, 1: optuna.trial.TrialState.RUNNING}
