"""``python -m analyses.sweeps``: rewrite the generated card-value sweep files."""

from analyses.sweeps import write_card_sweeps

if __name__ == "__main__":
    for path in write_card_sweeps():
        print(path)
