"""``python -m analyses.sweeps``: rewrite the generated sweep files (cards, wheel, variants)."""

from analyses.sweeps import write_card_sweeps, write_study_sweeps

if __name__ == "__main__":
    for path in [*write_card_sweeps(), *write_study_sweeps()]:
        print(path)
